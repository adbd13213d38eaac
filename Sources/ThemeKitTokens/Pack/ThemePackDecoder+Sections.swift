/// The pack decoder's state: one pass over the document's top-level members in order,
/// then the checks that span sections (style bases, custom styles, contrast pairs).
struct PackDecoding {
    let policy: DecodingPolicy
    let base: ThemePack?
    var log: IssueLog

    init(policy: DecodingPolicy, base: ThemePack?, source: String?) {
        self.policy = policy
        self.base = base
        self.log = IssueLog(policy: policy, source: source)
    }

    static let topLevelKeys: Set<String> = [
        "$schema", "schemaVersion", "id", "name", "description", "colors", "typography", "radii", "spacing", "styles",
        "contrastPairs",
    ]

    /// Returns the pack, or `nil` when a problem no policy can repair was logged.
    mutating func decode(_ document: JSONDocument) throws(ThemePackError) -> ThemePack? {
        let source = log.source
        guard case .object(let root) = document.value else {
            log.error("$", "a theme pack must be a JSON object, not \(document.value.kindDescription)", .wrongType)
            return nil
        }
        guard case .number(let version)? = root["schemaVersion"],
            let integer = Int(exactly: version), ThemePack.supportedSchemaVersions.contains(integer)
        else {
            throw .unsupportedSchemaVersion(found: root["schemaVersion"], source: source)
        }
        for duplicate in document.duplicateKeys {
            log.problem(
                duplicate.path,
                "the key \(JSONWriter.quoted(duplicate.key)) appears more than once in the same object "
                    + "(\(duplicate.location)); the last value is used",
                .duplicateKey, lenientAction: .kept)
        }

        var id: String?
        var name: String?
        var pack = ThemePack(id: "", name: "")
        var styleOrder: [String] = []
        var colorObjects: [String: JSONNode] = [:]
        // Each kept contrast pair's index in the file's array (`nil`: the base pack's pairs).
        var pairIndices: [Int]?
        let rootPath = JSONPath.root
        for member in root.members {
            let path = rootPath.appending(member.key)
            switch member.key {
            case "schemaVersion": break
            case "$schema":
                if member.value.stringValue == nil {
                    log.warning(
                        path.description, "$schema should be a string URL, not \(member.value.kindDescription)",
                        .wrongType)
                }
            case "id":
                id = decodeText(member.value, path: path, what: "id") { PackRules.idProblem($0) }
            case "name":
                name = decodeText(member.value, path: path, what: "name") {
                    PackRules.textProblem(
                        $0, what: "name", maxLength: PackRules.maxDisplayNameLength, allowEmpty: false)
                }
            case "description":
                pack.description = decodeText(member.value, path: path, what: "description") {
                    PackRules.textProblem(
                        $0, what: "description", maxLength: PackRules.maxDescriptionLength, allowEmpty: true)
                }
                if pack.description == nil, policy == .lenient { pack.description = base?.description }
            case "colors":
                pack.colors = decodeMap(member.value, path: path, expected: "colour", base: base?.colors ?? [:]) {
                    Self.colorSet($0, path: $1, problems: &$2)
                }
                colorObjects = Dictionary(member.value.objectValue?.members.map { ($0.key, $0.value) } ?? []) { $1 }
            case "typography":
                pack.typography = decodeMap(
                    member.value, path: path, expected: "text style", base: base?.typography ?? [:]
                ) { Self.typography($0, path: $1, problems: &$2) }
            case "radii":
                pack.radii = decodeMap(member.value, path: path, expected: "radius", base: base?.radii ?? [:]) {
                    Self.metric($0, path: $1, problems: &$2)
                }
            case "spacing":
                pack.spacing = decodeMap(member.value, path: path, expected: "spacing", base: base?.spacing ?? [:]) {
                    Self.metric($0, path: $1, problems: &$2)
                }
            case "styles":
                let baseStyles = Dictionary(
                    uniqueKeysWithValues: (base?.styles ?? [:]).map { ($0.key.rawValue, $0.value) })
                let styles = decodeMap(member.value, path: path, expected: "style", base: baseStyles) {
                    Self.style($0, path: $1, problems: &$2)
                }
                styleOrder = member.value.objectValue?.keys.filter { styles[$0] != nil } ?? styles.keys.sorted()
                pack.styles = Dictionary(uniqueKeysWithValues: styles.map { (ThemeStyle(rawValue: $0.key), $0.value) })
            case "contrastPairs":
                (pack.contrastPairs, pairIndices) = decodePairs(member.value, path: path)
            default:
                log.warning(path.description, "\(JSONWriter.quoted(member.key)) is not a theme-pack key", .unknownKey)
            }
        }

        pack.id = resolveRequired(id, key: "id", present: root["id"] != nil, fallback: base?.id)
        pack.name = resolveRequired(name, key: "name", present: root["name"] != nil, fallback: base?.name)
        checkStyles(&pack, order: styleOrder)
        checkCustomStyles(pack, colorObjects: colorObjects)
        checkPairs(&pack, fileIndices: pairIndices)
        return log.hasErrors ? nil : pack
    }

