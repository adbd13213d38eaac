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

    @Test("the key-path spelling is checked against the set: spelling of the same properties, size by size")
    func keyPathSpellingAgainstSetterSpelling() throws {
        let checks = TargetEvaluator.evaluate([
            row("full-keypath", ns: 30), row("full-setter", ns: 27),
            row("full-keypath-stored", ns: 40), row("full", ns: 30),
        ])
        let computed = try check(checks, "full-keypath at most 1.2x full-setter")
        #expect(computed.passed)
        #expect(computed.measured.hasPrefix("worst 1.11x"))
        let stored = try check(checks, "full-keypath-stored at most 1.2x full")
        #expect(!stored.passed)
        #expect(stored.measured.hasPrefix("worst 1.33x"))
    }

    @Test("registration is checked against its time budget and one allocation per object")
    func registrationBudgets() throws {
        var closures = row("register", ns: 140)
        closures.allocationsPerOp = 0.25
        var keyPaths = row("register-keypath", ns: 210)
        keyPaths.allocationsPerOp = 0.5
        let checks = TargetEvaluator.evaluate([closures, keyPaths])
        #expect(try check(checks, "register: at most 150 ns").passed)
        #expect(try check(checks, "register: at most 1 allocation per object").passed)
        #expect(try !check(checks, "register-keypath: at most 200 ns").passed)
        let allocations = try check(checks, "register-keypath: at most 1 allocation per object")
        #expect(!allocations.passed)
        #expect(allocations.measured.hasPrefix("worst 2"))
    }
}
