/// Checks the results against the targets of issue #4. A target is never loosened:
/// when a figure is missing (a scenario not run) the target is left out.
enum TargetEvaluator {
    static func evaluate(_ results: [BenchmarkResult]) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        func rows(_ scenario: String) -> [BenchmarkResult] {
            results.filter { $0.scenario == scenario }.sorted { $0.size < $1.size }
        }
        /// Rows from 10k bindings up (all rows in a quick run, which has no such sizes).
        func steady(_ scenario: String) -> [BenchmarkResult] {
            let all = rows(scenario)
            let large = all.filter { $0.size >= 10_000 }
            return large.isEmpty ? all : large
        }
        func at(_ row: BenchmarkResult) -> String { "N=\(row.size)" }
        let n = TableWriter.number

        for (scenario, label) in [
            ("full", "Full switch"), ("full-shared", "Full switch (ThemedProperty)"),
            ("full-captures", "Full switch (closures with captures)"),
        ] {
            checks += fullSwitchChecks(steady(scenario), label: label)
        }

        for (scenario, share) in [("fine", 1000.0), ("subtree-balanced", 50.0), ("subtree-deep", 50.0)] {
            guard let largest = rows(scenario).last, let reference = largest.referenceTotalNs else { continue }
            let fraction = largest.totalNs / reference
            checks.append(
                TargetCheck(
                    target: "\(scenario) at N=\(largest.size): the \(largest.affected)-binding change under "
                        + "1/\(Int(share)) of a full switch",
                    measured: "1/\(n(1 / fraction)) (\(n(largest.totalNs / 1000)) us vs "
                        + "\(n(reference / 1000)) us)",
                    passed: fraction < 1 / share))
        }

        for scenario in ["register", "register-batch", "register-shared", "register-shared-batch"] {
            let registration = steady(scenario)
            guard !registration.isEmpty else { continue }
            let slowest = registration.max { $0.nsPerOp < $1.nsPerOp }!
            checks.append(
                TargetCheck(
                    target: "\(scenario): under 150 ns per binding",
                    measured: "worst \(n(slowest.nsPerOp)) ns at \(at(slowest))", passed: slowest.nsPerOp < 150))
            let counted = registration.filter { $0.allocationsPerOp != nil }
            if let most = counted.max(by: { $0.allocationsPerOp! < $1.allocationsPerOp! }) {
                checks.append(
                    TargetCheck(
                        target: "\(scenario): under 2 allocations per binding",
                        measured: "worst \(n(most.allocationsPerOp!)) at \(at(most))",
                        passed: most.allocationsPerOp! < 2))
            }
            let measured = registration.filter { $0.bytesPerBinding != nil }
            if let largest = measured.max(by: { $0.bytesPerBinding! < $1.bytesPerBinding! }) {
                checks.append(
                    TargetCheck(
                        target: "\(scenario): under 150 bytes per binding (weak side tables included)",
                        measured: "worst \(n(largest.bytesPerBinding!)) B heap at \(at(largest))"
                            + (largest.rssBytesPerBinding.map { ", \(n($0)) B resident" } ?? ""),
                        passed: largest.bytesPerBinding! < 150))
            }
        }

        let bus = steady("observers-bus")
        if let slowest = bus.max(by: { $0.nsPerOp < $1.nsPerOp }) {
            checks.append(
                TargetCheck(
                    target: "Bus: a post under 20 ns per subscriber",
                    measured: "worst \(n(slowest.nsPerOp)) ns at \(at(slowest))", passed: slowest.nsPerOp < 20))
        }
        return checks
    }

    /// The full-switch targets for the rows of one binding style.
    private static func fullSwitchChecks(_ full: [BenchmarkResult], label: String) -> [TargetCheck] {
        var checks: [TargetCheck] = []
        guard !full.isEmpty else { return checks }
        func at(_ row: BenchmarkResult) -> String { "N=\(row.size)" }
        let n = TableWriter.number
        let weak = full.compactMap { row in row.baselines["PlainLoopWeak"].map { (row, row.nsPerOp / $0) } }
        if let worst = weak.max(by: { $0.1 < $1.1 }) {
            checks.append(
                TargetCheck(
                    target: "\(label) within 2x of the weak plain loop per binding",
                    measured: "worst \(n(worst.1))x at \(at(worst.0)) (\(n(worst.0.nsPerOp)) vs "
                        + "\(n(worst.0.baselines["PlainLoopWeak"]!)) ns)",
                    passed: worst.1 <= 2))
        }
        for (name, factor) in [("NotificationCenter", 3.0), ("Observation", 50.0)] {
            let speedups = full.compactMap { row in row.speedup(over: name).map { (row, $0) } }
            if let worst = speedups.min(by: { $0.1 < $1.1 }) {
                checks.append(
                    TargetCheck(
                        target: "\(label) >= \(Int(factor))x faster than \(name) per binding",
                        measured: "worst \(n(worst.1))x at \(at(worst.0)) (\(n(worst.0.nsPerOp)) vs "
                            + "\(n(worst.0.baselines[name]!)) ns)",
                        passed: worst.1 >= factor))
            }
        }
        let perBinding = full.map(\.nsPerOp)
        if let low = perBinding.min(), let high = perBinding.max(), full.count > 1 {
            checks.append(
                TargetCheck(
                    target: "\(label): cost per binding flat within 1.5x from \(full.first!.size) to "
                        + "\(full.last!.size)",
                    measured: "max/min \(n(high / low))x (\(perBinding.map(n).joined(separator: ", ")) ns)",
                    passed: high / low <= 1.5))
        }
        if let largest = full.last, let allocations = largest.allocationsPerOp {
            let total = allocations * Double(largest.size)
            checks.append(
                TargetCheck(
                    target: "\(label): a refresh allocates nothing per binding",
                    measured: "\(n(total)) allocations for one switch of \(largest.size) bindings "
                        + "(\(n(allocations)) per binding)",
                    passed: total < 64))
        }
        return checks
    }
}
