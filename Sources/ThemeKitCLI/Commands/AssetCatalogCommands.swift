import Foundation
import ThemeKitTokens

/// `themekit export-xcassets PACK -o Out.xcassets`: one colour set per colour, every appearance.
enum ExportXcassetsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "export-xcassets",
        summary: "Write a pack's colours as an Xcode asset catalog, with light, dark and high-contrast appearances.",
        positionals: [.init(name: "INPUT", help: "A theme pack (or DTCG tokens or resolver).")],
        options: [
            CommandSpec.Option(
                name: "output", short: "o", kind: .value(placeholder: "FOLDER.xcassets"),
                help: "The asset catalog to create or update. Colour sets with the pack's names are replaced; "
                    + "other files are left alone."),
            ProblemPolicy.strictOption, ProblemPolicy.lenientOption, ProblemPolicy.chooseOption,
        ],
        discussion: """
            Each colour becomes NAME.colorset/Contents.json exactly as Xcode writes it: sorted keys, " : ",
            components as three-decimal strings. A colour with a high-contrast value gets all four entries (any,
            dark, high contrast, dark + high contrast); a '/' in a name makes a namespace folder. Custom styles
            have no Xcode appearance and are reported as warnings (errors under --strict).
            """,
        examples: ["themekit export-xcassets Examples/Packs/ocean.json -o Ocean.xcassets"])

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(CommandError) {
        let policy = try ProblemPolicy.parse(arguments, command: spec.name)
        guard let output = arguments.value("output"), output != "-" else {
            throw .usage("missing '-o FOLDER.xcassets'", command: spec.name)
        }
        let input = arguments.positionals[0]
        try context.checkOutput(output, isNotAnyOf: [input], command: spec.name)
        try context.checkParentFolder(of: output)
        let pack = try context.loadPack(input, policy: policy).pack
        let url = context.url(for: output)
        // Check before writing, so --strict leaves the disk untouched when custom styles would be lost.
        let lost = pack.colors.filter { !$0.value.custom.keys.filter { $0 != .light && $0 != .dark }.isEmpty }
        if policy.warningsAreErrors, !lost.isEmpty {
            for name in lost.keys.sorted() {
                let styles = (lost[name]?.custom.keys.map(\.rawValue) ?? []).sorted().joined(separator: ", ")
                context.printError(
                    "\(input): error: colors.\(name).custom: custom styles (\(styles)) have no Xcode appearance")
            }
            throw .input("nothing was written: --strict does not allow dropping custom styles")
        }
        let warnings: [AssetCatalogWarning]
        do {
            warnings = try AssetCatalog.write(pack.colors, to: url)
        } catch {
            throw .input(error.description)
        }
        for warning in warnings { context.printError("\(output): warning: \(warning.description)") }
        context.print("Wrote \(output): \(IssueFormatting.count(pack.colors.count, "colour set"))")
    }
}

/// `themekit import-xcassets Some.xcassets`: a catalog's colour sets as a theme pack.
enum ImportXcassetsCommand: Subcommand {
    static let spec = CommandSpec(
        name: "import-xcassets",
        summary: "Read the colour sets of an Xcode asset catalog into a theme pack.",
        positionals: [.init(name: "CATALOG", help: "An .xcassets folder (or any folder holding .colorset folders).")],
        options: [
            CommandSpec.Option(
                name: "output", short: "o", kind: .value(placeholder: "FILE"),
                help: "Where to write the pack; standard output by default."),
            CommandSpec.Option(
                name: "id", kind: .value(placeholder: "ID"), help: "The pack id; made from the folder name by default."),
            CommandSpec.Option(
                name: "name", kind: .value(placeholder: "NAME"), help: "The pack name; the folder name by default."),
            ProblemPolicy.strictOption, ProblemPolicy.lenientOption, CommandContext.writeThroughOption,
        ],
        discussion: """
            Reads components written as decimals ("0.5", "1.000"), 0x bytes ("0x08") or integers ("255"); the srgb,
            extended-srgb, display-p3 (converted to sRGB) and gray-gamma-22 colour spaces; and the any, light, dark,
            high contrast and dark + high contrast appearances. Entries that have no fixed colour (system colour
            references, other idioms) are skipped with a warning. Colour sets in namespace folders are named
            Folder/Name.
            """,
        examples: ["themekit import-xcassets App/Assets.xcassets -o app-colors.json --id com.example.app"])

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(CommandError) {
        let policy = try ProblemPolicy.parse(arguments, command: spec.name)
        let input = arguments.positionals[0]
        var isDirectory: ObjCBool = false
        if input == "-"
            || FileManager.default.fileExists(atPath: context.url(for: input).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        {
            throw .input("\(input) is not a folder; import-xcassets reads an .xcassets folder")
        }
        var loader = policy.loader
        loader.id = arguments.value("id")
        loader.name = arguments.value("name")
        var pack = try context.loadPack(input, policy: policy, loader: loader).pack
        if let id = arguments.value("id") { pack.id = id }
        if let name = arguments.value("name") { pack.name = name }
        let output = arguments.value("output")
        try context.checkOutput(output, isNotAnyOf: [input], command: spec.name)
        let data = try context.checkedPackData(pack, output: output ?? "-")
        try context.emit(String(decoding: data, as: UTF8.self), to: output)
        if let output, output != "-" { context.print("Wrote \(output): \(PackSummary.counts(pack))") }
    }
}
