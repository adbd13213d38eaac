/// A token after resolution: its final type and value, and the aliases followed to reach it.
public struct DTCGResolvedToken: Hashable, Sendable {
    /// The dotted path (`color.background.brand`).
    public var path: String
    /// The DTCG type, declared, inherited from a group, or taken from the alias target.
    public var type: String
    /// The value.
    public var value: DTCGValue
    /// The paths of the tokens the alias chain went through, nearest first; empty for a literal.
    public var aliasChain: [String]
    /// The token as written.
    public var token: DTCGFlatToken

    /// Creates a resolved token.
    public init(path: String, type: String, value: DTCGValue, aliasChain: [String], token: DTCGFlatToken) {
        self.path = path
        self.type = type
        self.value = value
        self.aliasChain = aliasChain
        self.token = token
    }
}

/// Several DTCG documents merged into one set of tokens, with every alias resolved.
///
/// Documents are merged in order, a later document's token replacing an earlier one's with the
/// same path (DTCG resolver semantics). Each token's `$type` is inherited within its own file.
/// Then every token is resolved:
/// - aliases (`"{color.brand.primary}"`), chained to any depth up to ``maxAliasChain``;
/// - cycles are found and **every token in a cycle** is reported, as is every token whose
///   chain leads into one;
/// - an alias to a missing token, and an alias whose target's type differs from the token's
///   declared type, are errors naming the token's path;
/// - composite `typography` sub-values may be aliases to tokens of the sub-value's type.
///
/// Resolution is iterative and memoised: O(*n* + total alias length), never recursive beyond
/// one composite level, so no input can exhaust the stack or loop forever.
///
/// ```swift
/// let set = DTCGTokenSet(documents: [palette, lightTheme])
/// set.resolved["color.background.default"]?.value   // .color(#FFFFFF)
/// set.problems                                        // every problem, policy not yet applied
/// ```
public struct DTCGTokenSet: Sendable {
    /// The default longest alias chain.
    public static let defaultMaxAliasChain = 32

    /// The merged tokens by path.
    public private(set) var tokens: [String: DTCGFlatToken]
    /// Token paths in the order they were first seen.
    public private(set) var order: [String]
    /// Every token that resolved, by path.
    public private(set) var resolved: [String: DTCGResolvedToken]
    /// Every problem in the documents and in resolution, in order found.
    public private(set) var problems: [DTCGProblem]
    /// The longest alias chain followed before giving up.
    public let maxAliasChain: Int

    /// Merges and resolves documents.
    /// - Parameters:
    ///   - documents: The documents, later ones overriding earlier ones.
    ///   - maxAliasChain: The longest alias chain followed; chains longer than this are errors.
    /// - Complexity: O(*n* + *a*) for *n* tokens and *a* alias hops in total.
    public init(documents: [DTCGDocument], maxAliasChain: Int = DTCGTokenSet.defaultMaxAliasChain) {
        var tokens: [String: DTCGFlatToken] = [:]
        var order: [String] = []
        var problems: [DTCGProblem] = []
        for document in documents {
            problems.append(contentsOf: document.problems)
            for token in document.tokens {
                let path = token.path
                if tokens.updateValue(token, forKey: path) == nil { order.append(path) }
            }
        }
        self.tokens = tokens
        self.order = order
        self.maxAliasChain = max(1, maxAliasChain)
        var resolver = DTCGAliasResolver(tokens: tokens, maxAliasChain: self.maxAliasChain)
        for path in order { _ = resolver.resolve(path) }
        self.resolved = resolver.resolved
        self.problems = problems + resolver.problems
    }

    /// The number of tokens whose whole value is an alias.
    public var aliasCount: Int { tokens.values.reduce(0) { $0 + ($1.token.aliasTarget != nil ? 1 : 0) } }

    /// The number of aliases inside composite values (typography sub-values).
    public var compositeAliasCount: Int {
        tokens.values.reduce(0) { count, token in
            guard case .object(let object) = token.token.value else { return count }
            return count + object.members.reduce(0) { $0 + (DTCGAlias.target(of: $1.value) != nil ? 1 : 0) }
        }
    }
}

