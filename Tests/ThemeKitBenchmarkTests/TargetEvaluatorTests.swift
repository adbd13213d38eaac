import Testing

@testable import ThemeKitBenchmarkCore

/// The verdicts of the targets, and when a missed target is below the floor of the path apps run.
@Suite struct TargetEvaluatorTests {
    private func row(
        _ scenario: String, size: Int = 10_000, ns: Double, baselines: [String: Double] = [:]
    ) -> BenchmarkResult {
        BenchmarkResult(
            scenario: scenario, size: size, affected: size, nsPerOp: ns, totalNs: ns * Double(size),
            limitNsPerOp: 1, limitName: "PlainLoopWeak", ratioToLimit: ns, baselines: baselines, trials: 1,
            build: "release", note: "")
    }

    private func check(_ checks: [TargetCheck], _ prefix: String) throws -> TargetCheck {
        try #require(checks.first { $0.target.hasPrefix(prefix) }, "no target starting with \(prefix)")
    }

    @Test("a missed ratio target says so when the floor loop misses it too, and only then")
    func floorOfTheSharedRow() throws {
        let below = TargetEvaluator.evaluate([
            row(
                "full-shared", ns: 20,
                baselines: [
                    "PlainLoopWeak": 25, "PlainLoopWeakShared": 19, "NotificationCenter": 38, "Observation": 600,
                ])
        ])
        let weak = try check(below, "(a) Full switch, ThemedProperty at most")
        #expect(!weak.passed)
        #expect(weak.floor == "PlainLoopWeakShared is 0.760x PlainLoopWeak at N=10000 (19.0 ns); ThemeKit is 1.05x it")
        let center = try check(below, "(a) Full switch, ThemedProperty >= 3x faster than NotificationCenter")
        #expect(!center.passed)
        #expect(center.floor == "PlainLoopWeakShared is 19.0 ns at N=10000, 2.00x faster than NotificationCenter")
        let observation = try check(below, "(a) Full switch, ThemedProperty >= 20x faster than Observation")
        #expect(observation.passed)
        #expect(observation.floor == nil)

        // A floor that meets the target leaves a miss as ThemeKit's own.
        let own = TargetEvaluator.evaluate([
            row("full-shared", ns: 20, baselines: ["PlainLoopWeak": 25, "PlainLoopWeakShared": 10])
        ])
        let missed = try check(own, "(a) Full switch, ThemedProperty at most")
        #expect(!missed.passed)
        #expect(missed.floor == nil)
    }

    @Test("key-path registration is below the floor when one key-path write alone exceeds the budget")
    func floorOfKeyPathRegistration() throws {
        let slowWrite = TargetEvaluator.evaluate([
            row("register-keypath", ns: 400), row("full-keypath", ns: 300, baselines: ["KeyPathLoop": 280]),
        ])
        let registration = try check(slowWrite, "register-keypath:")
        #expect(!registration.passed)
        #expect(registration.floor == "one key-path write alone (KeyPathLoop) is 280 ns at N=10000")

        let fastWrite = TargetEvaluator.evaluate([
            row("register-keypath", ns: 400), row("full-keypath", ns: 300, baselines: ["KeyPathLoop": 120]),
        ])
        #expect(try check(fastWrite, "register-keypath:").floor == nil)
    }
}
