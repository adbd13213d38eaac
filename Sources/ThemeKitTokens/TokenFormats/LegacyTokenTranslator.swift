import Foundation

/// Turns Style Dictionary and Tokens Studio token trees into DTCG documents, so that they are
/// resolved, validated and mapped to a pack exactly as DTCG files are.
///
/// Per token: `value` → `$value`, `type` → `$type` (Tokens Studio's type names mapped to DTCG's),
/// `comment`/`description` → `$description`, `$extensions` kept, `attributes` and other metadata kept
/// under `$extensions["com.amazon.style-dictionary"]` or `$extensions["studio.tokens"]`. References
/// `{a.b.value}` become `{a.b}`. Math (`{spacing.base} * 2`) is evaluated against the merged sets of the
/// appearance being built, following references up to the alias-chain limit with cycles reported.
/// Bare numbers of length types become `px`. Every problem carries its file and token path.
struct LegacyTokenTranslator {
    let format: TokenFormat
    let maxAliasChain: Int

    /// A token as written, before translation.
    struct RawToken {
        var value: JSONNode
        var type: String?
        var source: String?
        /// Tokens Studio's `$extensions["studio.tokens"].modify`, when the token has one.
        var modify: JSONNode?
    }

    /// One set: a name for messages and its tree.
    struct TokenSet {
        var source: String?
        var root: JSONObject
    }

    static let lengthTypes: Set<String> = [
        "dimension", "spacing", "sizing", "size", "borderRadius", "borderWidth", "fontSizes", "fontSize",
    ]

    /// Tokens Studio's (and Style Dictionary's usual) type names → DTCG's.
    static let typeMap: [String: String] = [
        "color": DTCGType.color, "dimension": DTCGType.dimension, "spacing": DTCGType.dimension,
        "sizing": DTCGType.dimension, "size": DTCGType.dimension, "borderRadius": DTCGType.dimension,
        "borderWidth": DTCGType.dimension, "fontSizes": DTCGType.dimension, "fontSize": DTCGType.dimension,
        "fontFamilies": DTCGType.fontFamily, "fontFamily": DTCGType.fontFamily,
        "fontWeights": DTCGType.fontWeight, "fontWeight": DTCGType.fontWeight, "number": DTCGType.number,
        "opacity": DTCGType.number, "typography": DTCGType.typography, "boxShadow": "shadow", "shadow": "shadow",
        "border": "border", "duration": "duration", "cubicBezier": "cubicBezier",
    ]

    /// Types only Tokens Studio writes; one is enough to tell a Tokens Studio file from a Style Dictionary one.
    static let studioOnlyTypes: Set<String> = [
        "spacing", "sizing", "borderRadius", "borderWidth", "fontSizes", "fontFamilies", "fontWeights", "lineHeights",
        "letterSpacing", "paragraphSpacing", "paragraphIndent", "textCase", "textDecoration", "boxShadow",
        "composition", "asset", "opacity",
    ]

    /// Whether an object is a `value` token rather than a group that happens to have a member named `value`.
    /// A computed colour as a DTCG `$value`: its hex, or, for a colour that carries a Display P3 value,
    /// a `display-p3` colour object (with its sRGB fallback as `hex`) so the wide gamut is not lost.
    static func colorNode(_ color: ThemeColor) -> JSONNode {
        color.displayP3 == nil ? .string(color.hex) : DTCGExporter.colorValue(color)
    }

    static func isToken(_ object: JSONObject) -> Bool {
        guard let value = object["value"], object["$value"] == nil else { return false }
        if case .object(let inner) = value, inner["$value"] != nil || inner["value"] != nil { return false }
        return true
    }

    /// The member holding a token's value: `value`, or `$value` in a Tokens Studio file written with the W3C
    /// export option; `nil` for a group.
    func valueKey(_ object: JSONObject) -> String? {
        if Self.isToken(object) { return "value" }
        if format == .tokensStudio, object["$value"] != nil { return "$value" }
        return nil
    }