/// The resolution state machine: memoised, iterative alias walking with cycle detection.
struct DTCGAliasResolver {
    let tokens: [String: DTCGFlatToken]
    let maxAliasChain: Int
    var resolved: [String: DTCGResolvedToken] = [:]
    var failed: Set<String> = []
    var problems: [DTCGProblem] = []
    var reported: Set<String> = []
    var inProgress: Set<String> = []

    init(tokens: [String: DTCGFlatToken], maxAliasChain: Int) {
        self.tokens = tokens
        self.maxAliasChain = maxAliasChain
        resolved.reserveCapacity(tokens.count)
    }

    mutating func fail(_ path: String, suffix: String? = nil, _ reason: String, _ code: ThemePackIssue.Code) {
        failed.insert(path)
        guard reported.insert(path).inserted else { return }
        let token = tokens[path]
        problems.append(
            DTCGProblem(
                source: token?.source, path: suffix.map { "\(path).\($0)" } ?? path, reason: reason, code: code,
                lenientAction: .dropped))
    }

    mutating func note(_ path: String, _ failure: DTCGLiteral.Failure, alwaysWarning: Bool = false) {
        let token = tokens[path]
        let action: ThemePackIssue.Action = failure.code == .unknownKey ? .ignored : .kept
        problems.append(
            DTCGProblem(
                source: token?.source, path: "\(path).\(failure.suffix)", reason: failure.reason, code: failure.code,
                lenientAction: action, alwaysWarning: alwaysWarning))
    }

    /// Resolves a token, following its alias chain. Returns `nil` when it cannot be resolved (already reported).
    mutating func resolve(_ start: String) -> DTCGResolvedToken? {
        if let done = resolved[start] { return done }
        if failed.contains(start) { return nil }
        guard tokens[start] != nil else { return nil }

        // Walk the chain until a literal, a token already settled, or a problem.
        var chain = [start]
        var position: [String: Int] = [start: 0]
        var terminal: DTCGResolvedToken?
        var terminalFailed = false
        while let current = chain.last, let target = tokens[current]?.token.aliasTarget {
            if let done = resolved[target] {
                terminal = done
                break
            }
            if failed.contains(target) {
                terminalFailed = true
                break
            }
            if tokens[target] == nil {
                fail(
                    current, suffix: "$value", "the alias {\(target)} refers to a token that does not exist",
                    .unknownReference)
                chain.removeLast()
                terminalFailed = true
                break
            }
            if let index = position[target] {
                let cycle = Array(chain[index...])
                let loop = (cycle + [target]).joined(separator: " → ")
                for member in cycle {
                    fail(member, "the token is part of an alias cycle: \(loop)", .cycle)
                }
                chain.removeSubrange(index...)
                terminalFailed = true
                break
            }
            if chain.count >= maxAliasChain {
                for member in chain.reversed() {
                    fail(
                        member, "the alias chain from this token is longer than the limit of \(maxAliasChain) steps",
                        .aliasChainTooLong)
                }
                return nil
            }
            position[target] = chain.count
            chain.append(target)
        }

        // Settle the chain from its far end back to the start.
        var next: DTCGResolvedToken? = terminal
        if !terminalFailed, terminal == nil, let last = chain.last {
            next = literal(last)
            chain.removeLast()
        }
        for path in chain.reversed() {
            guard let flat = tokens[path], let target = flat.token.aliasTarget else { continue }
            guard let value = next else {
                fail(
                    path, suffix: "$value", "the alias {\(target)} refers to a token that could not be resolved",
                    .unknownReference)
                continue
            }
            // Chains that reach an already-settled token are measured end to end, not from here.
            if value.aliasChain.count + 1 > maxAliasChain {
                fail(
                    path, suffix: "$value",
                    "the alias chain from this token is longer than the limit of \(maxAliasChain) steps",
                    .aliasChainTooLong)
                next = nil
                continue
            }
            if let declared = flat.inheritedType, declared != value.type {
                fail(
                    path, suffix: "$value",
                    "the alias {\(target)} refers to a \(value.type) token, but this token is a \(declared)",
                    .typeMismatch)
                next = nil
                continue
            }
            let result = DTCGResolvedToken(
                path: path, type: value.type, value: value.value, aliasChain: [target] + value.aliasChain, token: flat)
            resolved[path] = result
            next = result
        }
        return resolved[start]
    }