    // MARK: Top-level fields

    mutating func decodeText(
        _ value: JSONNode, path: JSONPath, what: String, problem: (String) -> String?
    ) -> String? {
        guard case .string(let text) = value else {
            log.problem(
                path.description, "the \(what) must be a string, not \(value.kindDescription)", .wrongType,
                lenientAction: base == nil ? .dropped : .replacedWithBase)
            return nil
        }
        if let reason = problem(text) {
            let code: ThemePackIssue.Code = what == "id" ? .invalidName : .invalidValue
            log.problem(path.description, reason, code, lenientAction: base == nil ? .dropped : .replacedWithBase)
            return nil
        }
        return text
    }

    /// A valid required value; else the base's under `.lenient`; else an error and an empty string.
    mutating func resolveRequired(_ value: String?, key: String, present: Bool, fallback: String?) -> String {
        if let value { return value }
        if !present {
            if policy == .lenient, let fallback {
                log.warning(key, "the pack has no \(key)", .missingKey, action: .replacedWithBase)
                return fallback
            }
            log.error(key, "the pack has no \(key); it is required", .missingKey)
            return ""
        }
        // Present but invalid: already logged; the base (if any) stands in under `.lenient`.
        if policy == .lenient, let fallback { return fallback }
        if policy == .lenient {
            log.error(key, "the \(key) is invalid and there is no base pack to take it from", .missingKey)
        }
        return ""
    }

    // MARK: Sections of named tokens

    /// Decodes an object of named tokens, applying the policy token by token.
    mutating func decodeMap<Value>(
        _ value: JSONNode, path: JSONPath, expected: String, base: [String: Value],
        token: (JSONNode, JSONPath, inout TokenProblems) -> Value?
    ) -> [String: Value] {
        guard case .object(let object) = value else {
            let action: ThemePackIssue.Action = base.isEmpty ? .dropped : .replacedWithBase
            log.problem(
                path.description,
                "\(path) must be an object mapping names to \(expected) values, not \(value.kindDescription)",
                .wrongType, lenientAction: action)
            return policy == .lenient ? base : [:]
        }
        var result: [String: Value] = [:]
        for member in object.members {
            let tokenPath = path.appending(member.key)
            var problems = TokenProblems()
            if let reason = PackRules.nameProblem(member.key) {
                problems.error(tokenPath, reason, .invalidName)
            }
            let decoded = token(member.value, tokenPath, &problems)
            if problems.errors.isEmpty, let decoded {
                log.record(problems, lenientAction: .kept)
                result[member.key] = decoded
                continue
            }
            if problems.errors.isEmpty {
                problems.error(tokenPath, "the \(expected) is invalid", .invalidValue)
            }
            let fallback = base[member.key]
            log.record(problems, lenientAction: fallback == nil ? .dropped : .replacedWithBase)
            if policy == .lenient, let fallback { result[member.key] = fallback }
        }
        return result
    }

    // MARK: Token decoders

