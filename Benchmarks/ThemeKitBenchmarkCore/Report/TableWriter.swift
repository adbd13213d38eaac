/// The plain-text table printed on stdout.
enum TableWriter {
    private static let columns: [(title: String, width: Int)] = [
        ("scenario", 17), ("size", 8), ("affected", 8), ("ns/op", 9), ("limit", 8), ("xLimit", 7), ("xWeak", 7),
        ("NC/TK", 7), ("Obs/TK", 7), ("JX/TK", 7), ("Sep/TK", 7), ("B/bind", 7), ("alloc/op", 9),
    ]

    /// The header lines of the table.
    static var header: String {
        let titles = columns.map { pad($0.title, $0.width) }.joined(separator: " ")
        return titles + "\n" + String(repeating: "-", count: titles.count)
    }

    /// A legend for the column names.
    static let legend = """
        ns/op: ThemeKit ns per binding refreshed or registered (median of trials); limit: the row's limit \
        (full-setter: the weak loop calling the same setters; full-keypath: the bare loop of the same \
        key-path writes; other full rows and churn: the weak plain loop; else the strong plain loop); \
        xLimit = ns/op / limit; xWeak = ns/op / weak plain loop; \
        NC/TK, Obs/TK, JX/TK, Sep/TK: how many times faster ThemeKit is than NotificationCenter, \
        Observation, JXTheme, ten separate ThemeKit changes; B/bind: heap bytes per binding; \
        alloc/op: allocations per binding in one operation.
        """

    /// One row.
    static func row(_ result: BenchmarkResult) -> String {
        let cells: [String] = [
            result.scenario, String(result.size), String(result.affected), number(result.nsPerOp),
            number(result.limitNsPerOp), ratio(result.ratioToLimit),
            ratio(result.baselines["PlainLoopWeak"].map { result.nsPerOp / $0 }),
            ratio(result.speedup(over: "NotificationCenter")), ratio(result.speedup(over: "Observation")),
            ratio(result.speedup(over: "JXTheme")), ratio(result.speedup(over: "ThemeKitSeparate")),
            result.bytesPerBinding.map(number) ?? "-", result.allocationsPerOp.map(number) ?? "-",
        ]
        return zip(cells, columns).map { pad($0, $1.width) }.joined(separator: " ")
    }

    /// The whole table with the targets after it.
    static func table(_ report: BenchmarkReport) -> String {
        var lines = [header]
        lines += report.results.map(row)
        lines.append("")
        lines.append(legend)
        lines.append("")
        let tally = report.trialTally
        lines.append(
            "Trials: \(tally.kept) behind the medians, \(tally.setAside) set aside because the core ran slow "
                + "(its probe above \(number(CoreSpeed.slowFactor))x the fastest, "
                + "\(report.fastestProbeNanoseconds.map { number($0 / 1000) } ?? "-") us).")
        lines.append("")
        lines.append("Targets (issues #21 and #4):")
        for check in report.targets {
            lines.append("  \(check.passed ? "PASS" : "MISS")  \(check.target): \(check.measured)")
            if let floor = check.floor { lines.append("        below the floor: \(floor)") }
        }
        if !report.problems.isEmpty {
            lines.append("")
            lines.append("Self-check failures:")
            lines += report.problems.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// What is printed (to stderr) as each row completes.
    static func progressLine(_ result: BenchmarkResult) -> String { row(result) }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// A figure with three significant digits.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "-" }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if magnitude >= 1000 { return String(Int(value.rounded())) }
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : magnitude >= 0.01 ? 3 : 5
        return fixed(value, decimals: decimals)
    }

    private static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "-" }
        return number(value) + "x"
    }

    /// `value` with `decimals` digits after the point, without Foundation.
    static func fixed(_ value: Double, decimals: Int) -> String {
        if decimals == 0 { return String(Int(value.rounded())) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        var fraction = String(scaled % Int(scale))
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        return (value < 0 ? "-" : "") + "\(whole).\(fraction)"
    }
}
