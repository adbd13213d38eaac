import Foundation

/// A W3C Design Tokens (DTCG) file, read into groups and tokens without interpreting values.
///
/// Reading keeps everything the file says: group and token `$type`, `$description`,
/// `$deprecated`, `$extensions` (verbatim, including vendors' unknown ones) and any other
/// `$`-property, in document order. Problems in the structure — a token with `$type` but
/// no `$value`, a stray property beside `$value`, a name containing `.` — are collected
/// in ``problems`` and become errors or warnings when the document is imported under a
/// ``DecodingPolicy``. Values, types and aliases are checked later, by ``DTCGTokenSet``,
/// because they can depend on other files.
///
/// ```swift
/// let document = try DTCGDocument(data: data, source: "light.tokens.json")
/// document.tokens.count   // flattened tokens, `$type` inherited from groups
/// ```
public struct DTCGDocument: Hashable, Sendable {
    /// The root group.
    public var root: DTCGGroup
    /// The document's name in issues (usually its file name).
    public var source: String?
    /// Structural problems found while reading, before a policy is applied.
    public var problems: [DTCGProblem]

    /// Reads a document from JSON bytes.
    /// - Parameters:
    ///   - data: The document.
    ///   - source: A name for the document used in issues, e.g. its file name.
    ///   - limits: The JSON reading limits.
    /// - Throws: ``ThemePackError/malformedJSON(_:source:)`` when the bytes are not JSON within the limits.
    public init(data: Data, source: String? = nil, limits: JSONLimits = .default) throws(ThemePackError) {
        let document: JSONDocument
        do {
            document = try JSONReader(limits: limits).read(data)
        } catch {
            throw .malformedJSON(error, source: source)
        }
        self.init(document: document, source: source)
    }

    /// Reads a document from an already-read JSON document.
    /// - Parameters:
    ///   - document: The JSON document, with any duplicate keys the reader found.
    ///   - source: A name for the document used in issues.
    public init(document: JSONDocument, source: String? = nil) {
        var parser = DTCGTreeParser(source: source)
        for duplicate in document.duplicateKeys {
            parser.problem(
                duplicate.path,
                "the key \(JSONWriter.quoted(duplicate.key)) appears more than once in the same object "
                    + "(\(duplicate.location)); the last value is used", .duplicateKey, lenientAction: .kept)
        }
        if case .object(let object) = document.value {
            root = parser.group(object, path: [])
        } else {
            parser.problem(
                "$", "a design-token file must be a JSON object, not \(document.value.kindDescription)", .wrongType,
                lenientAction: .dropped)
            root = DTCGGroup()
        }
        self.source = source
        self.problems = parser.problems
    }

    /// Creates a document from a group tree.
    /// - Parameters:
    ///   - root: The root group.
    ///   - source: A name for the document used in issues.
    public init(root: DTCGGroup, source: String? = nil) {
        self.root = root
        self.source = source
        self.problems = []
    }

    /// Every token, depth first in document order, with its `$type` inherited from the nearest group.
    public var tokens: [DTCGFlatToken] {
        var result: [DTCGFlatToken] = []
        // An explicit stack keeps flattening iterative; nesting is already bounded by the reader.
        var stack: [(group: DTCGGroup, path: [String], type: String?, index: Int)] = [(root, [], root.type, 0)]
        while var frame = stack.popLast() {
            guard frame.index < frame.group.children.count else { continue }
            let child = frame.group.children[frame.index]
            frame.index += 1
            stack.append(frame)
            let path = frame.path + [child.name]
            switch child.node {
            case .token(let token):
                result.append(
                    DTCGFlatToken(segments: path, inheritedType: token.type ?? frame.type, token: token, source: source)
                )
            case .group(let group):
                stack.append((group, path, group.type ?? frame.type, 0))
            }
        }
        return result
    }
}

/// A group of tokens and groups, with the properties DTCG allows on groups.
public struct DTCGGroup: Hashable, Sendable {
    /// A named member of a group.
    public struct Child: Hashable, Sendable {
        /// The member's name (`$root` for a group's root token).
        public var name: String
        /// The token or group.
        public var node: DTCGNode

        /// Creates a member.
        public init(name: String, node: DTCGNode) {
            self.name = name
            self.node = node
        }
    }

