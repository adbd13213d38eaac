import Foundation

/// How a decoder treats problems in individual tokens.
public enum DecodingPolicy: String, Hashable, Sendable, CaseIterable {
    /// Any problem rejects the whole document; the error lists every problem found.
    case strict
    /// Every valid token is kept; each invalid one is replaced by the base pack's token of the
    /// same name, or left out when the base has none, and reported as a warning.
    case lenient
}

/// Decodes theme packs from untrusted JSON, validating everything and reporting every problem at once.
///
/// Reading is bounded by ``JSONLimits`` (document size, nesting depth, string and number length,
/// token count). The pack is then checked in full: hex colours, numeric ranges, negative and absurd
/// sizes, names, duplicate keys, types, references between styles, colours and contrast pairs, and
/// the schema version. Every problem carries its JSON path (`colors.primary.dark`) and a plain-English reason.
///
/// - `.strict` throws ``ThemePackError/invalid(_:)`` listing all issues when any is found.
/// - `.lenient` keeps every valid token, replaces each invalid token with the ``base`` pack's
///   token of the same name (or leaves it out), and returns the replacements as warnings.
///
/// Under both policies unknown keys are warnings, and a missing or unsupported `schemaVersion`,
/// malformed JSON, or a root that is not an object are errors.
///
/// ```swift
/// let decoder = ThemePackDecoder(policy: .lenient, base: .standard)
/// let decoded = try decoder.decode(data)
/// for warning in decoded.warnings { log(warning.description) }
/// ```
///
/// The decoder is a value with no shared state; use it from any thread. Decoding never crashes
/// or hangs on any input, and runs in time linear in the document's size.
public struct ThemePackDecoder: Sendable {
    /// How problems in individual tokens are treated.
    public typealias Policy = DecodingPolicy

    /// How problems in individual tokens are treated.
    public var policy: Policy
    /// The pack whose tokens replace invalid ones under `.lenient`; ignored under `.strict`.
    public var base: ThemePack?
    /// The bounds enforced while reading the JSON.
    public var limits: JSONLimits

    /// Creates a decoder.
    /// - Parameters:
    ///   - policy: `.strict` (default) or `.lenient`.
    ///   - base: The fallback pack for `.lenient`.
    ///   - limits: The JSON reading limits; ``JSONLimits/default`` when omitted.
    public init(policy: Policy = .strict, base: ThemePack? = nil, limits: JSONLimits = .default) {
        self.policy = policy
        self.base = base
        self.limits = limits
    }

    /// Decodes a pack from JSON bytes.
    /// - Parameters:
    ///   - data: The document.
    ///   - source: A name for the document (a file name) used in issues; optional.
    /// - Returns: The pack and its warnings.
    /// - Throws: ``ThemePackError``: `.malformedJSON`, `.unsupportedSchemaVersion`, or `.invalid` with every issue.
    public func decode(_ data: Data, source: String? = nil) throws(ThemePackError) -> DecodedThemePack {
        let document: JSONDocument
        do {
            document = try JSONReader(limits: limits).read(data)
        } catch {
            throw .malformedJSON(error, source: source)
        }
        return try decode(document, source: source)
    }

    /// Decodes a pack from a file.
    /// - Parameter url: The file's URL.
    /// - Returns: The pack and its warnings.
    /// - Throws: ``ThemePackError/unreadableFile(path:reason:)`` when the file cannot be read or is larger
    ///   than the document limit, otherwise as ``decode(_:source:)-(Data,_)``.
    public func decode(contentsOf url: URL) throws(ThemePackError) -> DecodedThemePack {
        let data = try FileLoading.read(url, limit: limits.maxDocumentBytes)
        return try decode(data, source: url.lastPathComponent)
    }

    /// Decodes a pack from an already-read document.
    /// - Parameters:
    ///   - document: The document, with the duplicate keys the reader found.
    ///   - source: A name for the document used in issues; optional.
    /// - Returns: The pack and its warnings.
    /// - Throws: ``ThemePackError``.
    public func decode(_ document: JSONDocument, source: String? = nil) throws(ThemePackError) -> DecodedThemePack {
        var decoding = PackDecoding(policy: policy, base: policy == .lenient ? base : nil, source: source)
        guard let pack = try decoding.decode(document), !decoding.log.hasErrors else {
            throw .invalid(decoding.log.issues)
        }
        return DecodedThemePack(pack: pack, warnings: decoding.log.issues)
    }
}

/// A problem inside one token, before the policy decides what it means.
struct TokenProblem {
    var path: JSONPath
    var reason: String
    var code: ThemePackIssue.Code
}

/// The problems found in one token: `errors` make it invalid; `ignored` are warnings in any case.
struct TokenProblems {
    var errors: [TokenProblem] = []
    var ignored: [TokenProblem] = []

    mutating func error(_ path: JSONPath, _ reason: String, _ code: ThemePackIssue.Code) {
        errors.append(TokenProblem(path: path, reason: reason, code: code))
    }

