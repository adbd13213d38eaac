import Foundation
import ThemeKitTokens

/// `themekit convert INPUT --to pack|dtcg`: design tokens to a theme pack and back.
enum ConvertCommand: Subcommand {
    static let spec = CommandSpec(
        name: "convert",
        summary: "Convert DTCG design tokens to a theme pack and back.",
        positionals: [
            .init(
                name: "INPUT",
                help: "A theme pack, DTCG token file (the light one with --dark), DTCG resolver or .xcassets folder.")
        ],
        options: [
            CommandSpec.Option(
                name: "to", kind: .value(placeholder: "pack|dtcg|dtcg-resolver"),
                help: "The output format: a theme pack; one lossless DTCG file (ThemeKit-only values under "
                    + "$extensions.com.themekit); or plain DTCG files with a resolver, written into the -o folder.",
                choices: ["pack", "dtcg", "dtcg-resolver"]),
            CommandSpec.Option(
                name: "output", short: "o", kind: .value(placeholder: "PATH"),
                help: "Where to write; standard output by default (a folder for dtcg-resolver)."),
            CommandSpec.Option(
                name: "dark", kind: .value(placeholder: "FILE"),
                help: "A DTCG file with the dark values; INPUT then holds the light ones."),
            CommandSpec.Option(
                name: "high-contrast-light", kind: .value(placeholder: "FILE"),
                help: "A DTCG overlay for light at increased contrast, applied over INPUT."),
            CommandSpec.Option(
                name: "high-contrast-dark", kind: .value(placeholder: "FILE"),
                help: "A DTCG overlay for dark at increased contrast, applied over --dark."),
            CommandSpec.Option(name: "id", kind: .value(placeholder: "ID"), help: "The pack id to write."),
            CommandSpec.Option(name: "name", kind: .value(placeholder: "NAME"), help: "The pack name to write."),
            ProblemPolicy.strictOption, ProblemPolicy.lenientOption, ProblemPolicy.chooseOption,
            CommandContext.writeThroughOption,
        ],
        discussion: """
            Pack → DTCG → pack is lossless. DTCG → pack keeps colours (light, dark and high contrast), typography,
            and dimensions whose path names a radius or spacing; other token types are counted and left out.
            The pack written is always valid under --strict validation.
            """,
        examples: [
            "themekit convert Examples/Packs/ocean.json --to dtcg -o ocean.tokens.json",
            "themekit convert ocean.tokens.json --to pack",
            "themekit convert tokens.resolver.json --to pack -o pack.json",
            "themekit convert light.tokens.json --dark dark.tokens.json --high-contrast-light light-hc.tokens.json "
                + "--high-contrast-dark dark-hc.tokens.json --to pack",
        ])

    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(CommandError) {
        let policy = try ProblemPolicy.parse(arguments, command: spec.name)
        guard let target = arguments.value("to") else {
            throw .usage("missing '--to pack', '--to dtcg' or '--to dtcg-resolver'", command: spec.name)
        }
        let output = arguments.value("output")
        if target == "dtcg-resolver", output == nil || output == "-" {
            throw .usage("'--to dtcg-resolver' writes several files; name a folder with -o", command: spec.name)
        }
        let input = arguments.positionals[0]
        let inputs = [input] + ["dark", "high-contrast-light", "high-contrast-dark"].map { arguments.value($0) }
        try ArgumentParser.checkStandardInputOnce(inputs, command: spec.name)
        try context.checkOutput(output, isNotAnyOf: inputs, command: spec.name)
        var loader = policy.loader
        loader.id = arguments.value("id")
        loader.name = arguments.value("name")
        var pack: ThemePack
        var statistics: DTCGImportStatistics?
        if let dark = arguments.value("dark") {
            let loaded: LoadedInput
            do {
                loaded = try loader.loadAppearances(
                    light: input, dark: dark, highContrastLight: arguments.value("high-contrast-light"),
                    highContrastDark: arguments.value("high-contrast-dark"), context: context)
            } catch {
                for issue in error.issues { context.printError(IssueFormatting.line(issue, file: error.path)) }
                throw .input(nil)
            }
            try context.report(warnings: loaded.warnings, file: input, policy: policy)
            pack = loaded.pack
            statistics = loaded.statistics
        } else {
            if arguments.value("high-contrast-light") != nil || arguments.value("high-contrast-dark") != nil {
                throw .usage("the high-contrast overlays need '--dark FILE' too", command: spec.name)
            }
            let loaded = try context.loadPack(input, policy: policy, loader: loader)
            pack = loaded.pack
            statistics = loaded.statistics
        }
        if pack.colors.isEmpty, pack.typography.isEmpty, pack.radii.isEmpty, pack.spacing.isEmpty {
            throw .input("\(input) gave no tokens a theme pack can hold; nothing was written")
        }
        if let id = arguments.value("id") { pack.id = id }
        if let name = arguments.value("name") { pack.name = name }
        let destination = output ?? "-"
        switch target {
        case "pack":
            let data = try context.checkedPackData(pack, output: destination)
            try context.emit(String(decoding: data, as: UTF8.self), to: output)
        case "dtcg":
            let data = try exported(pack, input: input, context: &context) { (pack) throws(ThemePackError) in
                try DTCGExporter().data(for: pack)
            }
            try context.emit(String(decoding: data, as: UTF8.self), to: output)
        default:
            let files = try exported(pack, input: input, context: &context) { (pack) throws(ThemePackError) in
                try DTCGExporter().resolverBundle(for: pack)
            }
            try writeBundle(files, folder: destination, inputs: inputs, context: &context)
        }
        if let output, output != "-" {
            context.print("Wrote \(output): \(PackSummary.counts(pack, statistics: statistics))")
        } else if let statistics, let unmapped = PackSummary.notMapped(statistics) {
            context.printError("\(input): not mapped: \(unmapped)")
        }
    }