    static func colorSet(_ value: JSONNode, path: JSONPath, problems: inout TokenProblems) -> ColorSet? {
        switch value {
        case .string:
            return color(value, path: path, problems: &problems).map { ColorSet($0) }
        case .object(let object):
            var light: ThemeColor?
            var dark: ThemeColor?
            var highContrastLight: ThemeColor?
            var highContrastDark: ThemeColor?
            var custom: [ThemeStyle: ColorSet.CustomValue] = [:]
            for member in object.members {
                let memberPath = path.appending(member.key)
                switch member.key {
                case "light": light = color(member.value, path: memberPath, problems: &problems)
                case "dark": dark = color(member.value, path: memberPath, problems: &problems)
                case "highContrastLight": highContrastLight = color(member.value, path: memberPath, problems: &problems)
                case "highContrastDark": highContrastDark = color(member.value, path: memberPath, problems: &problems)
                case "custom": custom = customColors(member.value, path: memberPath, problems: &problems)
                default:
                    problems.ignore(
                        memberPath,
                        "\(JSONWriter.quoted(member.key)) is not a colour key "
                            + "(light, dark, highContrastLight, highContrastDark, custom)",
                        .unknownKey)
                }
            }
            for (key, found) in [("light", light), ("dark", dark)] where object[key] == nil && found == nil {
                problems.error(path.appending(key), "the colour has no \(key) value; it is required", .missingKey)
            }
            guard let light, let dark else { return nil }
            return ColorSet(
                light: light, dark: dark, highContrastLight: highContrastLight, highContrastDark: highContrastDark,
                custom: custom)
        default:
            problems.error(
                path, "a colour must be a hex string or an object of appearances, not \(value.kindDescription)",
                .wrongType)
            return nil
        }
    }

    static func customColors(
        _ value: JSONNode, path: JSONPath, problems: inout TokenProblems
    ) -> [ThemeStyle: ColorSet.CustomValue] {
        guard case .object(let object) = value else {
            problems.error(
                path, "custom must be an object mapping style names to colours, not \(value.kindDescription)",
                .wrongType)
            return [:]
        }
        var result: [ThemeStyle: ColorSet.CustomValue] = [:]
        for member in object.members {
            let stylePath = path.appending(member.key)
            if let reason = PackRules.nameProblem(member.key) {
                problems.error(stylePath, reason, .invalidName)
                continue
            }
            if member.key == ThemeStyle.light.rawValue || member.key == ThemeStyle.dark.rawValue {
                problems.error(
                    stylePath,
                    "\(member.key) is a built-in style; set it with the colour's \(member.key) key, not under custom",
                    .invalidName)
                continue
            }
            var standard: ThemeColor?
            var highContrast: ThemeColor?
            switch member.value {
            case .string: standard = color(member.value, path: stylePath, problems: &problems)
            case .object(let entry):
                for field in entry.members {
                    let fieldPath = stylePath.appending(field.key)
                    switch field.key {
                    case "color": standard = color(field.value, path: fieldPath, problems: &problems)
                    case "highContrast": highContrast = color(field.value, path: fieldPath, problems: &problems)
                    default:
                        problems.ignore(
                            fieldPath,
                            "\(JSONWriter.quoted(field.key)) is not a custom-colour key (color, highContrast)",
                            .unknownKey)
                    }
                }
                if entry["color"] == nil {
                    problems.error(
                        stylePath.appending("color"), "the custom colour has no color; it is required", .missingKey)
                }
            default:
                problems.error(
                    stylePath,
                    "a custom colour must be a hex string or {color, highContrast}, not \(member.value.kindDescription)",
                    .wrongType)
            }
            if let standard {
                result[ThemeStyle(rawValue: member.key)] = ColorSet.CustomValue(
                    color: standard, highContrast: highContrast)
            }
        }
        return result
    }

