/// What a subcommand accepts, used both to parse its arguments and to print its `--help`.
struct CommandSpec {
    /// An option such as `--format json`, `-o out.json` or `--strict`.
    struct Option {
        /// Whether an option takes a value.
        enum Kind: Equatable {
            /// A switch: present or not.
            case flag
            /// An option followed by a value; `placeholder` names it in help (`FILE`, `text|json`).
            case value(placeholder: String)
        }

        /// The long name without dashes (`format`), the key in ``ParsedArguments``.
        var name: String
        /// A one-letter alias (`o` for `-o`), if any.
        var short: Character?
        var kind: Kind
        var help: String
        /// The accepted values, checked while parsing; empty to accept anything.
        var choices: [String] = []
        /// Whether the option may be given more than once (`--pair a:b --pair c:d`).
        var repeatable = false

        var spelling: String {
            let long = "--\(name)"
            return short.map { "-\($0), \(long)" } ?? "    \(long)"
        }
    }

    /// A positional argument.
    struct Positional {
        var name: String
        var help: String
        /// At least this many.
        var minimum = 1
        /// At most this many; `nil` for no limit.
        var maximum: Int? = 1
    }

    var name: String
    var summary: String
    var positionals: [Positional]
    var options: [Option]
    /// Paragraphs printed after the options.
    var discussion: String = ""
    var examples: [String] = []

    /// `themekit NAME [options] ARG...`.
    var usageLine: String {
        var parts = ["themekit", name]
        if !options.isEmpty { parts.append("[options]") }
        for positional in positionals {
            var text = positional.name
            if positional.maximum == nil || (positional.maximum ?? 0) > 1 { text += "..." }
            parts.append(positional.minimum == 0 ? "[\(text)]" : text)
        }
        return parts.joined(separator: " ")
    }

    /// The full `--help` text.
    var helpText: String {
        var lines = ["OVERVIEW: \(summary)", "", "USAGE: \(usageLine)"]
        if !positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for positional in positionals { lines.append(Self.row(positional.name, positional.help)) }
        }
        lines += ["", "OPTIONS:"]
        for option in options + [Self.help] {
            var spelling = option.spelling
            if case .value(let placeholder) = option.kind { spelling += " \(placeholder)" }
            lines.append(Self.row(spelling, option.help))
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        if !examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            lines += examples.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let help = Option(name: "help", short: "h", kind: .flag, help: "Show this help.")

    /// `  name    help`, the help wrapped under a 28-column left side.
    static func row(_ left: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: 28)
        let head = "  " + left
        let wrapped = wrap(help, width: 92)
        var result = head.count < 27 ? head + String(repeating: " ", count: 28 - head.count) : head + "\n" + indent
        result += wrapped.joined(separator: "\n" + indent)
        return result
    }

    /// Splits text into lines of at most `width` characters at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