    /// `$type`, inherited by tokens in this group that have none of their own.
    public var type: String?
    /// `$description`.
    public var description: String?
    /// `$deprecated`: `true`, or a string explaining what to use instead.
    public var deprecated: JSONNode?
    /// `$extensions`, verbatim.
    public var extensions: JSONObject?
    /// Any other `$`-property (`$schema`, `$extends`…), verbatim.
    public var otherProperties: JSONObject
    /// The members, in document order.
    public var children: [Child]

    /// Creates a group.
    public init(
        type: String? = nil, description: String? = nil, deprecated: JSONNode? = nil, extensions: JSONObject? = nil,
        otherProperties: JSONObject = JSONObject(), children: [Child] = []
    ) {
        self.type = type
        self.description = description
        self.deprecated = deprecated
        self.extensions = extensions
        self.otherProperties = otherProperties
        self.children = children
    }

    /// The member named `name`, or `nil`.
    /// - Complexity: O(*n*) in the number of members.
    public subscript(name: String) -> DTCGNode? {
        children.first { $0.name == name }?.node
    }
}

extension DTCGGroup {
    /// Whether the group or any group inside it holds a token.
    var holdsToken: Bool {
        var stack = [self]
        while let group = stack.popLast() {
            for child in group.children {
                switch child.node {
                case .token: return true
                case .group(let nested): stack.append(nested)
                }
            }
        }
        return false
    }
}

/// A member of a group: a token or a nested group.
public indirect enum DTCGNode: Hashable, Sendable {
    /// A design token.
    case token(DTCGToken)
    /// A nested group.
    case group(DTCGGroup)
}

/// A design token as written: its raw `$value` and properties, not yet resolved.
public struct DTCGToken: Hashable, Sendable {
    /// `$value`, verbatim; may be an alias string such as `"{color.brand.primary}"`.
    public var value: JSONNode
    /// `$type` as written on the token itself; see ``DTCGFlatToken/inheritedType`` for the group's.
    public var type: String?
    /// `$description`.
    public var description: String?
    /// `$deprecated`.
    public var deprecated: JSONNode?
    /// `$extensions`, verbatim.
    public var extensions: JSONObject?
    /// Any other `$`-property, verbatim.
    public var otherProperties: JSONObject

    /// Creates a token.
    public init(
        value: JSONNode, type: String? = nil, description: String? = nil, deprecated: JSONNode? = nil,
        extensions: JSONObject? = nil, otherProperties: JSONObject = JSONObject()
    ) {
        self.value = value
        self.type = type
        self.description = description
        self.deprecated = deprecated
        self.extensions = extensions
        self.otherProperties = otherProperties
    }

    /// The referenced path when the value is an alias (`"{a.b.c}"` gives `a.b.c`), else `nil`.
    public var aliasTarget: String? { DTCGAlias.target(of: value) }
}

/// A token with its full path and the `$type` it has after inheritance.
public struct DTCGFlatToken: Hashable, Sendable {
    /// The path segments from the root, including a final `$root` for a group's root token.
    public var segments: [String]
    /// The token's own `$type`, else the nearest enclosing group's.
    public var inheritedType: String?
    /// The token.
    public var token: DTCGToken
    /// The document the token came from.
    public var source: String?

    /// Creates a flattened token.
    public init(segments: [String], inheritedType: String?, token: DTCGToken, source: String?) {
        self.segments = segments
        self.inheritedType = inheritedType
        self.token = token
        self.source = source
    }

    /// The dotted path aliases use: `color.background.brand` (a trailing `$root` is dropped).
    public var path: String { DTCGAlias.path(segments) }
}

/// Alias syntax: `{group.token}`.
enum DTCGAlias {
    /// The longest alias accepted, in characters.
    static let maxLength = 1_024

    static func target(of value: JSONNode) -> String? {
        guard case .string(let text) = value else { return nil }
        return target(of: text)
    }

    static func target(of text: String) -> String? {
        guard text.count >= 3, text.count <= maxLength, text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}") else { return nil }
        return normalized(String(inner))
    }

    /// `a.b.$root` and `a.b` name the same token.
    static func normalized(_ path: String) -> String {
        path.hasSuffix(".$root") ? String(path.dropLast(6)) : path
    }

    static func path(_ segments: [String]) -> String {
        var segments = segments
        if segments.count > 1, segments.last == "$root" { segments.removeLast() }
        return segments.joined(separator: ".")
    }
}

