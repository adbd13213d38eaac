import Foundation

/// The `themekit` command-line tool as a function: arguments in, text and an exit status out.
///
/// The `themekit` executable is a thin `main.swift` over ``run(arguments:stdout:stderr:environment:)``,
/// so every subcommand can be tested in-process, with strings as the output streams:
///
/// ```swift
/// var out = "", err = ""
/// let status = ThemeKitCommand.run(arguments: ["validate", "ocean.json"], stdout: &out, stderr: &err)
/// // status == ThemeKitCommand.ExitStatus.success.rawValue
/// ```
///
/// Subcommands: `validate`, `contrast`, `convert`, `export-xcassets`, `import-xcassets`, `export-swift`,
/// `preview` and `diff`; see `Docs/CLI.md`. Each one prints its `--help`, and every run ends with one of
/// three statuses (``ExitStatus``). No input — arguments, file contents, folder layouts — makes it trap:
/// every failure becomes a message on `stderr` and status 1 or 2.
///
/// `run` is synchronous and keeps no state between calls; it reads and writes only the files its
/// arguments name. Calls from several threads are safe as long as they do not write the same files.
public enum ThemeKitCommand {
    /// The tool's version, printed by `themekit --version`.
    public static let version = "0.1.0"

    /// The three outcomes of a run, as process exit statuses.
    public enum ExitStatus: Int32, Sendable, CaseIterable {
        /// The command did what was asked and the input had no problems the policy rejects.
        case success = 0
        /// The input has problems: a file is missing or unreadable, a pack is invalid, a contrast pair fails.
        case inputProblems = 1
        /// The command line is wrong: an unknown subcommand or option, or a missing or malformed argument.
        case usageError = 2
    }

    /// Runs one command line.
    ///
    /// Output is written to the streams when the command finishes, standard error first; nothing is written anywhere else
    /// except the files the command is asked to create (`-o`, `--html`).
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name, e.g. `["contrast", "ocean.json", "--format", "json"]`.
    ///   - stdout: Receives the command's results.
    ///   - stderr: Receives warnings, errors and usage messages.
    ///   - environment: The working directory, environment variables and terminal state;
    ///     ``CommandEnvironment/current`` by default.
    /// - Returns: The exit status: 0 on success, 1 when the input has problems, 2 for usage errors.
    public static func run<Output: TextOutputStream, ErrorOutput: TextOutputStream>(
        arguments: [String], stdout: inout Output, stderr: inout ErrorOutput,
        environment: CommandEnvironment = .current
    ) -> Int32 {
        var context = CommandContext(environment: environment)
        let status = CommandLineTool.run(arguments, context: &context)
        context.progress.finish()
        // Warnings first, so they come before the result they qualify when both streams share a terminal.
        stderr.write(context.errors)
        stdout.write(context.output)
        return status.rawValue
    }
}

/// What a run of ``ThemeKitCommand`` may know about the process around it.
///
/// Tests build one by hand to run commands in a temporary folder, or to pretend standard output
/// is a terminal.
public struct CommandEnvironment: Sendable {
    /// The folder relative paths are resolved against.
    public var currentDirectory: URL
    /// The environment variables; `NO_COLOR` is the one the tool reads.
    public var variables: [String: String]
    /// Whether standard output is a terminal, which enables colour in `preview`.
    public var isStandardOutputTerminal: Bool
    /// Where progress lines go while a command runs for more than a second; `nil` shows none.
    ///
    /// ``current`` sets it only when standard error is a terminal (`isatty(2)`): it then rewrites one
    /// line of standard error in place, and an empty string erases that line. Tests set it to collect lines.
    public var progress: (@Sendable (String) -> Void)?

    /// Creates an environment.
    /// - Parameters:
    ///   - currentDirectory: The folder relative paths are resolved against.
    ///   - variables: The environment variables.
    ///   - isStandardOutputTerminal: Whether standard output is a terminal.
    public init(currentDirectory: URL, variables: [String: String] = [:], isStandardOutputTerminal: Bool = false) {
        self.currentDirectory = currentDirectory
        self.variables = variables
        self.isStandardOutputTerminal = isStandardOutputTerminal
    }

    /// The process's working directory and environment, whether file descriptor 1 is a terminal, and
    /// progress on standard error when file descriptor 2 is one.
    public static var current: CommandEnvironment {
        var environment = CommandEnvironment(
            currentDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
            variables: ProcessInfo.processInfo.environment,
            isStandardOutputTerminal: isatty(1) == 1)
        if isatty(2) == 1 { environment.progress = ProgressReporter.terminalSink }
        return environment
    }
}
