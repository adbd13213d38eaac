/// `themekit export-swift PACK -o Theme.swift`: the pack as typed, dynamic Swift values.
enum ExportSwiftCommand: Subcommand {
    static let spec = CommandSpec(
        name: "export-swift",
        summary: "Write a pack as Swift source: static ThemeExtension values whose colours stay dynamic.",
        positionals: [.init(name: "INPUT", help: "A theme pack (or DTCG tokens, resolver or .xcassets folder).")],
        options: [
            CommandSpec.Option(
                name: "output", short: "o", kind: .value(placeholder: "FILE.swift"),
                help: "Where to write; standard output by default."),
            CommandSpec.Option(
                name: "type-prefix", kind: .value(placeholder: "NAME"),
                help: "The prefix of the generated types (NAME, NAMEColors, NAMETypography, NAMEMetrics); "
                    + "the pack name in UpperCamelCase by default. Keywords, Type, Protocol, the module names Swift, "
                    + "ThemeKit and ThemeKitTokens, and ThemeKit's own type names are refused."),
            CommandSpec.Option(
                name: "access", kind: .value(placeholder: "public|package|internal"),
                help: "The access level of the generated declarations; public by default.",
                choices: ["public", "package", "internal"]),
            ProblemPolicy.strictOption, ProblemPolicy.lenientOption, ProblemPolicy.chooseOption,
            CommandContext.writeThroughOption,
        ],
        discussion: """
            The file imports ThemeKitTokens and declares, for a pack named Ocean: enum Ocean (Ocean.pack, the whole
            pack, and Ocean.Styles), struct OceanColors (a ColorSet per colour, resolved by style and contrast with
            color(_:for:contrast:)), struct OceanTypography and struct OceanMetrics. Each struct is a
            ThemeExtension whose fallback holds the pack's values. Token names become lowerCamelCase properties
            (color.background.brand → colorBackgroundBrand); byName keeps the original names.
            """,
        examples: ["themekit export-swift Examples/Packs/ocean.json -o Sources/App/OceanTheme.swift"])

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(CommandError) {
        let policy = try ProblemPolicy.parse(arguments, command: spec.name)
        if let prefix = arguments.value("type-prefix"), let problem = typePrefixProblem(prefix) {
            throw .usage("--type-prefix '\(prefix)': \(problem); choose another prefix", command: spec.name)
        }
        let input = arguments.positionals[0]
        try context.checkOutput(arguments.value("output"), isNotAnyOf: [input], command: spec.name)
        let pack = try context.loadPack(input, policy: policy).pack
        let generator = SwiftSourceGenerator(
            access: arguments.value("access") ?? "public",
            typePrefix: arguments.value("type-prefix") ?? SwiftSourceGenerator.defaultPrefix(for: pack),
            source: InputLoader.displayName(of: input))
        let output = arguments.value("output")
        try context.emit(generator.source(for: pack), to: output)
        if let output, output != "-" {
            context.print(
                "Wrote \(output): \(generator.typePrefix), \(generator.typePrefix)Colors, "
                    + "\(generator.typePrefix)Typography, \(generator.typePrefix)Metrics")
        }
    }

    /// Why `text` cannot be the prefix of the generated types, or `nil` when it can.
    ///
    /// Refused: anything but ASCII letters, digits and `_` not starting with a digit; Swift keywords; the names
    /// in ``SwiftSourceGenerator/unusableTypeNames`` (`Self`, `Type`, `Swift`…); and ThemeKit's own type names,
    /// which the generated type would shadow in the module it is compiled into.
    static func typePrefixProblem(_ text: String) -> String? {
        let valid = text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
        }
        guard let first = text.unicodeScalars.first, !("0"..."9").contains(first), text.count <= 128, valid else {
            return "it is not a type name; use at most 128 ASCII letters, digits and '_', not starting with a digit"
        }
        if let reason = SwiftSourceGenerator.unusableTypeNames[text] { return reason }
        if SwiftIdentifier.keywords.contains(text) { return "it is a Swift keyword" }
        if SwiftSourceGenerator.libraryTypeNames.contains(text) {
            return "ThemeKit declares a type of that name, which the generated type would shadow"
        }
        return nil
    }
}