    /// Whether a token (`value` or `$value`) carries a mark only Tokens Studio writes: its vendor extension
    /// (or any `$extensions` beside `value`) or one of its type names. Values are not looked at: a Style Dictionary value may contain
    /// `rgba({…}, 0.5)` or `{a} * 2` too.
    static func isStudioToken(_ object: JSONObject) -> Bool {
        // `$extensions` on a `value` token: Style Dictionary's own format keeps metadata in `attributes`.
        if object["$value"] == nil, object["$extensions"] != nil { return true }
        if object["$extensions"]?["studio.tokens"] != nil { return true }
        let type = object["type"]?.stringValue ?? object["$type"]?.stringValue
        if let type, studioOnlyTypes.contains(type) { return true }
        return false
    }

    /// `$extensions["studio.tokens"].modify` of a token object.
    static func modifier(of object: JSONObject) -> JSONNode? {
        object["$extensions"]?["studio.tokens"]?["modify"]
    }

    var extensionKey: String { format == .tokensStudio ? "studio.tokens" : "com.amazon.style-dictionary" }

    // MARK: Collecting

    /// Every token of the sets by dotted path, later sets winning, with paths in first-seen order.
    func collect(_ sets: [TokenSet]) -> [String: RawToken] {
        var tokens: [String: RawToken] = [:]
        for set in sets {
            var stack: [(JSONObject, [String])] = [(set.root, [])]
            while let (object, path) = stack.popLast() {
                for member in object.members.reversed() where !member.key.hasPrefix("$") {
                    guard case .object(let child) = member.value else { continue }
                    let childPath = path + [member.key]
                    if let key = valueKey(child), let value = child[key] {
                        tokens[childPath.joined(separator: ".")] = RawToken(
                            value: value,
                            type: child[key == "value" ? "type" : "$type"]?.stringValue,
                            source: set.source, modify: Self.modifier(of: child))
                    } else {
                        stack.append((child, childPath))
                    }
                }
            }
        }
        return tokens
    }

    // MARK: Translating

    /// The DTCG documents for one appearance: each set translated, math evaluated against `merged`.
    func documents(_ sets: [TokenSet], merged: [String: RawToken]) -> [DTCGDocument] {
        var evaluator = Evaluator(tokens: merged, maxAliasChain: maxAliasChain)
        return sets.map { set in
            var problems: [DTCGProblem] = []
            let root = group(set.root, path: [], source: set.source, evaluator: &evaluator, problems: &problems)
            var document = DTCGDocument(document: JSONDocument(value: .object(root)), source: set.source)
            document.problems = problems + document.problems
            return document
        }
    }

    func group(
        _ object: JSONObject, path: [String], source: String?, evaluator: inout Evaluator,
        problems: inout [DTCGProblem]
    ) -> JSONObject {
        var members: [(String, JSONNode)] = []
        members.reserveCapacity(object.count)
        for member in object.members {
            if path.isEmpty, member.key == "$themes" || member.key == "$metadata" { continue }
            guard case .object(let child) = member.value, !member.key.hasPrefix("$") else {
                members.append((member.key, member.value))
                continue
            }
            let childPath = path + [member.key]
            if let key = valueKey(child) {
                // A token whose value could not be worked out is left out (its problem names it), so the DTCG
                // reader does not report it a second time.
                if let translated = token(
                    child, valueKey: key, path: childPath, source: source, evaluator: &evaluator, problems: &problems)
                {
                    members.append((member.key, .object(translated)))
                }
            } else {
                members.append(
                    (
                        member.key,
                        .object(
                            group(child, path: childPath, source: source, evaluator: &evaluator, problems: &problems))
                    ))
            }
        }
        return JSONObject(members)
    }

