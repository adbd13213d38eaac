import ThemeKitTokens

/// `themekit validate INPUT...`: every problem in every input, with its JSON path and reason.
enum ValidateCommand: Subcommand {
    static let spec = CommandSpec(
        name: "validate",
        summary: "Check theme packs, DTCG token files and resolver documents, listing every problem.",
        positionals: [
            .init(
                name: "INPUT",
                help:
                    "A theme pack, DTCG token file, DTCG resolver document or .xcassets folder; '-' reads standard input.",
                minimum: 1, maximum: nil)
        ],
        options: [
            ProblemPolicy.strictOption,
            CommandSpec.Option(
                name: "lenient", kind: .flag,
                help: "Report tokens left out or replaced as warnings, and exit 0 unless a problem no policy can "
                    + "repair remains (a missing id, malformed JSON, a file with no tokens)."),
            ProblemPolicy.chooseOption, OutputFormat.option,
        ],
        discussion: """
            Each problem is printed with its file, JSON path and reason. Exit status: 0 when every input is valid,
            with warnings only for what is ignored on purpose (unknown keys and $extensions, token types a pack has
            no place for, a colour defined in one appearance only); 1 when any input has an error: a token left out
            or replaced (broken alias, alias cycle, unparseable colour, type mismatch), a file that cannot be read or
            holds no tokens; 2 for a usage error. --lenient reports tokens left out or replaced as warnings;
            --strict makes every warning an error.
            """,
        examples: [
            "themekit validate Examples/Packs/*.json", "themekit validate --strict --format json tokens.resolver.json",
        ])

    /// The outcome for one input.
    struct FileResult {
        var path: String
        var kind: InputKind?
        var pack: ThemePack?
        var issues: [ThemePackIssue]
        var statistics: DTCGImportStatistics? = nil
        var errorCount: Int { issues.count { $0.severity == .error } }
        var warningCount: Int { issues.count { $0.severity == .warning } }
        var isValid: Bool { errorCount == 0 }
    }

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(CommandError) {
        var policy = try ProblemPolicy.parse(arguments, command: spec.name)
        policy.lossesAreErrors = !arguments.has("lenient") && !arguments.has("strict")
        try ArgumentParser.checkStandardInputOnce(arguments.positionals, command: spec.name)
        let loader = policy.loader
        var results: [FileResult] = []
        for path in arguments.positionals {
            var result: FileResult
            do {
                let loaded = try loader.load(path, context: context)
                result = FileResult(
                    path: path, kind: loaded.kind, pack: loaded.pack, issues: loaded.warnings,
                    statistics: loaded.statistics)
            } catch {
                result = FileResult(path: path, kind: error.kind, pack: nil, issues: error.issues)
            }
            if policy.warningsAreErrors { result.issues = result.issues.map(IssueFormatting.promoted) }
            if policy.lossesAreErrors {
                result.issues = result.issues.map {
                    IssueFormatting.losesToken($0) ? IssueFormatting.promotedLoss($0) : $0
                }
            }
            results.append(result)
        }
        switch OutputFormat.parse(arguments) {
        case .text: printText(results, context: &context)
        case .json: context.write(JSONWriter().string(from: json(results, policy: policy)))
        }
        if results.contains(where: { !$0.isValid }) { throw .input(nil) }
    }

    static func printText(_ results: [FileResult], context: inout CommandContext) {
        for result in results {
            for issue in result.issues { context.print(IssueFormatting.line(issue, file: result.path)) }
            let what = summary(result)
            if result.isValid {
                let warnings =
                    result.warningCount == 0 ? "" : " with \(IssueFormatting.count(result.warningCount, "warning"))"
                context.print("\(result.path): valid\(warnings) (\(what))")
            } else {
                var counts = [IssueFormatting.count(result.errorCount, "error")]
                if result.warningCount > 0 { counts.append(IssueFormatting.count(result.warningCount, "warning")) }
                context.print("\(result.path): invalid, \(counts.joined(separator: ", ")) (\(what))")
            }
        }
        if results.count > 1 {
            let invalid = results.count { !$0.isValid }
            let errors = results.reduce(0) { $0 + $1.errorCount }
            let warnings = results.reduce(0) { $0 + $1.warningCount }
            context.print(
                "\(IssueFormatting.count(results.count, "input")): \(results.count - invalid) valid, \(invalid) invalid; "
                    + "\(IssueFormatting.count(errors, "error")), \(IssueFormatting.count(warnings, "warning"))")
        }
    }

    /// `theme pack "Ocean": 8 colours, 5 text styles…`.
    static func summary(_ result: FileResult) -> String {
        guard let kind = result.kind else { return "not read" }
        guard let pack = result.pack else { return kind.displayName }
        return "\(kind.displayName) \(JSONWriter.quoted(pack.name)): "
            + PackSummary.counts(pack, statistics: result.statistics)
    }

