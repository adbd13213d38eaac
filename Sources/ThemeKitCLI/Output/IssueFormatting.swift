import ThemeKitTokens

/// How issues are printed: one line of text each, or JSON objects.
enum IssueFormatting {
    /// `ocean.json: error: colors.primary.dark: '#GGG' is not… (left out)`.
    ///
    /// The issue's own source is shown only when it differs from the file (a resolver's token file).
    /// Every part that may come from the pack (path, reason, source) is escaped with
    /// ``TerminalText/escaped(_:)``, so a value holding `\r`, ESC or `\n::error::` prints as one plain line.
    /// A problem with the file itself (no JSON path: missing, unreadable, too large) is `nope.json: no such file`.
    static func line(_ issue: ThemePackIssue, file: String) -> String {
        if issue.path.isEmpty, issue.source == nil || issue.source == InputLoader.displayName(of: file) {
            return "\(TerminalText.escaped(file)): \(TerminalText.escaped(issue.reason))"
        }
        var text = "\(TerminalText.escaped(file)): \(issue.severity.rawValue): "
        if let source = issue.source, source != InputLoader.displayName(of: file), source != file {
            text += "\(TerminalText.escaped(source)): "
        }
        text += "\(TerminalText.escaped(issue.path)): \(TerminalText.escaped(issue.reason))"
        if let note = actionNote(issue.action) { text += " (\(note))" }
        return text
    }

    /// What the decoder did, in words; `nil` when there is nothing to add.
    static func actionNote(_ action: ThemePackIssue.Action) -> String? {
        switch action {
        // The reason of a .usedDefault issue already names the value used.
        case .rejected, .kept, .usedDefault: nil
        case .ignored: "ignored"
        case .replacedWithBase: "replaced with the base pack's value"
        case .dropped: "left out"
        }
    }

    /// `{"severity", "code", "path", "reason", "action", "source"?}`.
    static func json(_ issue: ThemePackIssue) -> JSONNode {
        var object: JSONObject = [
            "severity": .string(issue.severity.rawValue), "code": .string(issue.code.rawValue),
            "path": .string(issue.path), "reason": .string(issue.reason), "action": .string(issue.action.rawValue),
        ]
        if let source = issue.source { object["source"] = .string(source) }
        return .object(object)
    }

    /// Whether `validate` counts the issue as an error by default: a token left out or replaced, or a key
    /// repeated in one object (the last value kept). `ThemePackLoader`'s default decoder is strict and refuses
    /// a repeated key, so a pack that `validate` passes must not carry one.
    static func losesToken(_ issue: ThemePackIssue) -> Bool {
        issue.action == .dropped || issue.action == .replacedWithBase
            || (issue.code == .duplicateKey && issue.action == .kept)
    }

    /// The issue as an error that keeps its action: what `validate` makes of a token left out or replaced.
    static func promotedLoss(_ issue: ThemePackIssue) -> ThemePackIssue {
        var copy = issue
        copy.severity = .error
        return copy
    }

    /// The issue as an error: what `--strict` makes of warnings.
    static func promoted(_ issue: ThemePackIssue) -> ThemePackIssue {
        var copy = issue
        copy.severity = .error
        copy.action = .rejected
        return copy
    }

    /// `1 error`, `2 warnings`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}

/// How commands treat problems: the library's decoding policy, and whether warnings fail the run.
struct ProblemPolicy {
    var decoding: DecodingPolicy
    /// `--strict`: every warning is an error, and the run exits 1.
    var warningsAreErrors: Bool
    /// `validate` without `--lenient`: a token left out or replaced is an error.
    var lossesAreErrors = false
    /// `--choose NAME=VALUE`: the context of a resolver modifier or the theme of a Tokens Studio group
    /// that an import applies (``DTCGImporter/choices``).
    var choices: [String: String] = [:]

    /// The name `validate --format json` reports: `strict`, `lenient`, or `default`.
    var name: String {
        if warningsAreErrors { return "strict" }
        return lossesAreErrors ? "default" : "lenient"
    }