    /// The type a path resolves to, following aliases without computing values; `nil` when unknown.
    func resolvedType(of start: String) -> String? {
        var current = start
        var seen: Set<String> = []
        for _ in 0...maxAliasChain {
            if let done = resolved[current] { return done.type }
            guard let flat = tokens[current], seen.insert(current).inserted else { return nil }
            if let type = flat.inheritedType { return type }
            guard let target = flat.token.aliasTarget else { return DTCGTypeInference.type(of: flat.token.value) }
            current = target
        }
        return nil
    }

    /// Computes a literal token's value and records it.
    mutating func literal(_ path: String) -> DTCGResolvedToken? {
        if let done = resolved[path] { return done }
        guard let flat = tokens[path] else { return nil }
        // A composite whose sub-value alias leads back to itself would otherwise be computed forever.
        guard inProgress.insert(path).inserted else {
            fail(path, "the token's value refers back to itself through its sub-values", .cycle)
            return nil
        }
        defer { inProgress.remove(path) }
        let type: String
        if let declared = flat.inheritedType {
            type = declared
        } else if let inferred = DTCGTypeInference.type(of: flat.token.value) {
            // Kept under .lenient, an error under .strict: see DTCGTypeInference.
            type = inferred
            problems.append(
                DTCGProblem(
                    source: flat.source, path: path,
                    reason: DTCGTypeInference.reason(for: inferred, value: flat.token.value), code: .missingType,
                    lenientAction: .kept))
        } else {
            fail(
                path, "the token has no $type, and neither do its groups; its value cannot be interpreted",
                .missingType)
            return nil
        }
        var notes: [DTCGLiteral.Failure] = []
        let value: DTCGValue
        do throws(DTCGLiteral.Failure) {
            switch type {
            case DTCGType.color: value = .color(try DTCGLiteral.color(flat.token.value, notes: &notes))
            case DTCGType.dimension: value = .dimension(try DTCGLiteral.dimension(flat.token.value))
            case DTCGType.fontFamily: value = .fontFamily(try DTCGLiteral.fontFamily(flat.token.value))
            case DTCGType.fontWeight: value = .fontWeight(try DTCGLiteral.fontWeight(flat.token.value))
            case DTCGType.number: value = .number(try DTCGLiteral.number(flat.token.value))
            case DTCGType.typography:
                guard let typography = typography(path, flat.token.value) else { return nil }
                value = .typography(typography)
            default:
                if !DTCGType.known.contains(type) {
                    note(
                        path,
                        DTCGLiteral.Failure(
                            suffix: "$type",
                            reason: "\(JSONWriter.quoted(type)) is not a DTCG type; the value is kept as is",
                            code: .unknownType), alwaysWarning: true)
                }
                value = .other(type: type, value: flat.token.value)
            }
        } catch {
            fail(path, suffix: error.suffix, error.reason, error.code)
            return nil
        }
        for failure in notes {
            note(path, failure, alwaysWarning: failure.code == .unsupported)
        }
        let result = DTCGResolvedToken(path: path, type: type, value: value, aliasChain: [], token: flat)
        resolved[path] = result
        return result
    }

