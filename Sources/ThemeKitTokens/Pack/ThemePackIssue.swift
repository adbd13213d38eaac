/// One problem found while decoding a theme pack or importing design tokens: where, what, and
/// what the decoder did about it.
///
/// ```swift
/// ThemePackIssue(path: "colors.primary.dark", reason: "'#GGG' is not a hex colour…", severity: .error,
///                code: .invalidColor)
/// ```
public struct ThemePackIssue: Hashable, Sendable, CustomStringConvertible {
    /// How serious an issue is.
    public enum Severity: String, Hashable, Sendable, Comparable {
        /// The document was used, with the change described by ``ThemePackIssue/action``.
        case warning
        /// The document cannot be used as written.
        case error

        /// Warnings sort before errors.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs == .warning && rhs == .error }
    }

    /// The kind of problem, for code that reacts to specific problems.
    public enum Code: String, Hashable, Sendable, CaseIterable {
        /// A value has the wrong JSON type (a number where a string belongs…).
        case wrongType
        /// A required key is missing.
        case missingKey
        /// A key the format does not define; it is ignored.
        case unknownKey
        /// A key appears twice in one object; the last value is used.
        case duplicateKey
        /// A colour string or component object is not valid.
        case invalidColor
        /// A number is outside its allowed range (negative size, absurd size, weight over 1000…).
        case outOfRange
        /// A number is NaN or infinite.
        case notFinite
        /// A string is not one of the allowed values, or is malformed.
        case invalidValue
        /// A token, style or file name is empty, too long or contains forbidden characters.
        case invalidName
        /// A reference names something that does not exist (a colour, a style, an alias target, a file).
        case unknownReference
        /// Styles or aliases refer to each other in a loop.
        case cycle
        /// An alias chain is longer than the limit.
        case aliasChainTooLong
        /// An alias points to a token of another type.
        case typeMismatch
        /// A design token has no `$type` of its own, from a group, or from an alias.
        case missingType
        /// A design token has no `$value`.
        case missingValue
        /// A design token's `$type` is not one this library knows.
        case unknownType
        /// A construct this library does not support (a colour space, a `$ref` into a token…).
        case unsupported
        /// The pack's `schemaVersion` is missing or not supported.
        case unsupportedSchemaVersion
        /// A token exists in one appearance but not another.
        case incompleteAppearance
        /// A pack declares more than ``ThemePack/maxStyles`` custom styles.
        case tooManyStyles
        /// A style's chain of bases is longer than ``ThemePack/maxStyleChainDepth``.
        case styleChainTooDeep
    }

    /// What the decoder did about an issue.
    public enum Action: String, Hashable, Sendable {
        /// Nothing could be done; the issue is an error.
        case rejected
        /// The offending key or property was ignored.
        case ignored
        /// The token was replaced with the base pack's token of the same name.
        case replacedWithBase
        /// The token was left out.
        case dropped
        /// Another value was used instead; the reason says which, so descriptions add no note.
        case usedDefault
        /// The value was kept.
        case kept
    }

    /// The file or document the issue is in, when the input had several (`theme-dark.tokens.json`).
    public var source: String?
    /// The JSON path (`colors.primary.dark`) or design-token path (`color.background.brand`).
    public var path: String
    /// A plain-English sentence saying what is wrong.
    public var reason: String
    /// Whether the issue stopped the document from being used.
    public var severity: Severity
    /// The kind of problem.
    public var code: Code
    /// What the decoder did about it.
    public var action: Action

    /// Creates an issue.
    /// - Parameters:
    ///   - source: The file or document the issue is in, if there were several.
    ///   - path: The JSON or token path.
    ///   - reason: What is wrong, in plain English.
    ///   - severity: Whether the issue stopped the document from being used.
    ///   - code: The kind of problem.
    ///   - action: What the decoder did; `.rejected` for errors by default, `.ignored` for warnings.
    public init(
        source: String? = nil, path: String, reason: String, severity: Severity, code: Code, action: Action? = nil
    ) {
        self.source = source
        self.path = path
        self.reason = reason
        self.severity = severity
        self.code = code
        self.action = action ?? (severity == .error ? .rejected : .ignored)
    }

