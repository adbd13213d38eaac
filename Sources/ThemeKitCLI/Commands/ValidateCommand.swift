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
        options: [ProblemPolicy.strictOption, ProblemPolicy.lenientOption, OutputFormat.option],
        discussion: """
            Each problem is printed with its file, JSON path and reason. Under the default lenient policy
            warnings (unknown keys, tokens left out) are printed and the exit status stays 0; errors make it 1.
            Under --strict every warning is an error.
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
        var errorCount: Int { issues.count { $0.severity == .error } }
        var warningCount: Int { issues.count { $0.severity == .warning } }
        var isValid: Bool { errorCount == 0 }
    }

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(CommandError) {
        let policy = try ProblemPolicy.parse(arguments, command: spec.name)
        let loader = InputLoader(policy: policy.decoding)
        var results: [FileResult] = []
        for path in arguments.positionals {
            var result: FileResult
            do {
                let loaded = try loader.load(path, context: context)
                result = FileResult(path: path, kind: loaded.kind, pack: loaded.pack, issues: loaded.warnings)
            } catch {
                result = FileResult(path: path, kind: error.kind, pack: nil, issues: error.issues)
            }
            if policy.warningsAreErrors { result.issues = result.issues.map(IssueFormatting.promoted) }
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
        return "\(kind.displayName) \(JSONWriter.quoted(pack.name)): " + PackSummary.counts(pack)
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
            return .object(object)
        }
        return .object([
            "policy": .string(policy.decoding.rawValue), "valid": .bool(results.allSatisfy(\.isValid)),
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

    static func json(_ pack: ThemePack) -> JSONNode {
        .object([
            "id": .string(pack.id), "name": .string(pack.name), "colors": .number(Double(pack.colors.count)),
            "typography": .number(Double(pack.typography.count)), "radii": .number(Double(pack.radii.count)),
            "spacing": .number(Double(pack.spacing.count)), "styles": .number(Double(pack.styles.count)),
            "contrastPairs": .number(Double(pack.contrastPairs.count)),
        ])
    }
}
