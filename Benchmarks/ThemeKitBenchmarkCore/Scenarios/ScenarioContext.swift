import ThemeKit

/// Shared state of one run: the trial policy, the sizes, and the rows collected so far.
final class ScenarioContext {
    let options: BenchmarkOptions
    let policy: TrialPolicy
    /// `release` or `debug`.
    let build: String
    let log: (String) -> Void
    private(set) var results: [BenchmarkResult] = []
    private(set) var problems: [String] = []
    private var lastRecord = MonotonicClock.now()

    init(options: BenchmarkOptions, build: String, log: @escaping (String) -> Void) {
        self.options = options
        self.build = build
        self.log = log
        policy =
            options.quick
            ? TrialPolicy(minimumTrials: 3, maximumTrials: 5, budgetNanoseconds: 5_000_000)
            // Up to 301 trials: a 10k-binding switch takes 0.2 ms, and a median of 51 such
            // trials (10 ms of samples) moved by 1.5x from run to run on this kind of machine.
            : TrialPolicy(minimumTrials: 5, maximumTrials: 301, budgetNanoseconds: 150_000_000)
    }

    /// Binding counts for the binding scenarios.
    var bindingSizes: [Int] { sizes(quick: [1_000, 4_000], full: [10_000, 100_000, 1_000_000]) }

    /// Binding counts for the full switch (one smaller size, for the plot).
    var fullSwitchSizes: [Int] { sizes(quick: [1_000, 4_000], full: [1_000, 10_000, 100_000, 1_000_000]) }

    /// Observer and subscriber counts, up to the 100k.
    var observerSizes: [Int] { sizes(quick: [1_000], full: [1_000, 10_000, 100_000]) }

    /// The sizes of `--size` if any were given, else the quick or the full ones.
    private func sizes(quick: [Int], full: [Int]) -> [Int] {
        options.sizes.isEmpty ? (options.quick ? quick : full) : options.sizes
    }

    /// Levels of the deep tree.
    var deepLevels: Int { options.quick ? 1_000 : 10_000 }

    /// A policy for trials whose setup is rebuilt every time (registration) of
    /// `bindings` bindings: up to 25 trials where rebuilding is cheap (a median of 5
    /// on a 10k-binding registration, 2 ms a trial, moved by 1.5× from run to run on
    /// this kind of machine), down to 5 at a million.
    func rebuildPolicy(bindings: Int) -> TrialPolicy {
        policy.capped(at: options.quick ? 3 : max(5, min(25, 2_000_000 / max(bindings, 1))))
    }

    /// Records a failed self-check.
    func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
            let text = message()
            problems.append(text)
            log("SELF-CHECK FAILED: \(text)")
        }
    }

    /// Checks that `views` hold the colours of `roles` for `style` (first, middle, last),
    /// in their stored properties or (`computed`) their computed ones.
    func verify(
        _ views: [BenchView?], roles: Int, style: ThemeStyle, colors: ColorSet, computed: Bool = false,
        system: String
    ) {
        guard !views.isEmpty else { return }
        for index in Set([0, views.count / 2, views.count - 1]) {
            guard let view = views[index] else { continue }
            for role in 0..<roles {
                let expected = colors.color(role: role, style: style)
                let value = view.value(role: role, computed: computed)
                check(value == expected, "\(system): view \(index) role \(role) is \(value), expected \(expected)")
            }
        }
    }

    /// Samples `body`, passing it the other style each trial (light → dark → light …).
    func toggling(policy: TrialPolicy? = nil, _ body: (ThemeStyle) -> Void) -> Sample {
        withoutActuallyEscaping(body) { body in toggling(policy: policy, interleaving: [body])[0] }
    }

    /// Samples several bodies in rounds (`TrialPolicy.sample(warmup:interleaving:)`), passing
    /// each the other style on each of its trials.
    func toggling(policy: TrialPolicy? = nil, interleaving bodies: [(ThemeStyle) -> Void]) -> [Sample] {
        var styles = Array(repeating: ThemeStyle.light, count: bodies.count)
        let trials = bodies.indices.map { index in
            {
                styles[index] = styles[index].toggled
                let next = styles[index]
                return MonotonicClock.time { bodies[index](next) }
            }
        }
        return (policy ?? self.policy).sample(interleaving: trials)
    }

    /// Adds a row; every total is divided by `affected` to give a figure per binding.
    func record(
        _ scenario: String, size: Int, affected: Int, themeKit: Sample, limit: (name: String, total: Double),
        baselines: [String: Double], memory: MemoryUse? = nil, allocations: UInt64? = nil,
        steadyAllocations: UInt64? = nil, reference: Double? = nil, note: String
    ) {
        let per = Double(max(affected, 1))
        let nsPerOp = themeKit.medianNanoseconds / per
        let limitPerOp = limit.total / per
        var perOp: [String: Double] = [:]
        for (name, total) in baselines { perOp[name] = total / per }
        let allocationCount = memory?.allocations ?? allocations
        let result = BenchmarkResult(
            scenario: scenario, size: size, affected: affected, nsPerOp: nsPerOp,
            totalNs: themeKit.medianNanoseconds, limitNsPerOp: limitPerOp, limitName: limit.name,
            ratioToLimit: nsPerOp / max(limitPerOp, .leastNonzeroMagnitude), baselines: perOp,
            bytesPerBinding: memory?.heapBytes.map { Double($0) / per },
            rssBytesPerBinding: memory?.residentBytes.map { Double($0) / per },
            allocationsPerOp: allocationCount.map { Double($0) / per },
            steadyAllocationsPerOp: steadyAllocations.map { Double($0) / per }, referenceTotalNs: reference,
            trials: themeKit.trials, setAsideTrials: themeKit.setAside, build: build, note: note)
        results.append(result)
        let now = MonotonicClock.now()
        log(TableWriter.progressLine(result) + " (\(format(Double(now - lastRecord) / 1e9)) s)")
        lastRecord = now
    }
}

extension ThemeStyle {
    /// Light for dark, dark for anything else.
    var toggled: ThemeStyle { self == .dark ? .light : .dark }
}

/// Makes a theme over in-memory storage with `style` set (so later switches
/// persist and report exactly one change each).
func makeBenchTheme(style: ThemeStyle = .light) -> Theme {
    let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
    theme.style = style.toggled
    theme.style = style
    return theme
}
