import ThemeKitTokens

/// `themekit contrast PACK`: the WCAG ratio of each text/background pair in every appearance.
enum ContrastCommand: Subcommand {
    static let spec = CommandSpec(
        name: "contrast",
        summary: "Check the WCAG contrast of text/background pairs in every appearance.",
        positionals: [.init(name: "INPUT", help: "A theme pack (or DTCG tokens, resolver or .xcassets folder).")],
        options: [
            CommandSpec.Option(
                name: "pair", kind: .value(placeholder: "TEXT:BACKGROUND[:USAGE]"),
                help: "Check this pair instead of the pack's contrastPairs; USAGE is normalText (default), "
                    + "largeText or nonText. Repeatable.",
                repeatable: true),
            CommandSpec.Option(
                name: "level", kind: .value(placeholder: "AA|AAA"),
                help: "The level every pair must meet for exit status 0; AA by default. Non-text pairs have no "
                    + "AAA level and must meet AA.",
                choices: ["AA", "AAA", "aa", "aaa"]),
            OutputFormat.option, ProblemPolicy.strictOption, ProblemPolicy.lenientOption, ProblemPolicy.chooseOption,
        ],
        discussion: """
            Appearances: light, dark, high-contrast light, high-contrast dark, and each custom style at both
            contrast levels. A translucent text colour is composited over its background, and a translucent
            background over white (light styles) or black (dark styles). Ratios are truncated to two decimals
            for display and compared unrounded. Exit status 1 when any pair misses the required level.
            """,
        examples: [
            "themekit contrast Examples/Packs/ocean.json",
            "themekit contrast ocean.json --pair textSecondary:surface --pair accent:background:largeText --level AAA",
        ])

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(CommandError) {
        let policy = try ProblemPolicy.parse(arguments, command: spec.name)
        let level: WCAGLevel = arguments.value("level")?.uppercased() == "AAA" ? .aaa : .aa
        let pairs = try arguments.all("pair").map { (text) throws(CommandError) in try parsePair(text) }
        let path = arguments.positionals[0]
        var pack = try context.loadPack(path, policy: policy).pack
        if !pairs.isEmpty {
            let missing = pairs.flatMap { [$0.text, $0.background] }.filter { pack.colors[$0] == nil }
            if !missing.isEmpty {
                let names = Array(Set(missing)).sorted().map { JSONWriter.quoted($0) }.joined(separator: ", ")
                throw .input("\(path) has no colour named \(names); it has \(colorList(pack))")
            }
            pack.contrastPairs = pairs
        }
        guard !pack.contrastPairs.isEmpty else {
            throw .input("\(path) declares no contrastPairs; name pairs to check with --pair TEXT:BACKGROUND")
        }
        try ReportLimits.check(
            pack.contrastPairs.count, "contrast pairs", appearances: pack.appearances.count, input: path)
        let report = ContrastReport(pack: pack, level: level)
        switch OutputFormat.parse(arguments) {
        case .text: printText(report, path: path, context: &context)
        case .json: context.write(JSONWriter().string(from: json(report)))
        }
        if !report.failures.isEmpty { throw .input(nil) }
    }

