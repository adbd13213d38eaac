import Testing

@testable import ThemeKitBenchmarkCore

/// The set-aside rule for trials run while the core was slow.
@Suite struct TrialSelectionTests {
    @Test("trials whose probe ran over 1.25x the fastest are set aside")
    func slowTrialsAreSetAside() {
        let trials: [(elapsed: UInt64, probe: UInt64)] = [
            (100, 1_000), (160, 1_650), (101, 1_100), (99, 1_250), (170, 1_700), (102, 1_000),
        ]
        let kept = TrialPolicy.keptTrials(trials, fastestProbe: 1_000, minimum: 3)
        #expect(kept == [100, 101, 99, 102])
        #expect(median(of: kept) == 100.5)
    }

    @Test("when fewer than the minimum ran on a fast core, every trial counts")
    func tooFewFastTrialsKeepsAll() {
        let trials: [(elapsed: UInt64, probe: UInt64)] = [(150, 1_600), (100, 1_000), (155, 1_700)]
        #expect(TrialPolicy.keptTrials(trials, fastestProbe: 1_000, minimum: 2) == [150, 100, 155])
        #expect(TrialPolicy.keptTrials(trials, fastestProbe: 1_000, minimum: 1) == [100])
        #expect(TrialPolicy.keptTrials([(7, 5_000)], fastestProbe: 1_000, minimum: 0) == [7])
    }

    @Test("a sample reports its kept and set-aside trials, at least the minimum in all")
    func sampleCounts() {
        let policy = TrialPolicy(minimumTrials: 4, maximumTrials: 6, budgetNanoseconds: 1)
        var calls = 0
        let sample = policy.sample(warmup: 2) {
            calls += 1
            return 50
        }
        #expect(sample.medianNanoseconds == 50)
        #expect(sample.trials + sample.setAside == calls - 2)
        #expect(sample.trials >= 1)
        #expect(calls - 2 >= 4)
        #expect(CoreSpeed.fastest < UInt64.max, "the probe ran and was remembered")
    }

    @Test("interleaved trials run in rounds, alternating their order, each with its own median and counts")
    func interleavedRounds() {
        let policy = TrialPolicy(minimumTrials: 4, maximumTrials: 6, budgetNanoseconds: 1)
        var calls: [String] = []
        let samples = policy.sample(
            warmup: 1,
            interleaving: [
                {
                    calls.append("a")
                    return 30
                },
                {
                    calls.append("b")
                    return 70
                },
            ])
        #expect(samples.count == 2)
        #expect(samples[0].medianNanoseconds == 30)
        #expect(samples[1].medianNanoseconds == 70)
        // The warm-up round, then rounds of one trial each: a b, b a, a b, …
        #expect(Array(calls.prefix(8)) == ["a", "b", "a", "b", "b", "a", "a", "b"])
        let rounds = (calls.count - 2) / 2
        #expect(calls.count == 2 + 2 * rounds, "every round runs both")
        #expect(rounds >= 4, "at least the minimum")
        #expect(samples[0].trials + samples[0].setAside == rounds)
        #expect(samples[1].trials + samples[1].setAside == rounds)
    }

    @Test("the full switch samples every row it reports once, each key-path row with its set: row")
    func fullSwitchGroups() {
        let grouped = BindingStyle.switchedGroups.flatMap { $0 }
        #expect(grouped.count == BindingStyle.switched.count)
        #expect(Set(grouped) == Set(BindingStyle.switched))
        for (keyPath, setter) in [
            (BindingStyle.computedKeyPath, BindingStyle.computedSetter), (.keyPath, .closures),
            (.sharedKeyPath, .shared),
        ] {
            #expect(BindingStyle.switchedGroups.contains { $0.contains(keyPath) && $0.contains(setter) })
        }
    }

    @Test("calibration runs past its minimum until it has seen both speeds, and stops at its maximum")
    func calibrationStops() {
        func done(_ elapsed: Int, _ fastest: UInt64, _ slowest: UInt64) -> Bool {
            CoreSpeed.calibrationIsComplete(
                elapsedMilliseconds: elapsed, fastestBurst: fastest, slowestBurst: slowest,
                minimumMilliseconds: 300, maximumMilliseconds: 3_000)
        }
        #expect(!done(100, 1_000, 1_700), "before the minimum")
        #expect(done(300, 1_000, 1_700), "both speeds seen")
        #expect(!done(1_000, 1_700, 1_800), "one speed only (slow or fast, it cannot tell)")
        #expect(!done(2_999, 1_000, 1_200), "within 1.25x is one speed")
        #expect(done(3_000, 1_700, 1_700), "the maximum")
    }
}
