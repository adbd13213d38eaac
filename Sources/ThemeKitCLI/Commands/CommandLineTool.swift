/// A subcommand: its specification and what it does with parsed arguments.
protocol Subcommand {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(CommandError)
}

/// A subcommand in the table the dispatcher searches.
struct SubcommandEntry {
    var spec: CommandSpec
    var run: (ParsedArguments, inout CommandContext) throws(CommandError) -> Void

    init<Command: Subcommand>(_ command: Command.Type) {
        spec = command.spec
        run = { (arguments, context) throws(CommandError) in try command.run(arguments, context: &context) }
    }
}

/// Chooses the subcommand, parses its arguments, and turns every outcome into an exit status.
enum CommandLineTool {
    static var subcommands: [SubcommandEntry] {
        [
            SubcommandEntry(ValidateCommand.self), SubcommandEntry(ContrastCommand.self),
            SubcommandEntry(ConvertCommand.self), SubcommandEntry(ExportXcassetsCommand.self),
            SubcommandEntry(ImportXcassetsCommand.self), SubcommandEntry(ExportSwiftCommand.self),
            SubcommandEntry(PreviewCommand.self), SubcommandEntry(DiffCommand.self),
        ]
    }

    static func run(_ arguments: [String], context: inout CommandContext) -> ThemeKitCommand.ExitStatus {
        guard let first = arguments.first else {
            context.errors += overview
            return .usageError
        }
        switch first {
        case "-h", "--help":
            context.write(overview)
            return .success
        case "--version":
            context.print(ThemeKitCommand.version)
            return .success
        case "help":
            guard arguments.count > 1 else {
                context.write(overview)
                return .success
            }
            guard let command = subcommand(named: arguments[1]) else {
                return usageError(unknownSubcommand(arguments[1]), command: nil, context: &context)
            }
            context.write(command.spec.helpText)
            return .success
        default:
            break
        }
        var arguments = arguments
        // Options before the subcommand (`themekit --strict validate x`) are the subcommand's: move them after it.
        if first.hasPrefix("-"), first != "-", first != "--" {
            guard let index = arguments.firstIndex(where: { subcommand(named: $0) != nil }) else {
                return usageError(
                    "unknown option '\(first)'; options go after the subcommand, as in 'themekit validate \(first) FILE'",
                    command: nil, context: &context)
            }
            arguments = [arguments[index]] + arguments[..<index] + arguments[(index + 1)...]
        }
        guard let command = subcommand(named: arguments[0]) else {
            return usageError(unknownSubcommand(arguments[0]), command: nil, context: &context)
        }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.wantsHelp {
                context.write(command.spec.helpText)
                return .success
            }
            context.writesThrough = parsed.has(CommandContext.writeThroughOption.name)
            try command.run(parsed, &context)
            return .success
        } catch {
            switch error {
            case .usage(let message, let name):
                return usageError(message, command: name, context: &context)
            case .input(let message):
                if let message { context.printError("themekit \(command.spec.name): \(message)") }
                return .inputProblems
            }
        }
    }

    static func subcommand(named name: String) -> SubcommandEntry? {
        subcommands.first { $0.spec.name == name }
    }

    static func unknownSubcommand(_ name: String) -> String {
        let names = subcommands.map(\.spec.name)
        let hint = ArgumentParser.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
        return name.hasPrefix("-") ? "unknown option '\(name)'" : "unknown subcommand '\(name)'\(hint)"
    }

    /// One line naming the mistake, one pointing at the help; status 2.
    static func usageError(
        _ message: String, command: String?, context: inout CommandContext
    ) -> ThemeKitCommand.ExitStatus {
        let prefix = command.map { "themekit \($0)" } ?? "themekit"
        context.printError("\(prefix): \(message)")
        context.printError("Run '\(prefix) --help' for usage.")
        return .usageError
    }

    /// `themekit --help`.
    static var overview: String {
        var lines = [
            "OVERVIEW: Validate, convert, check and preview ThemeKit theme packs and W3C design tokens.", "",
            "USAGE: themekit <subcommand> [options] <arguments>", "", "SUBCOMMANDS:",
        ]
        for command in subcommands { lines.append(CommandSpec.row(command.spec.name, command.spec.summary)) }
        lines += [
            "", "OPTIONS:", CommandSpec.row("-h, --help", "Show this help."),
            CommandSpec.row("--version", "Show the version."), "",
            "Inputs may be theme packs, DTCG token files, DTCG resolver documents, Style Dictionary token files,",
            "Tokens Studio exports (a JSON file, or a folder with $metadata.json or $themes.json) or .xcassets",
            "folders; the kind is detected from the content, and '-' reads standard input.",
            "Exit status: 0 success, 1 problems in the input, 2 usage errors.",
            "Run 'themekit <subcommand> --help' for a subcommand's options.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
