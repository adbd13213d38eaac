import ThemeKitTokens

/// `themekit diff A B`: tokens added, removed and changed.
enum DiffCommand: Subcommand {
    static let spec = CommandSpec(
        name: "diff",
        summary: "List the tokens added, removed and changed between two packs.",
        positionals: [
            .init(name: "OLD", help: "The earlier pack (or DTCG tokens, resolver or .xcassets folder)."),
            .init(name: "NEW", help: "The later one."),
        ],
        options: [
            OutputFormat.option,
            CommandSpec.Option(
                name: "exit-code", kind: .flag,
                help: "Exit with status 1 when the packs differ, as 'git diff --exit-code' does."),
            ProblemPolicy.strictOption, ProblemPolicy.lenientOption, ProblemPolicy.chooseOption,
        ],
        discussion: """
            Colours are compared per appearance (light, dark, highContrastLight, highContrastDark, custom.STYLE),
            text styles per field, radii, spacing and styles by value, contrast pairs as a set, and the pack's id,
            name and description. The inputs may be of different kinds, e.g. a pack and its DTCG export.
            """,
        examples: [
            "themekit diff Examples/Packs/ocean.json ocean-v2.json", "themekit diff a.json b.json --format json",
        ])

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(CommandError) {
        let policy = try ProblemPolicy.parse(arguments, command: spec.name)
        let oldPath = arguments.positionals[0]
        let newPath = arguments.positionals[1]
        try ArgumentParser.checkStandardInputOnce([oldPath, newPath], command: spec.name)
        // Load both before stopping, so the problems of both are printed.
        var failed = false
        var packs: [ThemePack] = []
        for path in [oldPath, newPath] {
            do {
                packs.append(try context.loadPack(path, policy: policy).pack)
            } catch {
                failed = true
            }
        }
        guard !failed, packs.count == 2 else { throw .input(nil) }
        let diff = PackDiff(from: packs[0], to: packs[1])
        switch OutputFormat.parse(arguments) {
        case .text: printText(diff, old: oldPath, new: newPath, context: &context)
        case .json: context.write(JSONWriter().string(from: json(diff)))
        }
        if arguments.has("exit-code"), !diff.isEmpty { throw .input(nil) }
    }

    static func printText(_ diff: PackDiff, old: String, new: String, context: inout CommandContext) {
        context.print("--- \(old)")
        context.print("+++ \(new)")
        guard !diff.isEmpty else {
            context.print("No differences.")
            return
        }
        // One aligned table per section: sign and path, then the value or the change.
        var table = TextTable()
        var section = ""
        func flush(_ context: inout CommandContext) {
            for line in table.lines { context.print(line) }
            table = TextTable()
        }
        for change in diff.changes {
            if change.section != section {
                flush(&context)
                section = change.section
                context.print("\(section):")
            }
            switch change.kind {
            case .added: table.append(["+ \(change.path)", change.new ?? ""])
            case .removed: table.append(["- \(change.path)", change.old ?? ""])
            case .changed:
                // Escaped one by one, so the arrow stays the only separator a reader sees.
                let old = change.old.map { TerminalText.escaped($0) } ?? "(none)"
                let new = change.new.map { TerminalText.escaped($0) } ?? "(none)"
                table.append(["~ \(change.path)", "\(old) → \(new)"])
            }
        }
        flush(&context)
        context.print(
            "\(diff.count(.added)) added, \(diff.count(.removed)) removed, \(diff.count(.changed)) changed")
    }

    static func json(_ diff: PackDiff) -> JSONNode {
        func entries(_ kind: PackDiff.Change.Kind) -> JSONNode {
            .array(
                diff.changes.filter { $0.kind == kind }.map { change in
                    var object: JSONObject = ["section": .string(change.section), "name": .string(change.name)]
                    if let field = change.field { object["field"] = .string(field) }
                    if let old = change.old { object["old"] = .string(old) }
                    if let new = change.new { object["new"] = .string(new) }
                    return .object(object)
                })
        }
        return .object([
            "identical": .bool(diff.isEmpty), "added": entries(.added), "removed": entries(.removed),
            "changed": entries(.changed),
        ])
    }
}
