import Foundation
import Testing
import ThemeKitBenchmarkCore

/// Runs the benchmark's `--quick` mode in-process, so the harness cannot rot.
@Suite(.serialized) struct QuickRunTests {
    static let required = [
        "scenario", "size", "nsPerOp", "totalNs", "limitNsPerOp", "ratioToLimit", "baselines",
    ]
    static let scenarios = ["full", "fine", "subtree", "register", "churn", "observers", "batch"]

    private func quickReport() throws -> BenchmarkReport {
        var options = BenchmarkOptions()
        options.quick = true
        return try BenchmarkRunner.run(options)
    }

    @Test("a quick run covers every scenario, and its JSON has the issue's shape with finite positive figures")
    func quickRunProducesWellFormedJSON() throws {
        let report = try quickReport()
        #expect(report.problems.isEmpty, "self-checks failed: \(report.problems)")
        let data = try BenchmarkRunner.json(report)
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let array = try #require(file["rows"] as? [[String: Any]])
        #expect(array.count == report.results.count)
        // Every target's verdict is in the file, as in the table.
        let targets = try #require(file["targets"] as? [[String: Any]])
        #expect(targets.count == report.targets.count && !targets.isEmpty)
        for target in targets {
            #expect(target["passed"] is Bool && target["target"] is String && target["measured"] is String)
        }
        for scenario in Self.scenarios {
            #expect(
                array.contains { ($0["scenario"] as? String)?.contains(scenario) == true },
                "no row for \(scenario)")
        }
        for row in array {
            for key in Self.required { #expect(row[key] != nil, "row \(row["scenario"] ?? "?") lacks \(key)") }
            for key in ["nsPerOp", "totalNs", "limitNsPerOp", "ratioToLimit"] {
                let value = try #require(row[key] as? Double, "\(key) is not a number")
                #expect(value.isFinite && value > 0, "\(row["scenario"] ?? "?") \(key) = \(value)")
            }
            #expect((row["size"] as? Int ?? 0) > 0)
            let baselines = try #require(row["baselines"] as? [String: Double])
            #expect(!baselines.isEmpty)
            for (name, value) in baselines { #expect(value.isFinite && value > 0, "\(name) = \(value)") }
            // Heap deltas come from process-wide counters, and this test process runs other
            // suites concurrently, so only their form is checked here; the benchmark itself
            // runs alone.
            if let bytes = row["bytesPerBinding"] as? Double { #expect(bytes.isFinite) }
            #expect(row["build"] as? String == BenchmarkRunner.build)
        }
        let full = try #require(array.first { $0["scenario"] as? String == "full" })
        let fullBaselines = try #require(full["baselines"] as? [String: Double])
        #expect(fullBaselines["NotificationCenter"] != nil)
        // The rows of the path apps run, each against its own limit.
        for (scenario, limit) in [
            ("full-shared", "PlainLoopWeak"), ("full-setter", "PlainLoopWeakSetter"), ("full-keypath", "KeyPathLoop"),
            ("full-captures", "PlainLoopWeak"),
        ] {
            let row = try #require(array.first { $0["scenario"] as? String == scenario }, "no row \(scenario)")
            #expect(row["limitName"] as? String == limit)
        }
        for scenario in ["register-shared", "register-keypath"] {
            #expect(array.contains { $0["scenario"] as? String == scenario }, "no row \(scenario)")
        }
        #if canImport(Observation)
            #expect(fullBaselines["Observation"] != nil)
        #endif
        #expect(report.results.contains { $0.scenario.hasPrefix("register") && $0.bytesPerBinding != nil })
    }

    @Test("the table lists every row and a PASS or MISS line per target, and the plot is an SVG")
    func tableAndPlot() throws {
        let report = try quickReport()
        let table = BenchmarkRunner.table(report)
        #expect(!report.targets.isEmpty)
        for check in report.targets {
            #expect(table.contains("\(check.passed ? "PASS" : "MISS")  \(check.target)"))
        }
        // Every timed trial is tallied, kept or set aside; rows hold at least one kept trial.
        #expect(report.trialTally.kept >= report.results.count)
        #expect(report.results.allSatisfy { $0.trials >= 1 && ($0.setAsideTrials ?? -1) >= 0 })
        let tally = report.trialTally
        #expect(table.contains("Trials: \(tally.kept) behind the medians, \(tally.setAside) set aside"))
        let svg = BenchmarkRunner.plot(report.results)
        #expect(svg.hasPrefix("<svg") && svg.contains("polyline") && svg.hasSuffix("</svg>\n"))
    }

    @Test("a full run refuses a debug build; arguments parse")
    func refusesDebugFullRunAndParsesArguments() throws {
        if BenchmarkRunner.build == "debug" {
            #expect(throws: BenchmarkRunError.debugBuild) { try BenchmarkRunner.run(BenchmarkOptions()) }
        }
        let options = try BenchmarkOptions(arguments: ["--quick", "--json", "out.json", "--plot", "p.svg"])
        #expect(options.quick && options.jsonPath == "out.json" && options.plotPath == "p.svg")
        #expect(throws: BenchmarkUsageError.unknownArgument("--nope")) {
            try BenchmarkOptions(arguments: ["--nope"])
        }
        #expect(options.sizes.isEmpty && options.profileSize == 100_000)
        let sized = try BenchmarkOptions(arguments: ["--size", "2000", "--size", "500"])
        #expect(sized.sizes == [2_000, 500] && sized.profileSize == 500)
        #expect(throws: BenchmarkUsageError.missingValue("--size")) {
            try BenchmarkOptions(arguments: ["--size", "0"])
        }
    }
}
