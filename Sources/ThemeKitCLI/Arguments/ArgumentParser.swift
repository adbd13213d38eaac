/// A subcommand's arguments after parsing: switches, option values and positionals.
struct ParsedArguments: Equatable {
    /// The long names of the switches given.
    var flags: Set<String> = []
    /// Option values by long name, in the order given.
    var values: [String: [String]] = [:]
    /// The positional arguments, in order.
    var positionals: [String] = []
    /// Whether `-h` or `--help` was given.
    var wantsHelp = false

    /// Whether a switch was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// The value of a non-repeatable option, or `nil`.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option.
    func all(_ name: String) -> [String] { values[name] ?? [] }
}

/// Parses a subcommand's arguments by hand against its ``CommandSpec``.
///
/// Accepted forms: `--name`, `--name value`, `--name=value`, `-n value`, `-n`, and `--` to end options
/// (everything after it is positional, as is a lone `-`). `-h`/`--help` anywhere before `--` asks for help,
/// and then nothing else is checked. Every mistake is a ``CommandError/usage(_:command:)`` naming it;
/// an unknown option is answered with the closest known one.
enum ArgumentParser {
    static func parse(_ arguments: [String], spec: CommandSpec) throws(CommandError) -> ParsedArguments {
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
            return ParsedArguments(wantsHelp: true)
        }
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        func fail(_ message: String) -> CommandError { .usage(message, command: spec.name) }

        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name: String
            var inlineValue: String?
            let option: CommandSpec.Option
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard let found = spec.options.first(where: { $0.name == name }) else {
                    throw fail("unknown option '--\(name)'" + suggestion(for: name, in: spec))
                }
                option = found
            } else {
                let letters = argument.dropFirst()
                guard letters.count == 1, let letter = letters.first,
                    let found = spec.options.first(where: { $0.short == letter })
                else {
                    throw fail("unknown option '\(argument)'" + suggestion(for: String(letters), in: spec))
                }
                option = found
                name = found.name
            }
            let seen = parsed.flags.contains(option.name) || parsed.values[option.name] != nil
            if seen, !option.repeatable {
                throw fail("the option '--\(option.name)' is given more than once")
            }
            switch option.kind {
            case .flag:
                if inlineValue != nil { throw fail("the option '--\(option.name)' does not take a value") }
                parsed.flags.insert(option.name)
            case .value(let placeholder):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw fail("the option '--\(option.name)' needs a value (\(placeholder))")
                    }
                    value = arguments[index]
                    index += 1
                }
                if !option.choices.isEmpty, !option.choices.contains(value) {
                    throw fail(
                        "'\(value)' is not a valid value for '--\(option.name)'; expected "
                            + list(option.choices, conjunction: "or"))
                }
                parsed.values[option.name, default: []].append(value)
            }
        }
        try checkPositionals(parsed.positionals, spec: spec)
        return parsed
    }

    private static func checkPositionals(_ positionals: [String], spec: CommandSpec) throws(CommandError) {
        let minimum = spec.positionals.reduce(0) { $0 + $1.minimum }
        let maximum = spec.positionals.reduce(0 as Int?) { total, positional in
            guard let total, let maximum = positional.maximum else { return nil }
            return total + maximum
        }
        if positionals.count < minimum {
            // The first positional whose share is not covered: `diff OLD NEW` given one path misses NEW.
            var covered = 0
            let missing = spec.positionals.first { positional in
                covered += positional.minimum
                return covered > positionals.count
            }
            throw .usage("missing \(missing?.name ?? "argument")", command: spec.name)
        }
        if let maximum, positionals.count > maximum {
            let extra = positionals[maximum]
            throw .usage(
                "unexpected argument '\(extra)' (\(spec.name) takes "
                    + (maximum == 1 ? "one \(spec.positionals.first?.name ?? "argument")" : "\(maximum) arguments")
                    + ")",
                command: spec.name)
        }
    }

    /// Refuses `-` (standard input) given more than once: the second read would find it empty.
    static func checkStandardInputOnce(_ paths: [String?], command: String) throws(CommandError) {
        if paths.filter({ $0 == "-" }).count > 1 {
            throw .usage("standard input ('-') can be read only once; give at most one '-'", command: command)
        }
    }

    /// `; did you mean '--format'?` when a known option is within two edits, else nothing.
    static func suggestion(for name: String, in spec: CommandSpec) -> String {
        let candidates = (spec.options + [CommandSpec.help]).map(\.name)
        guard let best = closest(to: name, in: candidates) else { return "" }
        return "; did you mean '--\(best)'?"
    }

    /// The candidate within two edits of `word` (or starting with it), nearest first.
    static func closest(to word: String, in candidates: [String]) -> String? {
        guard !word.isEmpty, word.count <= 64 else { return nil }
        let scored = candidates.map { ($0, editDistance(word, $0)) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 { return best.0 }
        return candidates.first { $0.hasPrefix(word) && word.count >= 2 }
    }

    /// The Levenshtein distance between two short strings.
    static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// `'a', 'b' or 'c'`.
    static func list(_ items: [String], conjunction: String) -> String {
        let quoted = items.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + (quoted.last ?? "")
    }
}
