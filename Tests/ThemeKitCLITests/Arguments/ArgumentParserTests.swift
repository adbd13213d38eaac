import Testing

@testable import ThemeKitCLI

@Suite struct ArgumentParserTests {
    let spec = CommandSpec(
        name: "demo", summary: "A test command.",
        positionals: [.init(name: "INPUT", help: "Inputs.", minimum: 1, maximum: 2)],
        options: [
            .init(name: "format", kind: .value(placeholder: "text|json"), help: "Format.", choices: ["text", "json"]),
            .init(name: "output", short: "o", kind: .value(placeholder: "FILE"), help: "Output."),
            .init(name: "strict", kind: .flag, help: "Strict."),
            .init(name: "pair", kind: .value(placeholder: "A:B"), help: "Pair.", repeatable: true),
        ])

    func usageMessage(_ arguments: [String]) -> String? {
        do {
            _ = try ArgumentParser.parse(arguments, spec: spec)
            return nil
        } catch {
            guard case .usage(let message, let command) = error else { return nil }
            #expect(command == "demo")
            return message
        }
    }

    @Test("long options take values after a space or an equals sign, short options after a space")
    func optionForms() throws {
        let parsed = try ArgumentParser.parse(
            ["a.json", "--format=json", "-o", "out.json", "--strict", "--pair", "x:y", "--pair=z:w"], spec: spec)
        #expect(parsed.value("format") == "json")
        #expect(parsed.value("output") == "out.json")
        #expect(parsed.has("strict"))
        #expect(parsed.all("pair") == ["x:y", "z:w"])
        #expect(parsed.positionals == ["a.json"])
    }

    @Test("after -- every argument is positional, and a lone - is positional too")
    func doubleDash() throws {
        let parsed = try ArgumentParser.parse(["--", "--strict", "-"], spec: spec)
        #expect(parsed.positionals == ["--strict", "-"])
        #expect(!parsed.has("strict"))
    }

    @Test("--help anywhere before -- asks for help without checking anything else")
    func helpWins() throws {
        #expect(try ArgumentParser.parse(["--bogus", "-h"], spec: spec).wantsHelp)
        #expect(try ArgumentParser.parse(["--help"], spec: spec).wantsHelp)
        #expect(try !ArgumentParser.parse(["--", "--help"], spec: spec).wantsHelp)
    }

    @Test("an unknown option is a usage error that suggests the nearest known one")
    func unknownOption() {
        #expect(usageMessage(["a", "--fromat", "json"]) == "unknown option '--fromat'; did you mean '--format'?")
        #expect(usageMessage(["a", "--zzzzzzzz"]) == "unknown option '--zzzzzzzz'")
        #expect(usageMessage(["a", "-x"]) == "unknown option '-x'")
    }

    @Test("missing values, bad choices, repeats and values on switches are usage errors")
    func optionMistakes() {
        #expect(usageMessage(["a", "--output"]) == "the option '--output' needs a value (FILE)")
        #expect(
            usageMessage(["a", "--format", "xml"])
                == "'xml' is not a valid value for '--format'; expected 'text' or 'json'")
        #expect(usageMessage(["a", "-o", "x", "--output", "y"]) == "the option '--output' is given more than once")
        #expect(usageMessage(["a", "--strict=yes"]) == "the option '--strict' does not take a value")
    }

    @Test("too few or too many positional arguments are usage errors")
    func positionalCounts() {
        #expect(usageMessage([]) == "missing INPUT")
        #expect(usageMessage(["a", "b", "c"]) == "unexpected argument 'c' (demo takes 2 arguments)")
    }

    @Test("help text lists the usage line, arguments, options with placeholders, and --help")
    func helpText() {
        let help = spec.helpText
        #expect(help.contains("USAGE: themekit demo [options] INPUT..."))
        #expect(help.contains("-o, --output FILE"))
        #expect(help.contains("--format text|json"))
        #expect(help.contains("-h, --help"))
    }

    @Test("edit distance counts insertions, deletions and substitutions")
    func editDistance() {
        #expect(ArgumentParser.editDistance("format", "fromat") == 2)
        #expect(ArgumentParser.editDistance("", "abc") == 3)
        #expect(ArgumentParser.editDistance("kitten", "sitting") == 3)
    }
}