    static func json(_ results: [FileResult], policy: ProblemPolicy) -> JSONNode {
        let files: [JSONNode] = results.map { result in
            var object: JSONObject = [
                "path": .string(result.path), "kind": result.kind.map { .string($0.rawValue) } ?? .null,
                "valid": .bool(result.isValid), "errorCount": .number(Double(result.errorCount)),
                "warningCount": .number(Double(result.warningCount)),
                "issues": .array(result.issues.map(IssueFormatting.json)),
            ]
            if let pack = result.pack { object["pack"] = PackSummary.json(pack) }
            if let statistics = result.statistics {
                object["tokensRead"] = .number(Double(statistics.tokenCount))
                object["notMapped"] = .object(
                    JSONObject(PackSummary.unmapped(statistics).map { ($0.type, .number(Double($0.count))) }))
            }
            return .object(object)
        }
        return .object([
            "policy": .string(policy.name), "valid": .bool(results.allSatisfy(\.isValid)),
            "errorCount": .number(Double(results.reduce(0) { $0 + $1.errorCount })),
            "warningCount": .number(Double(results.reduce(0) { $0 + $1.warningCount })), "files": .array(files),
        ])
    }
}

/// Short descriptions of what a pack holds.
enum PackSummary {
    /// `8 colours, 5 text styles, 4 radii, 5 spacing values, 1 custom style, 8 contrast pairs`.
    static func counts(_ pack: ThemePack) -> String {
        var parts = [IssueFormatting.count(pack.colors.count, "colour")]
        if !pack.typography.isEmpty { parts.append(IssueFormatting.count(pack.typography.count, "text style")) }
        if !pack.radii.isEmpty { parts.append("\(pack.radii.count) radi\(pack.radii.count == 1 ? "us" : "i")") }
        if !pack.spacing.isEmpty { parts.append(IssueFormatting.count(pack.spacing.count, "spacing value")) }
        if !pack.styles.isEmpty { parts.append(IssueFormatting.count(pack.styles.count, "custom style")) }
        if !pack.contrastPairs.isEmpty {
            parts.append(IssueFormatting.count(pack.contrastPairs.count, "contrast pair"))
        }
        return parts.joined(separator: ", ")
    }

    /// `1579 tokens read; 555 colours, 28 radii, 30 spacing values; not mapped: 673 dimensions, 86 font weights`
    /// for a design-token import, ``counts(_:)`` otherwise.
    static func counts(_ pack: ThemePack, statistics: DTCGImportStatistics?) -> String {
        guard let statistics else { return counts(pack) }
        var text = "\(IssueFormatting.count(statistics.tokenCount, "token")) read; " + counts(pack)
        if let unmapped = notMapped(statistics) { text += "; not mapped: " + unmapped }
        return text
    }

    /// `673 dimensions, 86 font weights`, most first; `nil` when everything was mapped.
    static func notMapped(_ statistics: DTCGImportStatistics) -> String? {
        let entries = unmapped(statistics)
        guard !entries.isEmpty else { return nil }
        return entries.map { "\($0.count) \(typeNoun($0.type, count: $0.count))" }.joined(separator: ", ")
    }

    /// The unmapped counts by type, most first, then by name.
    static func unmapped(_ statistics: DTCGImportStatistics) -> [(type: String, count: Int)] {
        statistics.unmappedByType.map { (type: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.type < $1.type }
    }

    /// A DTCG type as a plain-English noun: `dimension` → `dimensions`, `fontWeight` → `font weights`.
    static func typeNoun(_ type: String, count: Int) -> String {
        let nouns: [String: (String, String)] = [
            "color": ("colour", "colours"), "dimension": ("dimension", "dimensions"),
            "fontFamily": ("font family", "font families"), "fontWeight": ("font weight", "font weights"),
            "number": ("number", "numbers"), "typography": ("text style", "text styles"),
            "duration": ("duration", "durations"), "cubicBezier": ("cubic Bézier", "cubic Béziers"),
            "strokeStyle": ("stroke style", "stroke styles"), "border": ("border", "borders"),
            "transition": ("transition", "transitions"), "shadow": ("shadow", "shadows"),
            "gradient": ("gradient", "gradients"),
        ]
        if let noun = nouns[type] { return count == 1 ? noun.0 : noun.1 }
        return "\(JSONWriter.quoted(type)) token\(count == 1 ? "" : "s")"
    }

    static func json(_ pack: ThemePack) -> JSONNode {
        .object([
            "id": .string(pack.id), "name": .string(pack.name), "colors": .number(Double(pack.colors.count)),
            "typography": .number(Double(pack.typography.count)), "radii": .number(Double(pack.radii.count)),
            "spacing": .number(Double(pack.spacing.count)), "styles": .number(Double(pack.styles.count)),
            "contrastPairs": .number(Double(pack.contrastPairs.count)),
        ])
    }
}