    func token(
        _ object: JSONObject, valueKey: String, path: [String], source: String?, evaluator: inout Evaluator,
        problems: inout [DTCGProblem]
    ) -> JSONObject? {
        let dotted = path.joined(separator: ".")
        var result: [(String, JSONNode)] = []
        var vendor = JSONObject()
        var extensions: JSONObject?
        let isW3C = valueKey == "$value"
        let typeKey = isW3C ? "$type" : "type"
        let writtenType = object[typeKey]?.stringValue
        var dtcgType = writtenType.map { Self.typeMap[$0] ?? $0 }
        // Style Dictionary's CTI convention: a token under `color` without a type is a colour.
        if dtcgType == nil, format == .styleDictionary, path.first == "color" { dtcgType = DTCGType.color }
        var failed = false
        func fail(_ suffix: String, _ reason: String, _ code: ThemePackIssue.Code) {
            failed = true
            problems.append(
                DTCGProblem(
                    source: source, path: "\(dotted).\(suffix)", reason: reason, code: code, lenientAction: .dropped,
                    alwaysError: code == .invalidColor))
        }
        let modify = Self.modifier(of: object)
        for member in object.members {
            switch member.key {
            case valueKey:
                if let modify, dtcgType == DTCGType.color || dtcgType == nil {
                    do {
                        let color = try evaluator.modifiedColor(member.value, modify: modify, depth: 0)
                        result.append(("$value", Self.colorNode(color)))
                        if dtcgType == nil { dtcgType = DTCGType.color }
                    } catch {
                        fail(
                            "$extensions.studio.tokens.modify",
                            "the colour modifier cannot be applied: \(error.reason)", .invalidColor)
                    }
                    continue
                }
                let converted = value(
                    member.value, writtenType: writtenType, dtcgType: dtcgType, path: dotted,
                    evaluator: &evaluator, fail: fail)
                if let converted { result.append(("$value", converted)) }
            case typeKey:
                guard case .string = member.value else {
                    fail(typeKey, "\(typeKey) must be a string, not \(member.value.kindDescription)", .wrongType)
                    continue
                }
            case "comment", "description", "$description":
                if case .string = member.value {
                    result.append(("$description", member.value))
                } else {
                    vendor[member.key] = member.value
                }
            case "$extensions":
                if case .object(let object) = member.value {
                    extensions = object
                } else {
                    result.append((member.key, member.value))
                }
            default:
                if member.key.hasPrefix("$") {
                    result.append((member.key, member.value))
                } else {
                    vendor[member.key] = member.value
                }
            }
        }
        if let dtcgType { result.insert(("$type", .string(dtcgType)), at: min(1, result.count)) }
        if !vendor.isEmpty || writtenType.map({ Self.typeMap[$0] != $0 }) == true {
            var all = extensions ?? JSONObject()
            var kept = all[extensionKey]?.objectValue ?? JSONObject()
            if let writtenType, Self.typeMap[writtenType] != writtenType { kept["type"] = .string(writtenType) }
            for member in vendor.members { kept[member.key] = member.value }
            all[extensionKey] = .object(kept)
            extensions = all
        }
        if let extensions { result.append(("$extensions", .object(extensions))) }
        return failed ? nil : JSONObject(result)
    }

    /// A value with references rewritten, math evaluated and bare lengths given `px`; `nil` after a failure.
    func value(
        _ raw: JSONNode, writtenType: String?, dtcgType: String?, path: String, evaluator: inout Evaluator,
        fail: (String, String, ThemePackIssue.Code) -> Void
    ) -> JSONNode? {
        let isLength = writtenType.map(Self.lengthTypes.contains) ?? false
        switch raw {
        case .string(let written):
            // As for modified colours: spaces around a Tokens Studio reference are not part of the value.
            let trimmed = written.trimmingCharacters(in: .whitespaces)
            let text = format == .tokensStudio && DTCGAlias.target(of: trimmed) != nil ? trimmed : written
            if let target = DTCGAlias.target(of: text) {
                return .string("{\(evaluator.normalized(target))}")
            }
            if isLength || dtcgType == DTCGType.number, TokenMath.isExpression(text) || text.contains("{") {
                do {
                    let quantity = try evaluator.evaluate(text)
                    return Self.literal(quantity, isLength: isLength)
                } catch {
                    fail(
                        "$value", "the expression '\(shown(text))' cannot be evaluated: \(error.reason)", .invalidValue)
                    return nil
                }
            }
            if isLength, let quantity = TokenQuantity.parse(text), quantity.unit.isEmpty {
                return .string(JSONWriter.format(quantity.value) + "px")
            }
            if dtcgType == DTCGType.number, let quantity = TokenQuantity.parse(text) {
                return Self.literal(quantity, isLength: false)
            }
            // Figma's style names (`Semi Bold`, `ExtraBold`) and numeric strings (`"600"`) as weights.
            if dtcgType == DTCGType.fontWeight, FontWeightName.value(of: text) == nil {
                if let number = Double(text), number.isFinite { return .number(number) }
                if let weight = Self.weight(named: text) { return .number(Double(weight)) }
            }
            if text.contains("{"), dtcgType == DTCGType.color {
                do {
                    return Self.colorNode(try evaluator.colorWithAlpha(text, depth: 0))
                } catch {
                    fail("$value", error.reason, .unsupported)
                    return nil
                }
            }
            return .string(evaluator.rewritingReferences(text))
        case .number(let number):
            return isLength ? .string(JSONWriter.format(number) + "px") : raw
        case .object(let object):
            guard dtcgType == DTCGType.typography else { return .object(evaluator.rewritingReferences(object)) }
            return .object(typography(object, path: path, evaluator: &evaluator, fail: fail))
        case .array(let items):
            return .array(
                items.map { item in
                    if case .object(let object) = item { return .object(evaluator.rewritingReferences(object)) }
                    if case .string(let text) = item { return .string(evaluator.rewritingReferences(text)) }
                    return item
                })
        default:
            return raw
        }
    }

