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

/// The median of repeated trials, how many it took, and how many were set aside
/// because the core ran slow during them (see `CoreSpeed`).
struct Sample {
    var medianNanoseconds: Double
    var trials: Int
    var setAside = 0
}

/// How fast the core runs right now, from a probe timed around every trial.
///
/// On the shared 2-core machines this benchmark runs on, a core's speed changes by
/// 1.5–1.7× from one stretch of a few hundred milliseconds to the next (a fixed loop of
/// dependent additions takes 0.28 or 0.46 ns per step; the host's clock changes or a
/// neighbour shares the core). A measurement that straddles such a change mixes two
/// speeds, and rows measured a second apart compare different machines. The probe
/// (`tkb_core_probe_ns`, about a microsecond of arithmetic that touches no memory) tells
/// the two apart: a trial counts as slow when the probe before or after it took more
/// than `slowFactor` × the fastest probe of the process.
enum CoreSpeed {
    /// Probe times above this multiple of the fastest mark a slow core (the two speeds
    /// seen differ by 1.5–1.7×).
    static let slowFactor = 1.25

    /// Times the probe (and remembers the fastest).
    @inline(__always)
    static func probe() -> UInt64 { tkb_core_probe_ns() }

    /// The fastest probe so far.
    static var fastest: UInt64 { tkb_core_probe_fastest_ns() }

    /// Timed trials of the process so far: kept behind medians, and set aside.
    static var tally: (kept: Int, setAside: Int) { (Int(tkb_tallied_trials(0)), Int(tkb_tallied_trials(1))) }

    /// Whether a probe time marks a slow core, against the fastest so far.
    static func isSlow(_ probe: UInt64, fastest: UInt64 = CoreSpeed.fastest) -> Bool {
        Double(probe) > Double(fastest) * slowFactor
    }

    /// Waits, probing every 2 ms, until the core runs fast again or `milliseconds` pass,
    /// so a measurement starts on a fast core when the machine allows it.
    static func awaitFastCore(milliseconds: Int) {
        let end = MonotonicClock.now() + UInt64(milliseconds) * 1_000_000
        while isSlow(probe()) && MonotonicClock.now() < end { tkb_sleep_us(2_000) }
    }

    /// Probes now and then for at least `minimumMilliseconds`, and on until it has seen
    /// the core at both its speeds or `maximumMilliseconds` pass, so the fastest probe
    /// is the fast speed's before the first measurement even if the run starts on a slow
    /// core for longer than the minimum.
    static func calibrate(minimumMilliseconds: Int, maximumMilliseconds: Int) {
        let start = MonotonicClock.now()
        var fastestBurst = UInt64.max
        var slowestBurst: UInt64 = 0
        while true {
            // The fastest of a burst: an interrupt slows one probe, not eight.
            var burst = UInt64.max
            for _ in 0..<8 { burst = min(burst, probe()) }
            fastestBurst = min(fastestBurst, burst)
            slowestBurst = max(slowestBurst, burst)
            let elapsed = Int((MonotonicClock.now() - start) / 1_000_000)
            if calibrationIsComplete(
                elapsedMilliseconds: elapsed, fastestBurst: fastestBurst, slowestBurst: slowestBurst,
                minimumMilliseconds: minimumMilliseconds, maximumMilliseconds: maximumMilliseconds)
            {
                return
            }
            tkb_sleep_us(2_000)
        }
    }