    /// A typography composite; each sub-value may be a literal or an alias to a token of its type.
    mutating func typography(_ path: String, _ value: JSONNode) -> DTCGTypography? {
        guard case .object(let object) = value else {
            fail(
                path, suffix: "$value", "a typography value must be an object, not \(value.kindDescription)", .wrongType
            )
            return nil
        }
        let expected: [String: String] = [
            "fontFamily": DTCGType.fontFamily, "fontSize": DTCGType.dimension, "fontWeight": DTCGType.fontWeight,
            "letterSpacing": DTCGType.dimension, "lineHeight": DTCGType.number,
        ]
        var parts: [String: JSONNode] = [:]
        var aliased: [String: DTCGValue] = [:]
        for member in object.members {
            guard let type = expected[member.key] else {
                note(
                    path,
                    DTCGLiteral.Failure(
                        suffix: "$value.\(member.key)",
                        reason: "\(JSONWriter.quoted(member.key)) is not a typography property; it is ignored",
                        code: .unknownKey))
                continue
            }
            guard let target = DTCGAlias.target(of: member.value) else {
                parts[member.key] = member.value
                continue
            }
            guard tokens[target] != nil else {
                fail(
                    path, suffix: "$value.\(member.key)", "the alias {\(target)} refers to a token that does not exist",
                    .unknownReference)
                return nil
            }
            let targetType = resolvedType(of: target)
            // lineHeight may also be a dimension in older files; it is converted below.
            let acceptable = targetType == type || (member.key == "lineHeight" && targetType == DTCGType.dimension)
            guard acceptable else {
                fail(
                    path, suffix: "$value.\(member.key)",
                    "the alias {\(target)} refers to a \(targetType ?? "untyped") token, but \(member.key) needs a \(type)",
                    .typeMismatch)
                return nil
            }
            guard let resolvedTarget = resolve(target) else {
                fail(
                    path, suffix: "$value.\(member.key)",
                    "the alias {\(target)} refers to a token that could not be resolved", .unknownReference)
                return nil
            }
            aliased[member.key] = resolvedTarget.value
        }
        do throws(DTCGLiteral.Failure) {
            let fontSize: Dimension
            switch aliased["fontSize"] {
            case .dimension(let dimension)?: fontSize = dimension
            default:
                guard let raw = parts["fontSize"] else {
                    throw DTCGLiteral.Failure(
                        suffix: "$value.fontSize", reason: "the typography value has no fontSize", code: .missingKey)
                }
                fontSize = try DTCGLiteral.dimension(raw, suffix: "$value.fontSize")
            }
            var result = DTCGTypography(fontSize: fontSize)
            if case .fontFamily(let families)? = aliased["fontFamily"] {
                result.fontFamily = families
            } else if let raw = parts["fontFamily"] {
                result.fontFamily = try DTCGLiteral.fontFamily(raw, suffix: "$value.fontFamily")
            }
            if case .fontWeight(let weight)? = aliased["fontWeight"] {
                result.fontWeight = weight
            } else if let raw = parts["fontWeight"] {
                result.fontWeight = try DTCGLiteral.fontWeight(raw, suffix: "$value.fontWeight")
            }
            switch aliased["lineHeight"] {
            case .number(let number)?: result.lineHeight = number
            case .dimension(let dimension)?:
                result.lineHeight = dimension.points / max(fontSize.points, .leastNonzeroMagnitude)
            default:
                if let raw = parts["lineHeight"] {
                    if case .number(let number) = raw {
                        result.lineHeight = number
                    } else {
                        let dimension = try DTCGLiteral.dimension(raw, suffix: "$value.lineHeight")
                        result.lineHeight = dimension.points / max(fontSize.points, .leastNonzeroMagnitude)
                    }
                }
            }
            if case .dimension(let dimension)? = aliased["letterSpacing"] {
                result.letterSpacing = dimension.points
            } else if let raw = parts["letterSpacing"] {
                result.letterSpacing = try Self.letterSpacing(raw, fontSize: fontSize)
            }
            return result
        } catch {
            fail(path, suffix: error.suffix, error.reason, error.code)
            return nil
        }
    }

    /// Letter spacing in points: a dimension, `{value, unit: "em"}` relative to the font size, or a bare number of px.
    static func letterSpacing(_ raw: JSONNode, fontSize: Dimension) throws(DTCGLiteral.Failure) -> Double {
        if case .number(let number) = raw { return number }
        if case .object(let object) = raw, case .string("em")? = object["unit"],
            case .number(let number)? = object["value"]
        {
            return number * fontSize.points
        }
        if case .string(let text) = raw, text.hasSuffix("em"), !text.hasSuffix("rem"),
            let number = Double(text.dropLast(2)), number.isFinite
        {
            return number * fontSize.points
        }
        return try DTCGLiteral.dimension(raw, suffix: "$value.letterSpacing").points
    }
}