    static func exported<Result>(
        _ pack: ThemePack, input: String, context: inout CommandContext,
        _ body: (ThemePack) throws(ThemePackError) -> Result
    ) throws(CommandError) -> Result {
        do {
            return try body(pack)
        } catch {
            for issue in error.issues { context.printError(IssueFormatting.line(issue, file: input)) }
            throw .input("the pack cannot be written as DTCG; nothing was written")
        }
    }

    /// Writes a resolver bundle's files into `folder`, creating the folder itself if needed.
    ///
    /// Every file is checked before the first is written — a usable path, not a folder, not a symbolic link or
    /// special file without `--write-through`, not one of `inputs` — so a refusal leaves the folder as it was.
    /// Each file is then replaced atomically, one after another: only an I/O error between two of them (a full
    /// disk, a permission changed meanwhile) can leave some files new and the others old.
    /// - Throws: ``CommandError/usage(_:command:)`` when a file of the bundle is one of the inputs;
    ///   ``CommandError/input(_:)`` when the folder or a file cannot be written.
    static func writeBundle(
        _ files: [String: JSONNode], folder: String, inputs: [String?], context: inout CommandContext
    ) throws(CommandError) {
        let url = context.url(for: folder)
        // The folder itself may be new; the folders above it must exist, as for every other output.
        try context.checkParentFolder(of: folder)
        var isDirectory: ObjCBool = false
        let folderExists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        if folderExists, !isDirectory.boolValue {
            throw .input("cannot write the bundle into \(folder): it is a file, not a folder")
        }
        // Each file's path as the folder was given, so messages name it the way the command line did.
        let separator = folder.hasSuffix("/") ? "" : "/"
        let outputs = files.sorted { $0.key < $1.key }.map { name, value in
            (path: folder + separator + name, data: Data(JSONWriter().data(from: value)))
        }
        // A new folder holds nothing to refuse; an existing one is checked whole before anything is written.
        if folderExists {
            for (path, _) in outputs {
                try context.checkOutput(path, isNotAnyOf: inputs, command: spec.name)
                try context.checkWritable(path)
            }
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .input("cannot create the folder \(folder): \(error.localizedDescription)")
        }
        for (path, data) in outputs {
            try context.writeFile(data, to: path)
        }
    }
}
