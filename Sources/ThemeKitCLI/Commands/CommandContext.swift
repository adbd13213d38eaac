import Foundation
import ThemeKitTokens

/// The state of one run: where paths are relative to, and the text written so far.
struct CommandContext {
    let environment: CommandEnvironment
    /// Everything written to standard output.
    var output = ""
    /// Everything written to standard error.
    var errors = ""

    /// Shows the current phase on a terminal once the command has run for a second.
    let progress: ProgressReporter

    /// `--write-through`: outputs that are not regular files are written into rather than refused.
    var writesThrough = false

    init(environment: CommandEnvironment) {
        self.environment = environment
        self.progress = ProgressReporter(sink: environment.progress)
    }

    /// Appends a line to standard output, through ``TerminalText/safeLine(_:)``.
    ///
    /// Text lines may carry pack content (names, values, descriptions), so every line printed here has its
    /// control, ESC and bidi characters escaped and cannot start with a CI command (`::error::`). Formatters
    /// escape the pack content they embed first (so a newline inside a value shows as `\n` rather than
    /// splitting the line); this is the backstop. Output that is not lines of text (JSON, HTML, help, the
    /// colour swatches) goes through ``write(_:)``.
    mutating func print(_ line: String = "") {
        output += Self.safeLines(line)
        output += "\n"
    }

    /// Appends text to standard output as is.
    mutating func write(_ text: String) {
        output += text
    }

    /// Appends a line to standard error, through ``TerminalText/safeLine(_:)`` as ``print(_:)`` does.
    mutating func printError(_ line: String) {
        errors += Self.safeLines(line)
        errors += "\n"
    }

    /// Each line of `text` made safe on its own.
    static func safeLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(TerminalText.safeLine).joined(
            separator: "\n")
    }

    /// An argument path as a file URL; relative paths are resolved against the current directory.
    func url(for path: String) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        return environment.currentDirectory.appendingPathComponent(path).standardizedFileURL
    }
}

/// Why a command stopped.
enum CommandError: Error {
    /// The command line is wrong (exit status 2). The message is one line; the hint names the help to read.
    case usage(String, command: String?)
    /// The input has problems (exit status 1); the message has already been printed when `message` is `nil`.
    case input(String?)

    var status: ThemeKitCommand.ExitStatus {
        switch self {
        case .usage: .usageError
        case .input: .inputProblems
        }
    }
}