    /// A colour: a hex string, or `{red, green, blue, alpha?, displayP3?}` with components in 0…1; `displayP3`
    /// is the wide-gamut colour (three Display P3 components) of which the sRGB components are the fallback.
    static func color(_ value: JSONNode, path: JSONPath, problems: inout TokenProblems) -> ThemeColor? {
        switch value {
        case .string(let text):
            do {
                return try ThemeColor(hex: text)
            } catch {
                problems.error(path, error.description, .invalidColor)
                return nil
            }
        case .object(let object):
            var components: [String: Double] = [:]
            var valid = true
            var displayP3: DisplayP3Components?
            for member in object.members {
                let memberPath = path.appending(member.key)
                if member.key == "displayP3" {
                    guard case .array(let items) = member.value, items.count == 3 else {
                        problems.error(memberPath, "displayP3 must be an array of three numbers", .wrongType)
                        valid = false
                        continue
                    }
                    let numbers = items.compactMap(\.numberValue)
                    guard numbers.count == 3 else {
                        problems.error(memberPath, "displayP3 must be an array of three numbers", .wrongType)
                        valid = false
                        continue
                    }
                    if let reason = numbers.lazy.compactMap({ PackRules.componentProblem($0, name: "displayP3") })
                        .first
                    {
                        problems.error(memberPath, reason, numbers.allSatisfy(\.isFinite) ? .outOfRange : .notFinite)
                        valid = false
                        continue
                    }
                    displayP3 = DisplayP3Components(red: numbers[0], green: numbers[1], blue: numbers[2])
                    continue
                }
                guard ["red", "green", "blue", "alpha"].contains(member.key) else {
                    problems.ignore(
                        memberPath, "\(JSONWriter.quoted(member.key)) is not a colour component", .unknownKey)
                    continue
                }
                guard case .number(let number) = member.value else {
                    problems.error(
                        memberPath, "\(member.key) must be a number, not \(member.value.kindDescription)", .wrongType)
                    valid = false
                    continue
                }
                if let reason = PackRules.componentProblem(number, name: member.key) {
                    problems.error(memberPath, reason, number.isFinite ? .outOfRange : .notFinite)
                    valid = false
                    continue
                }
                components[member.key] = number
            }
            for key in ["red", "green", "blue"] where object[key] == nil {
                problems.error(path.appending(key), "the colour has no \(key) component", .missingKey)
                valid = false
            }
            guard valid, let red = components["red"], let green = components["green"], let blue = components["blue"]
            else { return nil }
            var color = ThemeColor(red: red, green: green, blue: blue, alpha: components["alpha"] ?? 1)
            color.displayP3 = displayP3
            return color
        default:
            problems.error(
                path, "a colour must be a hex string such as \"#0055FF\", not \(value.kindDescription)", .wrongType)
            return nil
        }
    }

    static func metric(_ value: JSONNode, path: JSONPath, problems: inout TokenProblems) -> Double? {
        guard case .number(let number) = value else {
            problems.error(path, "a size must be a number of points, not \(value.kindDescription)", .wrongType)
            return nil
        }
        if let problem = PackRules.metricProblem(number) {
            problems.error(path, problem.reason, problem.code)
            return nil
        }
        return number
    }

    static func style(_ value: JSONNode, path: JSONPath, problems: inout TokenProblems) -> ThemeStyle? {
        let name = path.components.last.flatMap { if case .key(let key) = $0 { key } else { nil } } ?? ""
        if name == ThemeStyle.light.rawValue || name == ThemeStyle.dark.rawValue {
            problems.error(path, "\(name) is a built-in style and cannot be redefined", .invalidName)
            return nil
        }
        guard case .string(let base) = value else {
            problems.error(path, "a style's base must be a style name string, not \(value.kindDescription)", .wrongType)
            return nil
        }
        if let reason = PackRules.nameProblem(base) {
            problems.error(path, "the base style is invalid: \(reason)", .invalidName)
            return nil
        }
        return ThemeStyle(rawValue: base)
    }

