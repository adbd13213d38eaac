import Foundation

/// Writes an SVG plot of ns per binding against size, both axes logarithmic: one
/// line per ThemeKit scenario, and the baselines of the full switch as dashed lines.
enum PlotWriter {
    private struct Series {
        var name: String
        var points: [(x: Double, y: Double)]
        var color: String
        var dashed: Bool
    }

    private static let palette = [
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f",
    ]

    /// The SVG document for `results`.
    static func svg(_ results: [BenchmarkResult], title: String) -> String {
        var series: [Series] = []
        var scenarios: [String] = []
        for result in results where !scenarios.contains(result.scenario) { scenarios.append(result.scenario) }
        for (index, scenario) in scenarios.enumerated() {
            let rows = results.filter { $0.scenario == scenario }.sorted { $0.size < $1.size }
            series.append(
                Series(
                    name: "ThemeKit \(scenario)", points: rows.map { (Double($0.size), $0.nsPerOp) },
                    color: palette[index % palette.count], dashed: false))
        }
        let full = results.filter { $0.scenario == "full" }.sorted { $0.size < $1.size }
        let baselineColors = [
            ("PlainLoop", "#000000"), ("PlainLoopWeak", "#555555"), ("PlainLoopWeakSetter", "#999999"),
            ("PlainLoopWeakShared", "#2e8b57"),
            ("KeyPathLoop", "#cc5500"), ("NotificationCenter", "#b8860b"), ("Observation", "#008b8b"),
            ("JXTheme", "#8b008b"),
        ]
        for (name, color) in baselineColors {
            let points = full.compactMap { row in row.baselines[name].map { (Double(row.size), $0) } }
            if !points.isEmpty {
                series.append(Series(name: "full: \(name)", points: points, color: color, dashed: true))
            }
        }
        series = series.map { item in
            var item = item
            item.points = item.points.filter { $0.x > 0 && $0.y > 0 && $0.y.isFinite }
            return item
        }
        .filter { !$0.points.isEmpty }

        let width = 960.0
        let height = 600.0
        let left = 70.0
        let right = 250.0
        let top = 40.0
        let bottom = 50.0
        let allX = series.flatMap { $0.points.map(\.x) }
        let allY = series.flatMap { $0.points.map(\.y) }
        let minX = floor(log10(allX.min() ?? 1))
        let maxX = max(ceil(log10(allX.max() ?? 10)), minX + 1)
        let minY = floor(log10(allY.min() ?? 1))
        let maxY = max(ceil(log10(allY.max() ?? 10)), minY + 1)
        func px(_ x: Double) -> Double { left + (log10(x) - minX) / (maxX - minX) * (width - left - right) }
        func py(_ y: Double) -> Double { top + (maxY - log10(y)) / (maxY - minY) * (height - top - bottom) }
        func f(_ value: Double) -> String { TableWriter.fixed(value, decimals: 1) }

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
            viewBox="0 0 \(Int(width)) \(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(f(left))" y="22" font-size="15">\(escape(title))</text>

            """
        let plotRight = width - right
        let plotBottom = height - bottom
        for decade in Int(minX)...Int(maxX) {
            let x = px(pow(10, Double(decade)))
            svg += "<line x1=\"\(f(x))\" y1=\"\(f(top))\" x2=\"\(f(x))\" y2=\"\(f(plotBottom))\" stroke=\"#ddd\"/>\n"
            svg += "<text x=\"\(f(x))\" y=\"\(f(plotBottom + 18))\" text-anchor=\"middle\">1e\(decade)</text>\n"
        }
        for decade in Int(minY)...Int(maxY) {
            let y = py(pow(10, Double(decade)))
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(y))\" x2=\"\(f(plotRight))\" y2=\"\(f(y))\" stroke=\"#ddd\"/>\n"
            svg += "<text x=\"\(f(left - 8))\" y=\"\(f(y + 4))\" text-anchor=\"end\">1e\(decade)</text>\n"
        }
        svg += """
            <rect x="\(f(left))" y="\(f(top))" width="\(f(plotRight - left))" height="\(f(plotBottom - top))" \
            fill="none" stroke="#333"/>
            <text x="\(f((left + plotRight) / 2))" y="\(f(height - 12))" text-anchor="middle">\
            size N (bindings, observers or subscribers)</text>
            <text x="18" y="\(f((top + plotBottom) / 2))" text-anchor="middle" \
            transform="rotate(-90 18 \(f((top + plotBottom) / 2)))">ns per binding (or per subscriber)</text>

            """
        for (index, item) in series.enumerated() {
            let path = item.points.sorted { $0.x < $1.x }.map { "\(f(px($0.x))),\(f(py($0.y)))" }
                .joined(separator: " ")
            let dash = item.dashed ? " stroke-dasharray=\"6 4\"" : ""
            svg += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(item.color)\" stroke-width=\"2\"\(dash)/>\n"
            for point in item.points {
                svg += "<circle cx=\"\(f(px(point.x)))\" cy=\"\(f(py(point.y)))\" r=\"3\" fill=\"\(item.color)\"/>\n"
            }
            let legendY = top + 10 + Double(index) * 18
            svg += "<line x1=\"\(f(plotRight + 15))\" y1=\"\(f(legendY))\" x2=\"\(f(plotRight + 40))\" "
            svg += "y2=\"\(f(legendY))\" stroke=\"\(item.color)\" stroke-width=\"2\"\(dash)/>\n"
            svg += "<text x=\"\(f(plotRight + 46))\" y=\"\(f(legendY + 4))\">\(escape(item.name))</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
