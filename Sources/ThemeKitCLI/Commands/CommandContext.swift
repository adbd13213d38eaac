import Foundation

/// The state of one run: where paths are relative to, and the text written so far.
struct CommandContext {
    let environment: CommandEnvironment
    /// Everything written to standard output.
    var output = ""
    /// Everything written to standard error.
    var errors = ""

    /// Shows the current phase on a terminal once the command has run for a second.
    let progress: ProgressReporter

    init(environment: CommandEnvironment) {
        self.environment = environment
        self.progress = ProgressReporter(sink: environment.progress)
    }

    /// Appends a line to standard output.
    mutating func print(_ line: String = "") {
        output += line
        output += "\n"
    }

    /// Appends text to standard output as is.
    mutating func write(_ text: String) {
        output += text
    }

    /// Appends a line to standard error.
    mutating func printError(_ line: String) {
        errors += line
        errors += "\n"
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
