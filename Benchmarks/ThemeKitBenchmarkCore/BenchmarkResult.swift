/// The figures of one scenario at one size, as printed in the table and written to JSON.
///
/// Times are medians of repeated trials, in nanoseconds, divided by the number of
/// bindings (or subscribers) the operation refreshed or registered.
public struct BenchmarkResult: Codable, Sendable, Equatable {
    /// The scenario: `full`, `fine`, `subtree-balanced`, `subtree-deep`, `register`,
    /// `register-batch`, `churn`, `observers`, `observers-bus` or `batch`.
    public var scenario: String
    /// Total bindings (or observers, or subscribers) in the system.
    public var size: Int
    /// The bindings (or observers) one operation refreshes or registers.
    public var affected: Int
    /// ThemeKit's nanoseconds per binding refreshed or registered.
    public var nsPerOp: Double
    /// ThemeKit's nanoseconds for one whole operation.
    public var totalNs: Double
    /// The physical limit's nanoseconds per binding on the same work (a plain loop of
    /// stored closures over strongly held objects; see `limitName`).
    public var limitNsPerOp: Double
    /// Which baseline is the limit of this row.
    public var limitName: String
    /// `nsPerOp / limitNsPerOp`.
    public var ratioToLimit: Double
    /// Each baseline's nanoseconds per binding on the same work, by name
    /// (`PlainLoop`, `PlainLoopWeak`, `NotificationCenter`, `Observation`, `JXTheme`, …).
    public var baselines: [String: Double]
    /// Heap bytes per binding left by a registration (weak side tables included).
    public var bytesPerBinding: Double?
    /// Resident-size growth per binding during a registration.
    public var rssBytesPerBinding: Double?
    /// Heap allocations per binding during one operation.
    public var allocationsPerOp: Double?
    /// Registration rows: heap allocations per binding when the same theme registers as many new
    /// objects again, after the first ones were released and pruned (its table then has room: the
    /// steady state of an app whose screens come and go); `nil` elsewhere and in files from before.
    public var steadyAllocationsPerOp: Double?
    /// For scoped changes (fine, subtree): the nanoseconds of a full switch of the same
    /// setup, so `totalNs / referenceTotalNs` is the share of a full switch it costs.
    public var referenceTotalNs: Double?
    /// Trials behind the median of ThemeKit's figure.
    public var trials: Int
    /// ThemeKit's trials set aside because the core ran slow during them (see
    /// Docs/Benchmarks.md, "Slow stretches of the core"); `nil` in files from before.
    public var setAsideTrials: Int?
    /// `release`, or `debug` when the benchmark was built without optimisation.
    public var build: String
    /// What was measured, in a sentence.
    public var note: String

    /// `baseline / nsPerOp`: how many times faster ThemeKit is than `name` (nil when not run).
    public func speedup(over name: String) -> Double? {
        baselines[name].map { $0 / nsPerOp }
    }
}

/// One target of issue #4 and whether this run meets it.
public struct TargetCheck: Codable, Sendable, Equatable {
    /// The target, as the issue states it.
    public var target: String
    /// What was measured, with the ratio or value that decides.
    public var measured: String
    /// Whether the target is met.
    public var passed: Bool
    /// For a missed target, the same target applied to the floor of the path apps run
    /// (the hand-written loop doing only what any implementation must do), when that
    /// floor misses it too: the target cannot be met without leaving the path.
    public var floor: String?

    /// A checked target; `floor` as above.
    public init(target: String, measured: String, passed: Bool, floor: String? = nil) {
        self.target = target
        self.measured = measured
        self.passed = passed
        self.floor = floor
    }
}

/// Everything one run produced.
public struct BenchmarkReport: Sendable {
    /// One row per scenario and size.
    public var results: [BenchmarkResult]
    /// The targets, checked against `results`.
    public var targets: [TargetCheck]
    /// The peak resident size of the process over the run, in bytes.
    public var peakResidentBytes: Int64?
    /// Self-check failures (a system that did not write the expected values).
    public var problems: [String]
    /// The run's wall-clock duration in seconds.
    public var seconds: Double
    /// Timed trials of every system, kept behind medians and set aside because the
    /// core ran slow during them.
    public var trialTally: (kept: Int, setAside: Int) = (0, 0)
    /// The fastest core probe of the run, in nanoseconds (`nil` if none ran).
    public var fastestProbeNanoseconds: Double?
}
