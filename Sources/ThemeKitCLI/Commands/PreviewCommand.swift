import Foundation

/// `themekit preview PACK`: the palette in the terminal, or a review page with `--html`.
enum PreviewCommand: Subcommand {
    static let spec = CommandSpec(
        name: "preview",
        summary: "Show the palette in the terminal with 24-bit colour swatches, or write an HTML review page.",
        positionals: [.init(name: "INPUT", help: "A theme pack (or DTCG tokens, resolver or .xcassets folder).")],
        options: [
            CommandSpec.Option(
                name: "html", kind: .value(placeholder: "FILE.html"),
                help: "Write a self-contained page with swatches, names, hex values and the contrast table for "
                    + "every appearance, plus the text styles and metrics."),
            CommandSpec.Option(
                name: "color", kind: .value(placeholder: "auto|always|never"),
                help: "Colour swatches in the terminal: auto (the default) uses them when standard output is a "
                    + "terminal and NO_COLOR is not set.",
                choices: ["auto", "always", "never"]),
            ProblemPolicy.strictOption, ProblemPolicy.lenientOption, ProblemPolicy.chooseOption,
            CommandContext.writeThroughOption,
        ],
        discussion: """
            The terminal table has one row per colour and one column per appearance: light, dark, high-contrast
            light, high-contrast dark and each custom style. Without colour it prints the hex values only.
            """,
        examples: ["themekit preview Examples/Packs/ocean.json", "themekit preview ocean.json --html ocean.html"])

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(CommandError) {
        let policy = try ProblemPolicy.parse(arguments, command: spec.name)
        let input = arguments.positionals[0]
        let pack = try context.loadPack(input, policy: policy).pack
        try context.checkOutput(arguments.value("html"), isNotAnyOf: [input], command: spec.name)
        let appearances = pack.appearances.count
        if let html = arguments.value("html") {
            // The page shows every colour and every contrast pair in every appearance.
            try ReportLimits.check(
                pack.colors.count + pack.contrastPairs.count, "colours and contrast pairs", appearances: appearances,
                input: input)
            let page = HTMLPreview(source: InputLoader.displayName(of: input)).render(pack)
            try context.emit(page, to: html)
            if html != "-" {
                context.print(
                    "Wrote \(html): \(pack.appearances.count) appearances, \(IssueFormatting.count(pack.colors.count, "colour"))"
                )
            }
            return
        }
        let noColor = !(context.environment.variables["NO_COLOR"] ?? "").isEmpty
        let useColor: Bool
        switch arguments.value("color") ?? "auto" {
        case "always": useColor = true
        case "never": useColor = false
        default: useColor = context.environment.isStandardOutputTerminal && !noColor
        }
        try ReportLimits.check(pack.colors.count, "colours", appearances: appearances, input: input)
        context.write(TerminalPalette(useColor: useColor).render(pack))
    }
}