    static func typography(_ value: JSONNode, path: JSONPath, problems: inout TokenProblems) -> TypographyToken? {
        guard case .object(let object) = value else {
            problems.error(
                path, "a text style must be an object with at least a size, not \(value.kindDescription)", .wrongType)
            return nil
        }
        var token = TypographyToken(size: 0)
        var valid = true
        func number(_ member: JSONObject.Member, _ memberPath: JSONPath, problems: inout TokenProblems) -> Double? {
            guard case .number(let number) = member.value else {
                problems.error(
                    memberPath, "\(member.key) must be a number, not \(member.value.kindDescription)", .wrongType)
                valid = false
                return nil
            }
            return number
        }
        for member in object.members {
            let memberPath = path.appending(member.key)
            switch member.key {
            case "family":
                guard case .string(let family) = member.value else {
                    problems.error(
                        memberPath, "family must be a string, not \(member.value.kindDescription)", .wrongType)
                    valid = false
                    continue
                }
                token.family = family
            case "size": token.size = number(member, memberPath, problems: &problems) ?? token.size
            case "weight":
                guard let weight = number(member, memberPath, problems: &problems) else { continue }
                guard let integer = Int(exactly: weight) else {
                    problems.error(
                        memberPath, "the weight \(JSONWriter.format(weight)) is not a whole number", .invalidValue)
                    valid = false
                    continue
                }
                token.weight = integer
            case "lineHeight": token.lineHeight = number(member, memberPath, problems: &problems)
            case "letterSpacing": token.letterSpacing = number(member, memberPath, problems: &problems)
            case "design":
                guard let design = member.value.stringValue.flatMap(FontDesign.init(rawValue:)) else {
                    problems.error(
                        memberPath,
                        "design must be one of \(FontDesign.allCases.map(\.rawValue).joined(separator: ", "))",
                        member.value.stringValue == nil ? .wrongType : .invalidValue)
                    valid = false
                    continue
                }
                token.design = design
            case "textStyle":
                guard let style = member.value.stringValue.flatMap(TextStyle.init(rawValue:)) else {
                    problems.error(
                        memberPath,
                        "textStyle must be one of \(TextStyle.allCases.map(\.rawValue).joined(separator: ", "))",
                        member.value.stringValue == nil ? .wrongType : .invalidValue)
                    valid = false
                    continue
                }
                token.textStyle = style
            default:
                problems.ignore(
                    memberPath,
                    "\(JSONWriter.quoted(member.key)) is not a text-style key "
                        + "(family, size, weight, design, textStyle, lineHeight, letterSpacing)",
                    .unknownKey)
            }
        }
        if object["size"] == nil {
            problems.error(path.appending("size"), "the text style has no size; it is required", .missingKey)
            valid = false
        }
        for problem in token.validationProblems where object[problem.field] != nil {
            let fieldPath = path.appending(problem.field)
            // Type errors for the field were already reported; report ranges only for values that were read.
            if problems.errors.contains(where: { $0.path == fieldPath }) { continue }
            problems.error(fieldPath, problem.reason, .outOfRange)
            valid = false
        }
        return valid ? token : nil
    }

    // MARK: Contrast pairs

    /// The valid pairs of `value`, each with its index in the file's array (`nil` for the base pack's
    /// pairs, used in their place), so a later check names a pair where the file has it.
    mutating func decodePairs(_ value: JSONNode, path: JSONPath) -> (pairs: [ContrastPair], fileIndices: [Int]?) {
        guard case .array(let array) = value else {
            let fallback = base?.contrastPairs ?? []
            log.problem(
                path.description,
                "contrastPairs must be an array of {text, background, usage}, not \(value.kindDescription)",
                .wrongType, lenientAction: fallback.isEmpty ? .dropped : .replacedWithBase)
            return (policy == .lenient ? fallback : [], nil)
        }
        var pairs: [ContrastPair] = []
        var indices: [Int] = []
        var seen: Set<ContrastPair> = []
        for (index, element) in array.enumerated() {
            let pairPath = path.appending(index: index)
            var problems = TokenProblems()
            guard let pair = Self.pair(element, path: pairPath, problems: &problems), problems.errors.isEmpty else {
                if problems.errors.isEmpty { problems.error(pairPath, "the contrast pair is invalid", .invalidValue) }
                log.record(problems, lenientAction: .dropped)
                continue
            }
            log.record(problems, lenientAction: .kept)
            if !seen.insert(pair).inserted {
                log.warning(
                    pairPath.description, "the same contrast pair is listed twice", .duplicateKey, action: .dropped)
                continue
            }
            pairs.append(pair)
            indices.append(index)
        }
        return (pairs, indices)
    }