    static let strictOption = CommandSpec.Option(
        name: "strict", kind: .flag,
        help: "Reject any problem: decode with the strict policy, and treat every remaining warning "
            + "(unknown keys, skipped entries) as an error.")
    static let lenientOption = CommandSpec.Option(
        name: "lenient", kind: .flag,
        help: "Keep every valid token and leave out invalid ones, printing warnings; exit 0 if nothing is left "
            + "that no policy can repair. This is the default.")

    static let chooseOption = CommandSpec.Option(
        name: "choose", kind: .value(placeholder: "NAME=VALUE"),
        help: "Import the context VALUE of the DTCG resolver modifier NAME, or the theme VALUE of the Tokens Studio "
            + "theme group NAME (a brand), instead of its default; repeatable. NAME may be empty for Tokens Studio "
            + "themes without a group. A choice that names nothing is an error.",
        repeatable: true)

    /// The policy the command line asks for; `--strict` and `--lenient` together are a usage error, as is a
    /// `--choose` that is not `NAME=VALUE` or names one modifier twice.
    static func parse(_ arguments: ParsedArguments, command: String) throws(CommandError) -> ProblemPolicy {
        if arguments.has("strict"), arguments.has("lenient") {
            throw .usage("'--strict' and '--lenient' cannot be used together", command: command)
        }
        var policy =
            arguments.has("strict")
            ? ProblemPolicy(decoding: .strict, warningsAreErrors: true)
            : ProblemPolicy(decoding: .lenient, warningsAreErrors: false)
        for choice in arguments.all("choose") {
            guard let equals = choice.firstIndex(of: "="), !choice[choice.index(after: equals)...].isEmpty else {
                throw .usage(
                    "'--choose \(choice)' is not NAME=VALUE (for example --choose brand=acme)",
                    command: command)
            }
            let name = String(choice[..<equals])
            if policy.choices[name] != nil {
                throw .usage("'--choose' names \(name) more than once", command: command)
            }
            policy.choices[name] = String(choice[choice.index(after: equals)...])
        }
        return policy
    }

    /// A loader of inputs under this policy and its choices.
    var loader: InputLoader {
        var loader = InputLoader(policy: decoding)
        loader.choices = choices
        return loader
    }
}

/// `--format text|json`.
enum OutputFormat: String {
    case text
    case json

    static let option = CommandSpec.Option(
        name: "format", kind: .value(placeholder: "text|json"), help: "The output format; text by default.",
        choices: ["text", "json"])

    static func parse(_ arguments: ParsedArguments) -> OutputFormat {
        arguments.value("format").flatMap(OutputFormat.init(rawValue:)) ?? .text
    }
}

extension CommandContext {
    /// Loads one input for a command that needs a usable pack, printing its problems to standard error.
    ///
    /// Warnings are printed as warnings, or under `--strict` as errors that stop the command.
    /// - Throws: ``CommandError/input(_:)`` when the input cannot be used under the policy.
    mutating func loadPack(
        _ path: String, policy: ProblemPolicy, loader: InputLoader? = nil
    ) throws(CommandError) -> LoadedInput {
        let loader = loader ?? policy.loader
        let loaded: LoadedInput
        do {
            loaded = try loader.load(path, context: self)
        } catch {
            for issue in error.issues { printError(IssueFormatting.line(issue, file: path)) }
            throw .input(nil)
        }
        try report(warnings: loaded.warnings, file: path, policy: policy)
        return loaded
    }

    /// Prints warnings; under `--strict` prints them as errors and stops.
    mutating func report(warnings: [ThemePackIssue], file: String, policy: ProblemPolicy) throws(CommandError) {
        guard !warnings.isEmpty else { return }
        if policy.warningsAreErrors {
            for issue in warnings { printError(IssueFormatting.line(IssueFormatting.promoted(issue), file: file)) }
            printError("\(file): \(IssueFormatting.count(warnings.count, "warning")) treated as errors by --strict")
            throw .input(nil)
        }
        for issue in warnings { printError(IssueFormatting.line(issue, file: file)) }
    }
}