    /// A Tokens Studio typography value in DTCG's shape: lengths with units, `150%` line heights as 1.5,
    /// `%` letter spacing as `em`, weight names as numbers; `AUTO`/`normal` line heights left out.
    func typography(
        _ object: JSONObject, path: String, evaluator: inout Evaluator,
        fail: (String, String, ThemePackIssue.Code) -> Void
    ) -> JSONObject {
        var result: [(String, JSONNode)] = []
        for member in object.members {
            var value = member.value
            if case .string(let text) = value {
                if let target = DTCGAlias.target(of: text) {
                    result.append((member.key, .string("{\(evaluator.normalized(target))}")))
                    continue
                }
                if Self.numericTypographyKeys.contains(member.key), TokenMath.isExpression(text) || text.contains("{") {
                    do {
                        value = Self.literal(try evaluator.evaluate(text), isLength: member.key != "lineHeight")
                    } catch {
                        fail(
                            "$value.\(member.key)",
                            "the expression '\(shown(text))' cannot be evaluated: \(error.reason)",
                            .invalidValue)
                        continue
                    }
                }
            }
            switch member.key {
            case "fontSize", "paragraphSpacing", "paragraphIndent":
                if let number = value.numberValue { value = .string(JSONWriter.format(number) + "px") }
                if let quantity = value.stringValue.flatMap(TokenQuantity.parse), quantity.unit.isEmpty {
                    value = .string(JSONWriter.format(quantity.value) + "px")
                }
            case "lineHeight":
                if let text = value.stringValue {
                    let lowered = text.lowercased()
                    if lowered == "auto" || lowered == "normal" { continue }
                    if let quantity = TokenQuantity.parse(text) {
                        switch quantity.unit {
                        case "%": value = .number(quantity.value / 100)
                        case "": value = .number(quantity.value)
                        default: value = .string(quantity.text)
                        }
                    }
                }
            case "letterSpacing":
                if let text = value.stringValue, let quantity = TokenQuantity.parse(text) {
                    switch quantity.unit {
                    case "%": value = .object(["value": .number(quantity.value / 100), "unit": "em"])
                    case "": value = .string(JSONWriter.format(quantity.value) + "px")
                    default: value = .string(quantity.text)
                    }
                }
            case "fontWeight":
                if let text = value.stringValue {
                    if let number = Double(text) {
                        value = .number(number)
                    } else if let weight = Self.weight(named: text) {
                        value = .number(Double(weight))
                    }
                }
            default: break
            }
            result.append((member.key, value))
        }
        return JSONObject(result)
    }

    static let numericTypographyKeys: Set<String> = [
        "fontSize", "lineHeight", "letterSpacing", "paragraphSpacing", "paragraphIndent",
    ]

