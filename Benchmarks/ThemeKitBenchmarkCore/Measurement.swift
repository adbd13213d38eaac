import BenchmarkSupport
import ThemeKit

/// How many trials a measurement runs: at least `minimumTrials`, then more until
/// `budgetNanoseconds` of measured time is spent or `maximumTrials` are done.
struct TrialPolicy: Sendable {
    var minimumTrials: Int
    var maximumTrials: Int
    var budgetNanoseconds: UInt64

    /// A policy with the same budget but at most `limit` trials (for slow setups).
    func capped(at limit: Int) -> TrialPolicy {
        TrialPolicy(
            minimumTrials: min(minimumTrials, limit), maximumTrials: min(maximumTrials, limit),
            budgetNanoseconds: budgetNanoseconds)
    }
}

/// The median of repeated trials, and how many ran.
struct Sample {
    var medianNanoseconds: Double
    var trials: Int
}

/// The process's monotonic clock.
enum MonotonicClock {
    @inline(__always)
    static func now() -> UInt64 { tkb_now_ns() }

    /// The nanoseconds `body` takes.
    @inline(__always)
    static func time(_ body: () -> Void) -> UInt64 {
        let start = now()
        body()
        return now() - start
    }
}

extension TrialPolicy {
    /// Runs `warmup` untimed trials, then trials until the policy is met, and returns
    /// the median. Each trial returns the nanoseconds it measured itself, so it may
    /// prepare and clean up outside its timed region.
    func sample(warmup: Int = 1, _ trial: () -> UInt64) -> Sample {
        for _ in 0..<warmup { _ = trial() }
        var times: [UInt64] = []
        var spent: UInt64 = 0
        while times.count < minimumTrials || (spent < budgetNanoseconds && times.count < maximumTrials) {
            let elapsed = trial()
            times.append(elapsed)
            spent += max(elapsed, 1)
        }
        times.sort()
        let middle = times.count / 2
        let median = times.count % 2 == 1 ? Double(times[middle]) : Double(times[middle - 1] + times[middle]) / 2
        return Sample(medianNanoseconds: median, trials: times.count)
    }
}

/// Counters the process keeps about itself: allocations, heap bytes, resident size.
enum ProcessCounters {
    /// Whether allocations can be counted in this process.
    static let countsAllocations: Bool = tkb_allocation_counting_available() != 0

    /// The allocations `body` makes, or `nil` when they cannot be counted.
    static func allocations(in body: () -> Void) -> UInt64? {
        guard countsAllocations else {
            body()
            return nil
        }
        let before = tkb_allocation_count()
        tkb_set_allocation_counting(1)
        body()
        tkb_set_allocation_counting(0)
        return tkb_allocation_count() - before
    }

    /// Bytes the heap holds for live allocations, or `nil` where unknown — with the
    /// page mappings ThemeKit makes for large tables on Linux, which the heap's own
    /// statistics do not see.
    static var heapBytes: Int64? {
        let bytes = tkb_heap_bytes_in_use()
        return bytes < 0 ? nil : bytes + Int64(RawStorage.mappedBytes)
    }

    /// The resident set size in bytes, or `nil` where unknown.
    static var residentBytes: Int64? { kilobytes("VmRSS").map { $0 * 1024 } }

    /// The peak resident set size in bytes, or `nil` where unknown.
    static var peakResidentBytes: Int64? { kilobytes("VmHWM").map { $0 * 1024 } }

    /// Returns freed heap memory to the system before a resident-size measurement.
    static func trimHeap() { tkb_trim_heap() }

    private static func kilobytes(_ field: String) -> Int64? {
        let value = field.withCString { tkb_status_kilobytes($0) }
        return value < 0 ? nil : value
    }
}

/// What one counted run of a registration used.
struct MemoryUse {
    var allocations: UInt64?
    var heapBytes: Int64?
    var residentBytes: Int64?
}

/// Runs `body` once, counting its allocations and the heap and resident bytes it leaves behind.
func measureMemory(_ body: () -> Void) -> MemoryUse {
    ProcessCounters.trimHeap()
    let heapBefore = ProcessCounters.heapBytes
    let residentBefore = ProcessCounters.residentBytes
    let allocations = ProcessCounters.allocations(in: body)
    let heapAfter = ProcessCounters.heapBytes
    let residentAfter = ProcessCounters.residentBytes
    return MemoryUse(
        allocations: allocations,
        heapBytes: heapBefore.flatMap { before in heapAfter.map { $0 - before } },
        residentBytes: residentBefore.flatMap { before in residentAfter.map { $0 - before } })
}
