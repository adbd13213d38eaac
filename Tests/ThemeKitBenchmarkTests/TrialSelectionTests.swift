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