    static func pair(_ value: JSONNode, path: JSONPath, problems: inout TokenProblems) -> ContrastPair? {
        guard case .object(let object) = value else {
            problems.error(
                path, "a contrast pair must be an object {text, background, usage}, not \(value.kindDescription)",
                .wrongType)
            return nil
        }
        var fields: [String: String] = [:]
        for member in object.members {
            let memberPath = path.appending(member.key)
            guard ["text", "background", "usage"].contains(member.key) else {
                problems.ignore(
                    memberPath, "\(JSONWriter.quoted(member.key)) is not a contrast-pair key (text, background, usage)",
                    .unknownKey)
                continue
            }
            guard case .string(let text) = member.value else {
                problems.error(
                    memberPath, "\(member.key) must be a string, not \(member.value.kindDescription)", .wrongType)
                continue
            }
            fields[member.key] = text
        }
        for key in ["text", "background", "usage"] where object[key] == nil {
            problems.error(path.appending(key), "the contrast pair has no \(key); it is required", .missingKey)
        }
        var usage: ContrastPair.Usage?
        if let raw = fields["usage"] {
            usage = ContrastPair.Usage(rawValue: raw)
            if usage == nil {
                problems.error(
                    path.appending("usage"),
                    "usage \(JSONWriter.quoted(raw)) must be one of "
                        + ContrastPair.Usage.allCases.map(\.rawValue).joined(separator: ", "),
                    .invalidValue)
            }
        }
        guard let text = fields["text"], let background = fields["background"], let usage else { return nil }
        return ContrastPair(text: text, background: background, usage: usage)
    }

    // MARK: Checks across sections

    /// Every base must be `light`, `dark` or a declared style, bases must not loop, and the styles must stay
    /// within ``ThemePack/maxStyles`` and ``ThemePack/maxStyleChainDepth`` (errors under every policy: a pack
    /// past a limit is refused rather than trimmed).
    mutating func checkStyles(_ pack: inout ThemePack, order: [String]) {
        guard pack.styles.count <= ThemePack.maxStyles else {
            log.error(
                "styles",
                "the pack declares \(pack.styles.count) styles, more than the limit of \(ThemePack.maxStyles)",
                .tooManyStyles)
            pack.styles = [:]
            return
        }
        let action: (String) -> ThemePackIssue.Action = { [base] name in
            base?.styles[ThemeStyle(rawValue: name)] == nil ? .dropped : .replacedWithBase
        }
        for name in order {
            let style = ThemeStyle(rawValue: name)
            guard let target = pack.styles[style], target != .light, target != .dark, pack.styles[target] == nil else {
                continue
            }
            log.problem(
                JSONPath([.key("styles"), .key(name)]).description,
                "the base style \(JSONWriter.quoted(target.rawValue)) is neither light, dark nor a style this pack declares",
                .unknownReference, lenientAction: action(name))
            pack.styles[style] = policy == .lenient ? base?.styles[style] : nil
        }
        for cycle in StyleGraph.cycles(in: pack.styles, order: order) {
            // Spell out short cycles; for long ones name a few styles and the length, so
            // the report stays linear in the size of the pack.
            let shown = cycle.count <= 8 ? cycle + [cycle[0]] : Array(cycle.prefix(4))
            var loop = shown.map(\.rawValue).joined(separator: " → ")
            if cycle.count > 8 { loop += " → … (\(cycle.count) styles in all)" }
            for style in cycle {
                log.problem(
                    JSONPath.root.appending("styles").appending(style.rawValue).description,
                    "the style is part of a cycle of base styles (\(loop)), so it never reaches light or dark",
                    .cycle, lenientAction: action(style.rawValue))
            }
            for style in cycle {
                let replacement = base?.styles[style]
                pack.styles[style] = replacement == .light || replacement == .dark ? replacement : nil
            }
        }
        let depths = StyleGraph.depths(in: pack.styles)
        let tooDeep = order.map { ThemeStyle(rawValue: $0) }.filter { (depths[$0] ?? 0) > ThemePack.maxStyleChainDepth }
        if let first = tooDeep.first {
            let more = tooDeep.count > 1 ? " (and \(tooDeep.count - 1) more styles)" : ""
            log.error(
                JSONPath.root.appending("styles").appending(first.rawValue).description,
                "the style is \(depths[first] ?? 0) bases away from light or dark\(more), more than the limit of "
                    + "\(ThemePack.maxStyleChainDepth)", .styleChainTooDeep)
            for style in tooDeep { pack.styles[style] = nil }
        }
    }