/// A problem found in a DTCG document, before a ``DecodingPolicy`` decides whether it is an error.
public struct DTCGProblem: Hashable, Sendable {
    /// The document's name.
    public var source: String?
    /// The token path, with a property suffix where useful (`base.color.white.$value.hex`).
    public var path: String
    /// What is wrong, in plain English.
    public var reason: String
    /// The kind of problem.
    public var code: ThemePackIssue.Code
    /// What `.lenient` does about it; `.strict` rejects the import.
    public var lenientAction: ThemePackIssue.Action
    /// Whether the problem is a warning under every policy (an unknown property, say).
    public var alwaysWarning: Bool
    /// Whether the problem is an error under every policy: the source asks for a colour ThemeKit cannot
    /// produce (a Tokens Studio modifier it cannot apply), so importing anything else would change it silently.
    public var alwaysError: Bool

    /// Creates a problem.
    public init(
        source: String?, path: String, reason: String, code: ThemePackIssue.Code, lenientAction: ThemePackIssue.Action,
        alwaysWarning: Bool = false, alwaysError: Bool = false
    ) {
        self.source = source
        self.path = path
        self.reason = reason
        self.code = code
        self.lenientAction = lenientAction
        self.alwaysWarning = alwaysWarning
        self.alwaysError = alwaysError
    }

    /// The problem as an issue under a policy.
    public func issue(under policy: DecodingPolicy) -> ThemePackIssue {
        if alwaysError {
            return ThemePackIssue(source: source, path: path, reason: reason, severity: .error, code: code)
        }
        if alwaysWarning {
            return ThemePackIssue(
                source: source, path: path, reason: reason, severity: .warning, code: code, action: lenientAction)
        }
        switch policy {
        case .strict:
            return ThemePackIssue(source: source, path: path, reason: reason, severity: .error, code: code)
        case .lenient:
            return ThemePackIssue(
                source: source, path: path, reason: reason, severity: .warning, code: code, action: lenientAction)
        }
    }
}

/// Reads the group tree, collecting structural problems.
struct DTCGTreeParser {
    let source: String?
    var problems: [DTCGProblem] = []

    static let tokenProperties: Set<String> = ["$value", "$type", "$description", "$deprecated", "$extensions"]

    mutating func problem(
        _ path: String, _ reason: String, _ code: ThemePackIssue.Code, lenientAction: ThemePackIssue.Action,
        alwaysWarning: Bool = false
    ) {
        problems.append(
            DTCGProblem(
                source: source, path: path, reason: reason, code: code, lenientAction: lenientAction,
                alwaysWarning: alwaysWarning))
    }

    func display(_ path: [String], _ suffix: String? = nil) -> String {
        // An empty name is written as [""], so
        // every problem has a readable, non-empty path.
        let segments = path.map { $0.isEmpty ? "[\(JSONWriter.quoted($0))]" : JSONPath.shown($0) }
        let base = segments.isEmpty ? "$" : segments.joined(separator: ".")
        return suffix.map { base + "." + $0 } ?? base
    }

    /// Recursion depth is bounded by the JSON reader's nesting limit (at most 512).
    mutating func group(_ object: JSONObject, path: [String]) -> DTCGGroup {
        var group = DTCGGroup()
        for member in object.members {
            let key = member.key
            if key == "$root" {
                guard case .object(let tokenObject) = member.value, tokenObject["$value"] != nil else {
                    problem(
                        display(path + [key]), "$root must be a token with a $value", .missingValue,
                        lenientAction: .dropped)
                    continue
                }
                if let token = token(tokenObject, path: path + [key]) {
                    group.children.append(DTCGGroup.Child(name: key, node: .token(token)))
                }
                continue
            }
            if key.hasPrefix("$") {
                readGroupProperty(key, member.value, into: &group, path: path)
                continue
            }
            let childPath = path + [key]
            if let reason = Self.nameProblem(key) {
                problem(display(childPath), reason, .invalidName, lenientAction: .dropped)
                continue
            }
            guard case .object(let childObject) = member.value else {
                problem(
                    display(childPath),
                    "a group member must be a token or group object, not \(member.value.kindDescription)",
                    .wrongType, lenientAction: .ignored)
                continue
            }
            if childObject["$value"] != nil {
                if let token = token(childObject, path: childPath) {
                    group.children.append(DTCGGroup.Child(name: key, node: .token(token)))
                }
            } else if childObject.keys.contains(where: { !$0.hasPrefix("$") || $0 == "$root" }) || childObject.isEmpty {
                group.children.append(
                    DTCGGroup.Child(name: key, node: .group(self.group(childObject, path: childPath))))
            } else if childObject["$type"] != nil {
                // `{"$type": "color"}` alone: a token whose value is missing, not an empty group.
                problem(
                    display(childPath), "the token has a $type but no $value", .missingValue, lenientAction: .dropped)
            } else {
                group.children.append(
                    DTCGGroup.Child(name: key, node: .group(self.group(childObject, path: childPath))))
            }
        }
        return group
    }