    /// Figma's weight style names (`Semi Bold`, `ExtraBold`, `Regular`) as numbers.
    static func weight(named name: String) -> Int? {
        let key = String(name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) })
        let weights: [String: Int] = [
            "thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300, "regular": 400,
            "normal": 400, "book": 400, "medium": 500, "semibold": 600, "demibold": 600, "bold": 700,
            "extrabold": 800, "ultrabold": 800, "black": 900, "heavy": 900, "extrablack": 950, "ultrablack": 950,
        ]
        return weights[key] ?? FontWeightName.value(of: name)
    }

    static func literal(_ quantity: TokenQuantity, isLength: Bool) -> JSONNode {
        if isLength {
            return .string(JSONWriter.format(quantity.value) + (quantity.unit.isEmpty ? "px" : quantity.unit))
        }
        if quantity.unit == "%" { return .number(quantity.value / 100) }
        if quantity.unit.isEmpty { return .number(quantity.value) }
        return .string(quantity.text)
    }

    // MARK: References and math

    /// Resolves references for math, memoised, with the alias-chain limit and cycle detection.
    struct Evaluator {
        let tokens: [String: RawToken]
        let maxAliasChain: Int
        var cache: [String: (Result<TokenQuantity, TokenMath.Failure>, Int)] = [:]
        /// The longest reference chain met while evaluating the current token.
        var longestChain = 0
        var inProgress: Set<String> = []
        var colorCache: [String: Result<ThemeColor, TokenMath.Failure>] = [:]
        var colorsInProgress: Set<String> = []

        init(tokens: [String: RawToken], maxAliasChain: Int) {
            self.tokens = tokens
            self.maxAliasChain = maxAliasChain
        }

        /// `a.b.value` → `a.b` when `a.b` is a token and `a.b.value` is not (Style Dictionary's spelling).
        func normalized(_ path: String) -> String {
            if tokens[path] == nil, path.hasSuffix(".value") {
                let shorter = String(path.dropLast(6))
                if tokens[shorter] != nil { return shorter }
            }
            return path
        }

        /// `{a.b.value}` references inside a string rewritten to `{a.b}`.
        func rewritingReferences(_ text: String) -> String {
            guard text.contains(".value}") else { return text }
            var result = ""
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                result += rest[..<open]
                let inner = String(rest[rest.index(after: open)..<close])
                result += "{" + normalized(inner) + "}"
                rest = rest[rest.index(after: close)...]
            }
            return result + rest
        }

        func rewritingReferences(_ object: JSONObject) -> JSONObject {
            JSONObject(
                object.members.map { member in
                    if case .string(let text) = member.value { return (member.key, .string(rewritingReferences(text))) }
                    return (member.key, member.value)
                })
        }

        /// Tokens Studio's `rgba({color.black}, 0.5)` and `rgba({color.black}, {opacity.half})`: a referenced
        /// (or literal) colour with a new alpha (a wide-gamut colour keeps its Display P3 value). The alpha may be a number, a percentage, a reference
        /// or math. Any other reference inside a colour string is refused with the reason.
        mutating func colorWithAlpha(_ text: String, depth: Int) throws(TokenMath.Failure) -> ThemeColor {
            let refusal = TokenMath.Failure(
                reason: "'\(shown(text))' has a reference inside a colour string; ThemeKit evaluates only "
                    + "rgba({colour}, alpha) there, the alpha a number, a percentage or a reference: use a whole "
                    + "reference ({a.b}) or a colour")
            let lowered = text.lowercased()
            guard lowered.hasPrefix("rgba(") || lowered.hasPrefix("rgb("), text.hasSuffix(")"),
                let open = text.firstIndex(of: "(")
            else { throw refusal }
            let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
            let parts = inner.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard parts.count == 2, let target = DTCGAlias.target(of: parts[0]) else { throw refusal }
            let alphaQuantity: TokenQuantity
            if let literal = TokenQuantity.parse(parts[1]) {
                alphaQuantity = literal
            } else if parts[1].contains("{") {
                alphaQuantity = try evaluate(parts[1], depth: depth)
            } else {
                throw refusal
            }
            guard alphaQuantity.unit.isEmpty || alphaQuantity.unit == "%" else {
                throw TokenMath.Failure(
                    reason:
                        "the alpha '\(shown(parts[1]))' in '\(shown(text))' is \(alphaQuantity.text), not a number or a percentage"
                )
            }
            let base = try color(of: target, depth: depth + 1)
            let alpha = alphaQuantity.unit == "%" ? alphaQuantity.value / 100 : alphaQuantity.value
            guard (0...1).contains(alpha) else {
                throw TokenMath.Failure(
                    reason:
                        "the alpha '\(shown(parts[1]))' in '\(shown(text))' is \(JSONWriter.format(alpha)), outside 0…1"
                )
            }
            // The base with a new alpha; `alpha` is the one property whose change keeps a Display P3 value.
            var result = base
            result.alpha = alpha
            return result
        }

        /// The colour a referenced token stands for: its value followed through references, `rgba({…}, a)`
        /// forms and Tokens Studio modifiers, each at most ``maxAliasChain`` steps deep.
        mutating func color(of rawPath: String, depth: Int) throws(TokenMath.Failure) -> ThemeColor {
            let path = normalized(DTCGAlias.normalized(rawPath))
            if let done = colorCache[path] { return try Self.value(of: done) }
            guard let token = tokens[path] else {
                throw TokenMath.Failure(reason: "{\(shown(rawPath))} refers to a token that does not exist")
            }
            guard depth <= maxAliasChain else {
                throw TokenMath.Failure(
                    reason: "the references from {\(shown(rawPath))} form a chain longer than \(maxAliasChain) steps")
            }
            guard colorsInProgress.insert(path).inserted else {
                throw TokenMath.Failure(reason: "{\(shown(rawPath))} refers back to itself")
            }
            defer { colorsInProgress.remove(path) }
            let result: Result<ThemeColor, TokenMath.Failure>
            do {
                if let modify = token.modify {
                    result = .success(try modifiedColor(token.value, modify: modify, depth: depth))
                } else {
                    result = .success(try literalColor(token.value, depth: depth))
                }
            } catch {
                result = .failure(error)
            }
            colorCache[path] = result
            return try Self.value(of: result)
        }

        /// A colour value as written: a reference, `rgba({…}, a)` or a CSS colour.
        mutating func literalColor(_ value: JSONNode, depth: Int) throws(TokenMath.Failure) -> ThemeColor {
            if case .object = value {
                // A 2025.10 colour object; its own problems are reported where the DTCG reader reads it.
                var notes: [DTCGLiteral.Failure] = []
                do {
                    return try DTCGLiteral.color(value, notes: &notes)
                } catch {
                    throw TokenMath.Failure(reason: error.reason)
                }
            }
            guard case .string(let written) = value else {
                throw TokenMath.Failure(reason: "the value is \(value.kindDescription), not a colour string")
            }
            // Tokens Studio substitutes references into the text and CSS ignores the spaces around a colour,
            // so `"{palette.peach.200} "` (Workday's export) is the referenced colour.
            let text = written.trimmingCharacters(in: .whitespaces)
            if let target = DTCGAlias.target(of: text) { return try color(of: target, depth: depth + 1) }
            if text.contains("{") { return try colorWithAlpha(text, depth: depth) }
            do {
                return try ThemeColor(css: text)
            } catch {
                throw TokenMath.Failure(reason: "\(error)")  // It quotes the value, shortened.
            }
        }

        /// A colour value with a Tokens Studio modifier applied.
        mutating func modifiedColor(_ value: JSONNode, modify: JSONNode, depth: Int) throws(TokenMath.Failure)
            -> ThemeColor
        {
            let base = try literalColor(value, depth: depth)
            let modifier = try self.modifier(modify, depth: depth)
            return modifier.apply(to: base)
        }

        /// Reads `modify`: `{type, value, space, color?}`; `value` and `color` may be references or math.
        mutating func modifier(_ node: JSONNode, depth: Int) throws(TokenMath.Failure) -> TokensStudioModifier {
            guard case .object(let object) = node else {
                throw TokenMath.Failure(reason: "modify must be an object, not \(node.kindDescription)")
            }
            let kinds = TokensStudioModifier.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            guard case .string(let typeName)? = object["type"], let kind = TokensStudioModifier.Kind(rawValue: typeName)
            else {
                throw TokenMath.Failure(
                    reason:
                        "the modifier type \(object["type"].map(JSONWriter.string) ?? "(none)") is not one of \(kinds)")
            }
            let spaces = TokensStudioModifier.Space.allCases.map(\.rawValue).joined(separator: ", ")
            guard case .string(let spaceName)? = object["space"],
                let space = TokensStudioModifier.Space(rawValue: spaceName.lowercased())
            else {
                throw TokenMath.Failure(
                    reason:
                        "the modifier space \(object["space"].map(JSONWriter.string) ?? "(none)") is not one of \(spaces)"
                )
            }
            let amount: Double
            switch object["value"] {
            case .number(let number)?: amount = number
            case .string(let text)?:
                let quantity: TokenQuantity
                if let literal = TokenQuantity.parse(text) {
                    quantity = literal
                } else {
                    quantity = try evaluate(text, depth: depth)
                }
                guard quantity.unit.isEmpty || quantity.unit == "%" else {
                    throw TokenMath.Failure(
                        reason: "the modifier value '\(shown(text))' is \(quantity.text), not a number")
                }
                amount = quantity.unit == "%" ? quantity.value / 100 : quantity.value
            default:
                throw TokenMath.Failure(reason: "the modifier has no value (a number, a reference or math)")
            }
            guard amount.isFinite else { throw TokenMath.Failure(reason: "the modifier value is not finite") }
            var mixColor: ThemeColor?
            if kind == .mix {
                guard let colorNode = object["color"] else {
                    throw TokenMath.Failure(reason: "a mix modifier needs a color to mix with")
                }
                mixColor = try literalColor(colorNode, depth: depth)
            }
            return TokensStudioModifier(kind: kind, space: space, amount: amount, mixColor: mixColor)
        }

        mutating func evaluate(_ text: String) throws(TokenMath.Failure) -> TokenQuantity {
            try evaluate(text, depth: 0)
        }

        mutating func evaluate(_ text: String, depth: Int) throws(TokenMath.Failure) -> TokenQuantity {
            try TokenMath.evaluate(text) { (path) throws(TokenMath.Failure) in
                try quantity(of: path, depth: depth + 1)
            }
        }

        /// The quantity a referenced token stands for.
        ///
        /// Each result is memoised with the length of its reference chain, so a chain is measured end to end
        /// whatever order tokens are evaluated in, and each token is evaluated once.
        mutating func quantity(of rawPath: String, depth: Int) throws(TokenMath.Failure) -> TokenQuantity {
            let path = normalized(DTCGAlias.normalized(rawPath))
            if let (done, length) = cache[path] {
                longestChain = max(longestChain, length)
                return try Self.value(of: done)
            }
            guard let token = tokens[path] else {
                throw TokenMath.Failure(reason: "{\(shown(rawPath))} refers to a token that does not exist")
            }
            guard depth <= maxAliasChain else {
                throw TokenMath.Failure(
                    reason: "the references from {\(shown(rawPath))} form a chain longer than \(maxAliasChain) steps")
            }
            guard inProgress.insert(path).inserted else {
                throw TokenMath.Failure(reason: "{\(shown(rawPath))} refers back to itself")
            }
            defer { inProgress.remove(path) }
            let outer = longestChain
            longestChain = 0
            var result: Result<TokenQuantity, TokenMath.Failure>
            do {
                result = .success(try literalQuantity(token, path: path, depth: depth))
            } catch {
                result = .failure(error)
            }
            let length = longestChain + 1
            if case .success = result, length > maxAliasChain {
                result = .failure(
                    TokenMath.Failure(
                        reason:
                            "the references from {\(shown(rawPath))} form a chain longer than \(maxAliasChain) steps"))
            }
            longestChain = max(outer, length)
            cache[path] = (result, length)
            return try Self.value(of: result)
        }

        /// `Result.get()` with its typed throw, which the Swift 5.10 standard library (iOS 14) does not have.
        static func value<Value>(of result: Result<Value, TokenMath.Failure>) throws(TokenMath.Failure) -> Value {
            switch result {
            case .success(let value): return value
            case .failure(let failure): throw failure
            }
        }

        mutating func literalQuantity(_ token: RawToken, path: String, depth: Int) throws(TokenMath.Failure)
            -> TokenQuantity
        {
            switch token.value {
            case .number(let number): return TokenQuantity(value: number, unit: "")
            case .string(let text):
                if let target = DTCGAlias.target(of: text) { return try quantity(of: target, depth: depth + 1) }
                if let quantity = TokenQuantity.parse(text) { return quantity }
                if TokenMath.isExpression(text) { return try evaluate(text, depth: depth) }
                throw TokenMath.Failure(reason: "{\(shown(path))} is '\(shown(text))', not a number")
            default:
                throw TokenMath.Failure(reason: "{\(shown(path))} is \(token.value.kindDescription), not a number")
            }
        }
    }
}

/// Text from a token file as an issue quotes it: shortened when long (``JSONPath/maxShownKeyLength``), so
/// a failure that many tokens share (a bad colour that a thousand tokens refer to) does not copy a
/// mebibyte into each of their issues.
private func shown(_ text: some StringProtocol) -> String { JSONPath.shown(String(text)) }