    /// Colours may define values for custom styles the pack does not declare; they are kept, with a warning.
    mutating func checkCustomStyles(_ pack: ThemePack, colorObjects: [String: JSONNode]) {
        let declared = Set(pack.styles.keys)
        for name in pack.colors.keys.sorted() {
            guard let set = pack.colors[name] else { continue }
            for style in set.custom.keys.sorted(by: { $0.rawValue < $1.rawValue }) where !declared.contains(style) {
                let path = JSONPath.root.appending("colors").appending(name).appending("custom").appending(
                    style.rawValue)
                log.warning(
                    path.description,
                    "the style \(JSONWriter.quoted(style.rawValue)) is not declared in styles, so it is based on light",
                    .unknownReference, action: .kept)
            }
        }
    }

    /// Contrast pairs must name colours the pack has: drops the pairs that name a colour the pack does not have; `fileIndices` are the pairs' indices
    /// in the file (`decodePairs`), `nil` for the base pack's pairs.
    mutating func checkPairs(_ pack: inout ThemePack, fileIndices: [Int]?) {
        var kept: [ContrastPair] = []
        for (position, pair) in pack.contrastPairs.enumerated() {
            var valid = true
            for (key, name) in [("text", pair.text), ("background", pair.background)] where pack.colors[name] == nil {
                let reason = "the colour \(JSONWriter.quoted(name)) is not in this pack's colors"
                if let fileIndices {
                    log.problem(
                        "contrastPairs[\(fileIndices[position])].\(key)", reason, .unknownReference,
                        lenientAction: .dropped)
                } else {
                    log.problem(
                        "contrastPairs", "the base pack's pair's \(key): " + reason, .unknownReference,
                        lenientAction: .dropped)
                }
                valid = false
            }
            if valid { kept.append(pair) }
        }
        pack.contrastPairs = kept
    }
}

/// Finds loops among custom styles' bases, and how deep each chain is.
enum StyleGraph {
    /// Each style's number of custom styles on the way to `light` or `dark`, itself included (`sepia` →
    /// `paper` → `light`: 2); a base that is not declared counts as `light`. `styles` must have no loops.
    ///
    /// - Complexity: O(*n*): each style is walked once, without recursion.
    static func depths(in styles: [ThemeStyle: ThemeStyle]) -> [ThemeStyle: Int] {
        var depths: [ThemeStyle: Int] = [:]
        for start in styles.keys where depths[start] == nil {
            var walk: [ThemeStyle] = []
            var current = start
            var known = 0
            while let base = styles[current], current != .light, current != .dark {
                if let depth = depths[current] {
                    known = depth
                    break
                }
                walk.append(current)
                // A loop left in `styles` would never end this walk; it cannot be longer than the styles.
                if walk.count > styles.count { break }
                current = base
            }
            for (offset, style) in walk.reversed().enumerated() { depths[style] = known + offset + 1 }
        }
        return depths
    }

    /// Each loop once, as its styles in order from the first one met in `order`.
    static func cycles(in styles: [ThemeStyle: ThemeStyle], order: [String]) -> [[ThemeStyle]] {
        var state: [ThemeStyle: Int] = [:]  // 1: on the current walk, 2: finished
        var result: [[ThemeStyle]] = []
        let starts = order.map { ThemeStyle(rawValue: $0) } + styles.keys.sorted { $0.rawValue < $1.rawValue }
        for start in starts where state[start] == nil {
            var walk: [ThemeStyle] = []
            var current: ThemeStyle? = start
            while let style = current, styles[style] != nil {
                if state[style] == 2 { break }
                if state[style] == 1 {
                    if let first = walk.firstIndex(of: style) { result.append(Array(walk[first...])) }
                    break
                }
                state[style] = 1
                walk.append(style)
                current = styles[style]
            }
            for style in walk { state[style] = 2 }
        }
        return result
    }
}