    mutating func readGroupProperty(_ key: String, _ value: JSONNode, into group: inout DTCGGroup, path: [String]) {
        let propertyPath = display(path, key)
        switch key {
        case "$type":
            guard case .string(let type) = value else {
                problem(
                    propertyPath, "$type must be a string, not \(value.kindDescription)", .wrongType,
                    lenientAction: .ignored)
                return
            }
            group.type = type
        case "$description":
            guard case .string(let text) = value else {
                problem(propertyPath, "$description must be a string", .wrongType, lenientAction: .ignored)
                return
            }
            group.description = text
        case "$deprecated": group.deprecated = value
        case "$extensions":
            guard case .object(let extensions) = value else {
                problem(propertyPath, "$extensions must be an object", .wrongType, lenientAction: .ignored)
                return
            }
            group.extensions = extensions
        case "$schema":
            group.otherProperties[key] = value
        case "$extends":
            group.otherProperties[key] = value
            problem(
                propertyPath, "group extension ($extends) is not supported; the group is read without it",
                .unsupported, lenientAction: .ignored)
        default:
            group.otherProperties[key] = value
            problem(
                propertyPath, "\(key) is not a DTCG group property; it is kept but not interpreted", .unknownKey,
                lenientAction: .kept, alwaysWarning: true)
        }
    }

    mutating func token(_ object: JSONObject, path: [String]) -> DTCGToken? {
        var token = DTCGToken(value: object["$value"] ?? .null)
        for member in object.members where member.key != "$value" {
            let propertyPath = display(path, member.key)
            switch member.key {
            case "$type":
                guard case .string(let type) = member.value else {
                    problem(
                        propertyPath, "$type must be a string, not \(member.value.kindDescription)", .wrongType,
                        lenientAction: .dropped)
                    return nil
                }
                token.type = type
            case "$description":
                if case .string(let text) = member.value {
                    token.description = text
                } else {
                    problem(propertyPath, "$description must be a string", .wrongType, lenientAction: .ignored)
                }
            case "$deprecated": token.deprecated = member.value
            case "$extensions":
                if case .object(let extensions) = member.value {
                    token.extensions = extensions
                } else {
                    problem(propertyPath, "$extensions must be an object", .wrongType, lenientAction: .ignored)
                }
            default:
                if member.key.hasPrefix("$") {
                    token.otherProperties[member.key] = member.value
                    problem(
                        propertyPath, "\(member.key) is not a DTCG token property; it is kept but not interpreted",
                        .unknownKey, lenientAction: .kept, alwaysWarning: true)
                } else {
                    // Tokens cannot have children: a plain key beside $value is a mistake (Primer's `"alpha": 0`).
                    problem(
                        propertyPath,
                        "\(JSONWriter.quoted(member.key)) is not allowed beside $value: tokens have only $-properties",
                        .unknownKey, lenientAction: .ignored)
                }
            }
        }
        return token
    }

    /// DTCG names must not start with `$` or contain `{`, `}` or `.`; and no name longer than a pack's
    /// names may be (``ThemePack/maxNameLength``, ``ThemePack/maxNameBytes``) is read further: every token below a group carries its
    /// group's name in its path, so a 1 MiB group name over 100,000 tokens would be copied into each.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "a token or group name must not be empty" }
        if let problem = PackRules.lengthProblem(ofName: name) { return problem }
        if name.contains(".") || name.contains("{") || name.contains("}") {
            return "the name \(JSONWriter.quoted(name)) contains '.', '{' or '}', which DTCG reserves for aliases"
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "the name \(JSONWriter.quoted(name)) contains control characters"
        }
        return nil
    }
}
