import ThemeKit

/// The shape every baseline measurement shares: fresh views, a system built over
/// them, timed trials, a check of the views, and a tear-down.
extension ScenarioContext {
    /// Builds a system over `objectCount` fresh views, times `step` over repeated trials
    /// (passing the trial number, counting from 1 with the warm-up), then runs `check`
    /// with the views, the system and the last trial number, and `tearDown`.
    /// - Returns: The median nanoseconds of one trial.
    func sampleBaseline<System>(
        objectCount: Int, policy: TrialPolicy? = nil, build: ([BenchView]) -> System,
        step: (System, Int) -> Void, check: ([BenchView], System, Int) -> Void = { _, _, _ in },
        tearDown: (System) -> Void = { _ in }
    ) -> Double {
        let views = makeViews(objectCount)
        let system = build(views)
        var turn = 0
        let sample = (policy ?? self.policy).sample {
            turn += 1
            let current = turn
            return MonotonicClock.time { step(system, current) }
        }
        check(views, system, turn)
        tearDown(system)
        withExtendedLifetime(views) {}
        return sample.medianNanoseconds
    }

    /// The median time to build a system over `objectCount` fresh views: its registration cost.
    func sampleConstruction<System>(
        objectCount: Int, bindings: Int, build: ([BenchView]) -> System, tearDown: (System) -> Void = { _ in }
    ) -> Double {
        rebuildPolicy(bindings: bindings).sample(warmup: 0) {
            let views = makeViews(objectCount)
            var system: System?
            let elapsed = MonotonicClock.time { system = build(views) }
            if let system { tearDown(system) }
            withExtendedLifetime(views) {}
            return elapsed
        }
        .medianNanoseconds
    }
}

/// The style of trial `turn` in scenarios that toggle it: dark, light, dark, …
func toggledStyle(_ turn: Int) -> ThemeStyle { turn % 2 == 1 ? .dark : .light }