    mutating func ignore(_ path: JSONPath, _ reason: String, _ code: ThemePackIssue.Code) {
        ignored.append(TokenProblem(path: path, reason: reason, code: code))
    }
}

/// Collects issues and applies the policy to them.
struct IssueLog {
    let policy: DecodingPolicy
    let source: String?
    var issues: [ThemePackIssue] = []

    var hasErrors: Bool { issues.contains { $0.severity == .error } }

    /// A problem that is a warning under every policy.
    mutating func warning(
        _ path: String, _ reason: String, _ code: ThemePackIssue.Code, action: ThemePackIssue.Action = .ignored
    ) {
        issues.append(
            ThemePackIssue(source: source, path: path, reason: reason, severity: .warning, code: code, action: action))
    }

    /// A problem that is an error under every policy.
    mutating func error(_ path: String, _ reason: String, _ code: ThemePackIssue.Code) {
        issues.append(ThemePackIssue(source: source, path: path, reason: reason, severity: .error, code: code))
    }

    /// A problem that is an error under `.strict` and a warning with `lenientAction` under `.lenient`.
    mutating func problem(
        _ path: String, _ reason: String, _ code: ThemePackIssue.Code, lenientAction: ThemePackIssue.Action
    ) {
        switch policy {
        case .strict: error(path, reason, code)
        case .lenient: warning(path, reason, code, action: lenientAction)
        }
    }

    mutating func record(_ problems: TokenProblems, lenientAction: ThemePackIssue.Action) {
        for problem in problems.errors {
            self.problem(problem.path.description, problem.reason, problem.code, lenientAction: lenientAction)
        }
        for problem in problems.ignored { warning(problem.path.description, problem.reason, problem.code) }
    }
}

/// The rules shared by the pack decoder and the DTCG importer.
enum PackRules {
    static let maxIDLength = 128
    static let maxDisplayNameLength = 200
    static let maxDescriptionLength = 2_000

    /// Why `name` is too long for a name (``ThemePack/maxNameLength`` characters, ``ThemePack/maxNameBytes`` bytes), or
    /// `nil`. Counts at most ``ThemePack/maxNameLength`` + 1 characters, so a long name is refused in one pass
    /// over its first characters.
    static func lengthProblem(ofName name: String) -> String? {
        let bytes = name.utf8.count
        if bytes <= ThemePack.maxNameLength { return nil }
        if name.prefix(ThemePack.maxNameLength + 1).count > ThemePack.maxNameLength {
            return "the name is longer than \(ThemePack.maxNameLength) characters"
        }
        return bytes > ThemePack.maxNameBytes ? "the name is longer than \(ThemePack.maxNameBytes) bytes (UTF-8)" : nil
    }

    /// Why a token or style name is unacceptable, or `nil`.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "the name is empty" }
        if let problem = lengthProblem(ofName: name) { return problem }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "the name \(JSONWriter.quoted(name)) contains control characters"
        }
        if name.hasPrefix("$") { return "the name \(JSONWriter.quoted(name)) starts with '$', which is reserved" }
        if name.contains("{") || name.contains("}") {
            return "the name \(JSONWriter.quoted(name)) contains '{' or '}', which mark design-token aliases"
        }
        return nil
    }

    /// Why a pack identifier is unacceptable, or `nil`.
    static func idProblem(_ id: String) -> String? {
        if id.isEmpty { return "the id is empty" }
        if id.count > maxIDLength { return "the id is longer than \(maxIDLength) characters" }
        let allowed = id.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || ".-_".unicodeScalars.contains($0))
        }
        if !allowed {
            return "the id \(JSONWriter.quoted(id)) may contain only ASCII letters, digits, '.', '-' and '_'"
        }
        return nil
    }

    /// Why a display text is unacceptable, or `nil`.
    static func textProblem(_ text: String, what: String, maxLength: Int, allowEmpty: Bool) -> String? {
        if !allowEmpty, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "the \(what) is empty" }
        if text.count > maxLength { return "the \(what) is longer than \(maxLength) characters" }
        let forbidden = text.unicodeScalars.contains {
            $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t"
        }
        if forbidden { return "the \(what) contains control characters" }
        return nil
    }

    /// Why a radius or spacing is unacceptable, or `nil`.
    static func metricProblem(_ value: Double) -> (reason: String, code: ThemePackIssue.Code)? {
        guard value.isFinite else { return ("\(value) is not a finite number", .notFinite) }
        if value < 0 { return ("\(JSONWriter.format(value)) is negative; sizes must be 0 or more points", .outOfRange) }
        if value > ThemePack.maxMetric {
            return (
                "\(JSONWriter.format(value)) is larger than the limit of \(JSONWriter.format(ThemePack.maxMetric)) points",
                .outOfRange
            )
        }
        return nil
    }

    /// Why a colour component is unacceptable, or `nil`.
    static func componentProblem(_ value: Double, name: String) -> String? {
        guard value.isFinite else { return "\(name) \(value) is not a finite number" }
        guard (0...1).contains(value) else {
            return "\(name) \(JSONWriter.format(value)) is outside 0…1"
        }
        return nil
    }
}