    /// Whether calibration may stop: past the minimum once both speeds were seen (the
    /// slowest burst is slow against the fastest), and past the maximum regardless (a
    /// core that keeps one speed never shows two).
    static func calibrationIsComplete(
        elapsedMilliseconds: Int, fastestBurst: UInt64, slowestBurst: UInt64, minimumMilliseconds: Int,
        maximumMilliseconds: Int
    ) -> Bool {
        if elapsedMilliseconds >= maximumMilliseconds { return true }
        return elapsedMilliseconds >= minimumMilliseconds && isSlow(slowestBurst, fastest: fastestBurst)
    }
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
    ///
    /// A full measurement first waits up to a second for a fast core. Trials run while
    /// the core was slow (see `CoreSpeed`) are set aside: the median is over the others,
    /// and the measurement runs on (up to twice its trials and three times its budget)
    /// until `minimumTrials` of those are in. If the core stays slow throughout, the
    /// median is over every trial.
    func sample(warmup: Int = 1, _ trial: () -> UInt64) -> Sample {
        withoutActuallyEscaping(trial) { trial in sample(warmup: warmup, interleaving: [trial])[0] }
    }

    /// Samples several measurements in rounds, one trial of each per round, so that rows a
    /// target compares (the key-path spelling against the `set:` one) are measured over the
    /// same stretch of the run, not one after the other: a stretch in which the core runs slow
    /// then weighs on both (on these machines a few hundred milliseconds at a different speed
    /// moved one row of a pair by 1.3–1.5× in a whole run; RESULTS.md, session 26). The order
    /// alternates from round to round (A B, B A, …), so neither always runs after the other.
    /// Each gets the policy's trials and budget, as if sampled alone.
    /// - Returns: One sample per trial, in order.
    func sample(warmup: Int = 1, interleaving trials: [() -> UInt64]) -> [Sample] {
        precondition(!trials.isEmpty, "nothing to sample")
        let count = UInt64(trials.count)
        CoreSpeed.awaitFastCore(milliseconds: budgetNanoseconds >= 100_000_000 ? 1_000 : 0)
        for _ in 0..<warmup {
            for trial in trials { _ = trial() }
        }
        var times = Array(repeating: [(elapsed: UInt64, probe: UInt64)](), count: trials.count)
        var fastTrials = Array(repeating: 0, count: trials.count)
        var spent: UInt64 = 0
        var rounds = 0
        while rounds < minimumTrials || (spent < count * budgetNanoseconds && rounds < maximumTrials)
            || (fastTrials.min()! < minimumTrials && rounds < 2 * maximumTrials
                && spent < 3 * count * budgetNanoseconds)
        {
            let order = rounds % 2 == 0 ? Array(trials.indices) : trials.indices.reversed()
            for index in order {
                let before = CoreSpeed.probe()
                let elapsed = trials[index]()
                let probe = max(before, CoreSpeed.probe())
                times[index].append((elapsed, probe))
                if !CoreSpeed.isSlow(probe) { fastTrials[index] += 1 }
                spent += max(elapsed, 1)
            }
            rounds += 1
        }
        // Classified again against the fastest probe seen by the end.
        return times.map { times in
            let kept = Self.keptTrials(times, fastestProbe: CoreSpeed.fastest, minimum: minimumTrials)
            tkb_tally_trials(UInt64(kept.count), UInt64(times.count - kept.count))
            return Sample(medianNanoseconds: median(of: kept), trials: kept.count, setAside: times.count - kept.count)
        }
    }

    /// The times of the trials whose probe was at most `CoreSpeed.slowFactor` ×
    /// `fastestProbe` — or of every trial, when fewer than `minimum` (at least one) were.
    static func keptTrials(
        _ trials: [(elapsed: UInt64, probe: UInt64)], fastestProbe: UInt64, minimum: Int
    ) -> [UInt64] {
        let fast = trials.filter { !CoreSpeed.isSlow($0.probe, fastest: fastestProbe) }.map(\.elapsed)
        return fast.count >= max(1, minimum) ? fast : trials.map(\.elapsed)
    }
}

/// The median of `times` (not empty).
func median(of times: [UInt64]) -> Double {
    let sorted = times.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
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

    /// Bytes the heap holds for live allocations, or `nil` where unknown.
    static var heapBytes: Int64? {
        let bytes = tkb_heap_bytes_in_use()
        return bytes < 0 ? nil : bytes
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