    /// `error: source: path: reason (action)`, on one line: the source, path and reason (which may
    /// quote the document) are escaped with ``TerminalText/escaped(_:)``, so the description can be logged
    /// or printed as it is.
    public var description: String {
        var text = "\(severity.rawValue): "
        if let source { text += "\(TerminalText.escaped(source)): " }
        text += "\(TerminalText.escaped(path)): \(TerminalText.escaped(reason))"
        switch action {
        case .rejected, .kept, .usedDefault: break
        case .ignored: text += " (ignored)"
        case .replacedWithBase: text += " (replaced with the base pack's value)"
        case .dropped: text += " (left out)"
        }
        return text
    }
}

/// Why a theme pack or design-token document could not be used.
public enum ThemePackError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON within the reader's limits; nothing else was checked.
    case malformedJSON(JSONReadError, source: String?)
    /// `schemaVersion` is missing (`found` is `nil`) or not one this library reads; an error under every policy.
    case unsupportedSchemaVersion(found: JSONNode?, source: String?)
    /// The document was read, but has problems the policy does not accept.
    ///
    /// Lists every issue found, errors and warnings, in document order.
    case invalid([ThemePackIssue])
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)

    /// Every problem as issues: one for the single-problem cases, all of them for ``invalid(_:)``.
    public var issues: [ThemePackIssue] {
        switch self {
        case .malformedJSON(let error, let source):
            [
                ThemePackIssue(
                    source: source, path: error.path, reason: "\(error.reason) (\(error.location))", severity: .error,
                    code: .invalidValue)
            ]
        case .unsupportedSchemaVersion(let found, let source):
            [
                ThemePackIssue(
                    source: source, path: "schemaVersion", reason: Self.schemaReason(found), severity: .error,
                    code: .unsupportedSchemaVersion)
            ]
        case .invalid(let issues): issues
        case .unreadableFile(let path, let reason):
            [ThemePackIssue(source: path, path: "$", reason: reason, severity: .error, code: .unknownReference)]
        }
    }

    /// Only the issues that are errors.
    public var errors: [ThemePackIssue] { issues.filter { $0.severity == .error } }

    /// One line per issue, each escaped with ``TerminalText/escaped(_:)`` (see
    /// ``ThemePackIssue/description``).
    public var description: String {
        switch self {
        case .malformedJSON(let error, let source):
            TerminalText.escaped("\(source.map { "\($0): " } ?? "")malformed JSON: \(error)")
        case .unsupportedSchemaVersion(let found, let source):
            TerminalText.escaped("\(source.map { "\($0): " } ?? "")schemaVersion: \(Self.schemaReason(found))")
        case .invalid(let issues):
            "\(issues.filter { $0.severity == .error }.count) error(s):\n"
                + issues.map(\.description).joined(separator: "\n")
        case .unreadableFile(let path, let reason): TerminalText.escaped("cannot read \(path): \(reason)")
        }
    }

    static func schemaReason(_ found: JSONNode?) -> String {
        let supported = ThemePack.supportedSchemaVersions
        let readable =
            "this library reads version"
            + (supported.count == 1 ? " \(supported.lowerBound)" : "s \(supported.lowerBound)…\(supported.upperBound)")
        switch found {
        case nil: return "the pack has no schemaVersion; \(readable)"
        case .number(let number)?: return "schema version \(JSONWriter.format(number)) is not supported; \(readable)"
        case let value?: return "schemaVersion must be a number, not \(value.kindDescription); \(readable)"
        }
    }
}

/// A pack that decoded, with the warnings collected on the way.
public struct DecodedThemePack: Hashable, Sendable {
    /// The pack.
    public var pack: ThemePack
    /// Every warning, in document order: unknown keys ignored, and under `.lenient` every token
    /// replaced or left out.
    public var warnings: [ThemePackIssue]

    /// Creates a result.
    public init(pack: ThemePack, warnings: [ThemePackIssue]) {
        self.pack = pack
        self.warnings = warnings
    }
}