    /// `text:background[:usage]`.
    static func parsePair(_ text: String) throws(CommandError) -> ContrastPair {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 || parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw .usage(
                "'\(text)' is not a pair; expected TEXT:BACKGROUND or TEXT:BACKGROUND:USAGE", command: spec.name)
        }
        guard parts.count == 3 else { return ContrastPair(text: parts[0], background: parts[1]) }
        let usages: [String: ContrastPair.Usage] = [
            "normalText": .normalText, "normal": .normalText, "largeText": .largeText, "large": .largeText,
            "nonText": .nonText, "non-text": .nonText,
        ]
        guard let usage = usages[parts[2]] else {
            throw .usage("'\(parts[2])' is not a usage; expected normalText, largeText or nonText", command: spec.name)
        }
        return ContrastPair(text: parts[0], background: parts[1], usage: usage)
    }

    static func colorList(_ pack: ThemePack) -> String {
        let names = pack.colors.keys.sorted()
        if names.isEmpty { return "no colours" }
        let shown = names.prefix(12).joined(separator: ", ")
        return names.count > 12 ? "\(shown), … (\(names.count) colours)" : shown
    }

    static func printText(_ report: ContrastReport, path: String, context: inout CommandContext) {
        let pack = report.pack
        context.print(
            "Contrast of \(pack.name) (\(pack.id)): \(IssueFormatting.count(pack.contrastPairs.count, "pair")) in "
                + "\(report.sections.count) appearances, required level \(report.level); measured in sRGB "
                + "(WCAG 2 relative luminance, colours as the pack holds them)")
        // Every appearance's table has the same columns, so they share their widths.
        let widths = [
            max(4, pack.contrastPairs.map(\.text.count).max() ?? 0),
            max(10, pack.contrastPairs.map(\.background.count).max() ?? 0), 11, 7, 4,
        ]
        for section in report.sections {
            context.print()
            context.print(section.appearance.description)
            var table = TextTable(minimumWidths: widths)
            table.append(["text", "background", "usage", "ratio", "AA", "AAA"])
            for row in section.rows {
                // Upper case marks the verdicts that decide the exit status.
                let aaa = row.passesAAA.map { $0 ? "pass" : (report.level == .aaa ? "FAIL" : "fail") } ?? "—"
                table.append([
                    row.check.pair.text, row.check.pair.background, ContrastReport.usageName(row.check.pair.usage),
                    ContrastReport.ratioText(row.ratio), row.passesAA ? "pass" : "FAIL",
                    aaa,
                ])
            }
            for line in table.lines { context.print(line) }
        }
        context.print()
        let rows = report.rows
        let passAA = rows.count { $0.passesAA }
        let passAAA = rows.count { $0.passesAAA == true }
        let withAAA = rows.count { $0.passesAAA != nil }
        context.print(
            "\(IssueFormatting.count(rows.count, "check")): \(passAA) pass AA, \(passAAA) of \(withAAA) pass AAA.")
        let failures = report.failures
        if failures.isEmpty {
            context.print("Every pair meets \(report.level) in every appearance.")
        } else {
            context.print("\(IssueFormatting.count(failures.count, "check")) below \(report.level):")
            for failure in failures {
                let pair = failure.row.check.pair
                let minimum =
                    report.level == .aaa ? (failure.row.aaaMinimum ?? pair.usage.minimumRatio) : pair.usage.minimumRatio
                context.print(
                    "  \(failure.appearance): \(pair.text) on \(pair.background) is \(ContrastReport.ratioText(failure.row.ratio)), "
                        + "needs \(JSONWriter.format(minimum)):1 for \(ContrastReport.usageName(pair.usage))")
            }
        }
    }

    static func json(_ report: ContrastReport) -> JSONNode {
        let appearances: [JSONNode] = report.sections.map { section in
            .object([
                "appearance": .string(section.appearance.description),
                "style": .string(section.appearance.style.rawValue),
                "contrast": .string(section.appearance.contrast.rawValue),
                "checks": .array(
                    section.rows.map { row in
                        let pair = row.check.pair
                        return .object([
                            "text": .string(pair.text), "background": .string(pair.background),
                            "usage": .string(pair.usage.rawValue),
                            "ratio": .number(row.ratio),
                            "aa": .object(["minimum": .number(pair.usage.minimumRatio), "passes": .bool(row.passesAA)]),
                            "aaa": row.aaaMinimum.map {
                                .object(["minimum": .number($0), "passes": .bool(row.passesAAA == true)])
                            } ?? .null,
                            "passesRequiredLevel": .bool(row.passes(report.level)),
                        ])
                    }),
            ])
        }
        return .object([
            "pack": .object(["id": .string(report.pack.id), "name": .string(report.pack.name)]),
            "requiredLevel": .string(report.level.rawValue), "colorSpace": "srgb",
            "passes": .bool(report.failures.isEmpty),
            "failureCount": .number(Double(report.failures.count)), "appearances": .array(appearances),
        ])
    }
}
