import Foundation

/// Counts for one appearance's merged token set.
public struct DTCGSetStatistics: Hashable, Sendable {
    /// Distinct token paths after merging.
    public var tokenCount: Int
    /// Tokens whose whole value is an alias.
    public var aliasCount: Int
    /// Aliases inside composite values.
    public var compositeAliasCount: Int
    /// Tokens that resolved to a value.
    public var resolvedCount: Int

    /// Creates statistics.
    public init(tokenCount: Int, aliasCount: Int, compositeAliasCount: Int, resolvedCount: Int) {
        self.tokenCount = tokenCount
        self.aliasCount = aliasCount
        self.compositeAliasCount = compositeAliasCount
        self.resolvedCount = resolvedCount
    }

    init(_ set: DTCGTokenSet) {
        self.init(
            tokenCount: set.tokens.count, aliasCount: set.aliasCount, compositeAliasCount: set.compositeAliasCount,
            resolvedCount: set.resolved.count)
    }
}

/// What an import read and produced.
public struct DTCGImportStatistics: Hashable, Sendable {
    /// The light appearance's token set.
    public var light: DTCGSetStatistics
    /// The dark appearance's token set.
    public var dark: DTCGSetStatistics
    /// The light high-contrast set, when one was given.
    public var highContrastLight: DTCGSetStatistics?
    /// The dark high-contrast set, when one was given.
    public var highContrastDark: DTCGSetStatistics?
    /// Colours in the pack.
    public var colorCount: Int
    /// Text styles in the pack.
    public var typographyCount: Int
    /// Radii in the pack.
    public var radiusCount: Int
    /// Spacing values in the pack.
    public var spacingCount: Int
    /// Resolved tokens the pack format has no place for (other dimensions, durations, shadows…).
    public var unmappedCount: Int
    /// ``unmappedCount`` by DTCG type (`dimension`, `fontWeight`, `shadow`…).
    public var unmappedByType: [String: Int] = [:]
    /// Distinct token paths read, over every appearance.
    public var tokenCount = 0
}

/// An imported pack with the warnings and counts of the import.
public struct DTCGImportResult: Hashable, Sendable {
    /// The pack.
    public var pack: ThemePack
    /// Every warning, in order found.
    public var warnings: [ThemePackIssue]
    /// What was read and produced.
    public var statistics: DTCGImportStatistics
}

/// Imports W3C Design Tokens (DTCG) into a ``ThemePack``.
///
/// Light and dark values come from separate documents or from a resolver's contexts;
/// high contrast is the base appearance's documents followed by an overlay (later wins), the
/// way Primer's `light-hc` context is `[light, light.high-contrast]`.
///
/// Mapping (see `Docs/DTCG.md` for the full table):
/// - `color` tokens become colours named by their path (`color.background.brand` for a
///   `$root` token), light from the light set, dark from the dark set, and high-contrast
///   values where the high-contrast set differs;
/// - `typography` tokens become text styles (rem = 16 pt, px = 1 pt, em letter spacing × size);
/// - `dimension` tokens whose path names a radius (`radius`, `radii`, `corner`) become radii,
///   and those naming space (`space`, `spacing`, `gap`, `padding`, `margin`, `gutter`) spacing;
/// - other tokens are resolved and validated but not mapped (counted in the statistics).
///
/// Under `.strict` any problem rejects the import with every issue listed; under `.lenient`
/// invalid tokens are left out and reported as warnings. The fixture quirks — a token with
/// `$type` but no `$value`, a 3-digit `hex` field, a stray property beside `$value` — are
/// such problems.
///
/// ```swift
/// let importer = DTCGImporter(policy: .lenient)
/// let result = try importer.pack(resolver: resolverURL)
/// result.pack.colors["color.background.default"]?.dark
/// ```
public struct DTCGImporter: Sendable {
    /// How problems are treated.
    public var policy: DecodingPolicy
    /// The bounds enforced on every file read.
    public var limits: JSONLimits
    /// The longest alias chain followed.
    public var maxAliasChain: Int
    /// The most files a resolver may load.
    public var maxFiles: Int
    /// The most tokens a resolver's resolution order may merge for one appearance, counting a source
    /// each time it is listed (a source referenced again is merged again). Past it the import fails
    /// with an error naming the source that crossed it.
    public static let maxMergedTokens = 1_000_000
    /// What to import of a source with more than one axis, such as brands: by modifier of a DTCG
    /// resolver, the context to apply; by theme group of a Tokens Studio export (`""` for its themes
    /// without a group), the theme to apply.
    ///
    /// A modifier or group not named here keeps its default: a resolver modifier's `default` context
    /// (else its first), a Tokens Studio group's first theme. The resolver modifier that gives the
    /// appearances cannot be chosen. For the Tokens Studio group that gives them, a choice names a
    /// brand: the group's themes whose names, without their light, dark and high-contrast words, are
    /// that brand (case aside) give the appearances (`["Theme": "Globex"]` picks "Globex Light" and
    /// "Globex Dark" over "Acme Light" and "Acme Dark"). A choice that names no modifier or group, a
    /// context or theme it does not have, or a brand none of those themes is for, is an error under
    /// every policy, as is any choice for a format with no such axes: the import would otherwise
    /// silently be of another brand.
    ///
    /// ```swift
    /// var importer = DTCGImporter()
    /// importer.choices = ["brand": "globex"]
    /// let result = try importer.pack(resolver: resolverURL)
    /// ```
    public var choices: [String: String]

    /// Creates an importer.
    /// - Parameters:
    ///   - policy: `.strict` (default) or `.lenient`.
    ///   - limits: The JSON limits for each file.
    ///   - maxAliasChain: The longest alias chain followed; 32 by default.
    ///   - maxFiles: The most files a resolver may load; 256 by default.
    ///   - choices: The context or theme to apply of each modifier or theme group named (see
    ///     ``choices``); none by default.
    public init(
        policy: DecodingPolicy = .strict, limits: JSONLimits = .default,
        maxAliasChain: Int = DTCGTokenSet.defaultMaxAliasChain, maxFiles: Int = 256, choices: [String: String] = [:]
    ) {
        self.policy = policy
        self.limits = limits
        self.maxAliasChain = maxAliasChain
        self.maxFiles = maxFiles
        self.choices = choices
    }

    /// `"the NOUN are "a", "b""`, or `none` for an empty list (for error messages): the first
    /// ``maxListedNames`` names, each shortened (``JSONPath/maxShownKeyLength``), then how many more
    /// there are, so that each of many failing choices does not list every name of a large export.
    static func listing(_ names: [String], noun: String, none: String) -> String {
        guard !names.isEmpty else { return none }
        let shown = names.prefix(maxListedNames).map { JSONWriter.quoted(JSONPath.shown($0)) }.joined(separator: ", ")
        let more = names.count - maxListedNames
        return "the \(noun) are " + shown + (more > 0 ? " and \(more) more" : "")
    }

    /// The most names an error message lists (``listing(_:noun:none:)``).
    static let maxListedNames = 20

    /// The error for ``choices`` given to a format that has no modifiers or theme groups (also a theme
    /// pack or asset catalog, for the `themekit` tool).
    package func choicesUnsupported(source: String?) -> ThemePackError? {
        guard let first = choices.keys.sorted().first else { return nil }
        return .invalid([
            ThemePackIssue(
                source: source, path: "choices[\(JSONWriter.quoted(first))]",
                reason: "the input has no modifiers or theme groups to choose from; choices apply to DTCG resolvers "
                    + "and Tokens Studio exports with $themes",
                severity: .error, code: .unsupported)
        ])
    }

    /// Imports separate light and dark documents, each optionally with a high-contrast overlay.
    ///
    /// - Parameters:
    ///   - light: The light appearance's documents, merged in order.
    ///   - dark: The dark appearance's documents, merged in order.
    ///   - highContrastLight: Overlays merged on top of `light` for light high contrast; empty for none.
    ///   - highContrastDark: Overlays merged on top of `dark` for dark high contrast; empty for none.
    ///   - id: The pack's id.
    ///   - name: The pack's display name.
    /// - Returns: The pack, warnings and statistics.
    /// - Throws: ``ThemePackError/invalid(_:)`` listing every issue when the policy rejects the import.
    public func pack(
        light: [DTCGDocument], dark: [DTCGDocument], highContrastLight: [DTCGDocument] = [],
        highContrastDark: [DTCGDocument] = [], id: String = "dtcg-import", name: String = "Imported design tokens"
    ) throws(ThemePackError) -> DTCGImportResult {
        try build(
            AppearanceDocuments(
                light: light, dark: dark,
                highContrastLight: highContrastLight.isEmpty ? nil : light + highContrastLight,
                highContrastDark: highContrastDark.isEmpty ? nil : dark + highContrastDark),
            id: id, name: name, extraIssues: [])
    }

    /// Imports one light and one dark document, each optionally with a high-contrast overlay.
    public func pack(
        light: DTCGDocument, dark: DTCGDocument, highContrastLight: DTCGDocument? = nil,
        highContrastDark: DTCGDocument? = nil, id: String = "dtcg-import", name: String = "Imported design tokens"
    ) throws(ThemePackError) -> DTCGImportResult {
        try pack(
            light: [light], dark: [dark], highContrastLight: highContrastLight.map { [$0] } ?? [],
            highContrastDark: highContrastDark.map { [$0] } ?? [], id: id, name: name)
    }

    /// Imports one document with no modes (the same values in light and dark), or a document
    /// written by ``DTCGExporter``, whose ThemeKit extensions restore every appearance losslessly.
    public func pack(
        document: DTCGDocument, id: String = "dtcg-import", name: String = "Imported design tokens"
    ) throws(ThemePackError) -> DTCGImportResult {
        try build(
            AppearanceDocuments(
                light: [document], dark: [document], highContrastLight: nil, highContrastDark: nil, darkIsLight: true),
            id: id, name: name, extraIssues: [])
    }

    /// The strict or lenient import of separate appearance documents, as a one-line call.
    public static func pack(
        light: DTCGDocument, dark: DTCGDocument, highContrastLight: DTCGDocument? = nil,
        highContrastDark: DTCGDocument? = nil, policy: DecodingPolicy
    ) throws(ThemePackError) -> DTCGImportResult {
        try DTCGImporter(policy: policy).pack(
            light: light, dark: dark, highContrastLight: highContrastLight, highContrastDark: highContrastDark)
    }

    // MARK: Building

    struct AppearanceDocuments {
        var light: [DTCGDocument]
        var dark: [DTCGDocument]
        var highContrastLight: [DTCGDocument]?
        var highContrastDark: [DTCGDocument]?
        /// Paths that may be referenced but are not written to the pack (Tokens Studio's `source` sets).
        var referenceOnlyPaths: Set<String> = []
        /// Whether `dark` is the same documents as `light` (a single file with no modes), so the light
        /// token set is resolved once and used for both.
        var darkIsLight = false
    }

    /// - Parameter choicesApplied: Whether the format read ``choices`` (a resolver, a Tokens Studio
    ///   export with themes); any choice given to another format is an error.
    func build(
        _ documents: AppearanceDocuments, id: String, name: String, extraIssues: [DTCGProblem],
        resolverSource: String? = nil, choicesApplied: Bool = false
    ) throws(ThemePackError) -> DTCGImportResult {
        if !choicesApplied, let error = choicesUnsupported(source: documents.light.first?.source) { throw error }
        try Self.checkHoldsTokens(documents, resolverSource: resolverSource)
        let light = DTCGTokenSet(documents: documents.light, maxAliasChain: maxAliasChain)
        // One file with no modes is resolved once: resolving it again for dark doubled convert's time.
        let dark =
            documents.darkIsLight ? light : DTCGTokenSet(documents: documents.dark, maxAliasChain: maxAliasChain)
        let highLight = documents.highContrastLight.map { DTCGTokenSet(documents: $0, maxAliasChain: maxAliasChain) }
        let highDark = documents.highContrastDark.map { DTCGTokenSet(documents: $0, maxAliasChain: maxAliasChain) }

        var mapping = DTCGPackMapping(
            light: light, dark: dark, highContrastLight: highLight, highContrastDark: highDark,
            marker: Self.marker(in: documents.light))
        mapping.referenceOnlyPaths = documents.referenceOnlyPaths
        var pack = mapping.makePack(id: id, name: name)
        pack.id = mapping.metadataID ?? id
        pack.name = mapping.metadataName ?? name

        var seen: Set<DTCGProblem> = []
        var problems: [DTCGProblem] = []
        for problem in extraIssues + light.problems + dark.problems + (highLight?.problems ?? [])
            + (highDark?.problems ?? []) + mapping.problems where seen.insert(problem).inserted
        {
            problems.append(problem)
        }
        let issues = problems.map { $0.issue(under: policy) }
        if issues.contains(where: { $0.severity == .error }) { throw .invalid(issues) }
        var statistics = DTCGImportStatistics(
            light: DTCGSetStatistics(light), dark: DTCGSetStatistics(dark),
            highContrastLight: highLight.map(DTCGSetStatistics.init),
            highContrastDark: highDark.map(DTCGSetStatistics.init),
            colorCount: pack.colors.count, typographyCount: pack.typography.count, radiusCount: pack.radii.count,
            spacingCount: pack.spacing.count, unmappedCount: mapping.unmappedCount)
        statistics.unmappedByType = mapping.unmappedByType
        var paths = Set(light.tokens.keys).union(dark.tokens.keys)
        for set in [highLight, highDark] { if let set { paths.formUnion(set.tokens.keys) } }
        statistics.tokenCount = paths.count
        return DTCGImportResult(pack: pack, warnings: issues, statistics: statistics)
    }

    /// Refuses, under every policy, input that holds no design token at all: a root that is not an object,
    /// an object with no member that has `$value` (a Style Dictionary v3 file, a package.json), or a resolver
    /// whose files hold none. Importing it would succeed with an empty pack and hide the mistake.
    ///
    /// A ``DTCGExporter`` document of an empty pack is accepted: its root extension says what it is.
    static func checkHoldsTokens(_ documents: AppearanceDocuments, resolverSource: String?) throws(ThemePackError) {
        let all =
            documents.light + documents.dark + (documents.highContrastLight ?? []) + (documents.highContrastDark ?? [])
        if marker(in: documents.light) != nil { return }
        if all.contains(where: { $0.root.holdsToken }) { return }
        var issues: [ThemePackIssue] = []
        var named: Set<String> = []
        for document in all where named.insert(document.source ?? "").inserted {
            // Every token of a translated file was left out: its own problems say why.
            let dropped = document.problems.filter { $0.lenientAction == .dropped }
            if !dropped.isEmpty {
                issues += dropped.map { $0.issue(under: .strict) }
                continue
            }
            let reason: String
            if let rootProblem = document.problems.first(where: { $0.path == "$" && $0.code == .wrongType }) {
                reason = rootProblem.reason
            } else {
                reason =
                    "the file holds no design tokens: no object in it has a $value, so it is not a DTCG token file"
            }
            issues.append(
                ThemePackIssue(
                    source: document.source, path: "$", reason: reason, severity: .error, code: .missingValue))
        }
        if issues.isEmpty || resolverSource != nil {
            issues.append(
                ThemePackIssue(
                    source: resolverSource, path: "resolutionOrder",
                    reason: "the resolver's sources hold no design tokens", severity: .error, code: .missingValue))
        }
        throw .invalid(issues)
    }

    /// The ThemeKit metadata object a ``DTCGExporter`` document carries at its root, if any.
    static func marker(in documents: [DTCGDocument]) -> JSONObject? {
        for document in documents {
            if case .object(let object)? = document.root.extensions?[DTCGExporter.extensionKey] { return object }
        }
        return nil
    }
}

/// Turns resolved token sets into a pack.
struct DTCGPackMapping {
    let light: DTCGTokenSet
    let dark: DTCGTokenSet
    let highContrastLight: DTCGTokenSet?
    let highContrastDark: DTCGTokenSet?
    /// Present for documents written by ``DTCGExporter``: top-level groups are pack sections.
    let marker: JSONObject?
    var problems: [DTCGProblem] = []
    /// Tokens that resolve and may be referenced but are left out of the pack.
    var referenceOnlyPaths: Set<String> = []
    var unmappedCount = 0
    var unmappedByType: [String: Int] = [:]
    var metadataID: String?
    var metadataName: String?

    init(
        light: DTCGTokenSet, dark: DTCGTokenSet, highContrastLight: DTCGTokenSet?, highContrastDark: DTCGTokenSet?,
        marker: JSONObject?
    ) {
        self.light = light
        self.dark = dark
        self.highContrastLight = highContrastLight
        self.highContrastDark = highContrastDark
        self.marker = marker
    }

    static let radiusWords = ["radius", "radii", "corner"]
    static let spacingWords = ["space", "spacing", "gap", "padding", "margin", "gutter"]

    mutating func problem(
        _ token: DTCGResolvedToken, suffix: String? = nil, _ reason: String, _ code: ThemePackIssue.Code,
        alwaysWarning: Bool = false, action: ThemePackIssue.Action = .dropped
    ) {
        problems.append(
            DTCGProblem(
                source: token.token.source, path: suffix.map { "\(token.path).\($0)" } ?? token.path, reason: reason,
                code: code, lenientAction: action, alwaysWarning: alwaysWarning))
    }

    /// The section and pack name of a token: from the ThemeKit layout, or the whole path.
    func placement(of token: DTCGResolvedToken) -> (section: String?, name: String) {
        guard marker != nil else { return (nil, token.path) }
        let segments = token.token.segments
        guard segments.count >= 2 else { return (nil, token.path) }
        return (segments[0], DTCGAlias.path(Array(segments.dropFirst())))
    }

    mutating func makePack(id: String, name: String) -> ThemePack {
        var pack = ThemePack(id: id, name: name)
        var order = light.order
        let known = Set(order)
        order += dark.order.filter { !known.contains($0) }
        for path in order where !referenceOnlyPaths.contains(path) {
            guard let token = light.resolved[path] ?? dark.resolved[path] else { continue }
            let (section, name) = placement(of: token)
            if let reason = PackRules.nameProblem(name) {
                problem(token, reason, .invalidName)
                continue
            }
            switch token.value {
            case .color:
                if let set = colorSet(path: path, token: token) { pack.colors[name] = set }
            case .typography(let typography):
                if let style = typographyToken(typography, token: token) { pack.typography[name] = style }
            case .dimension(let dimension):
                mapDimension(dimension, token: token, section: section, name: name, into: &pack)
            default:
                unmapped(token)
            }
        }
        if let marker { applyMetadata(marker, to: &pack) }
        return pack
    }

    /// Counts a resolved token the pack has no place for.
    mutating func unmapped(_ token: DTCGResolvedToken) {
        unmappedCount += 1
        unmappedByType[token.type, default: 0] += 1
    }

    mutating func colorSet(path: String, token: DTCGResolvedToken) -> ColorSet? {
        func color(_ set: DTCGTokenSet?) -> ThemeColor? {
            if case .color(let color)? = set?.resolved[path]?.value { return color }
            return nil
        }
        let lightColor = color(light)
        let darkColor = color(dark)
        if lightColor == nil || darkColor == nil {
            // Also when the token is there but could not be used (its own problem is reported separately):
            // filling the slot silently would show one appearance's value as the other's.
            let missing = lightColor == nil ? "light" : "dark"
            let other = lightColor == nil ? "dark" : "light"
            let written = (lightColor == nil ? light : dark).tokens[path] != nil
            let reason =
                written
                ? "the colour's \(missing) value could not be used; the \(other) value is used for both appearances"
                : "the colour has no \(missing) value; the \(other) value is used for both appearances"
            problem(token, reason, .incompleteAppearance, alwaysWarning: true, action: .usedDefault)
        }
        guard let resolvedLight = lightColor ?? darkColor, let resolvedDark = darkColor ?? lightColor else {
            return nil
        }
        var set = ColorSet(light: resolvedLight, dark: resolvedDark)
        if let high = color(highContrastLight), high != resolvedLight { set.highContrastLight = high }
        if let high = color(highContrastDark), high != resolvedDark { set.highContrastDark = high }
        if case .object(let appearances)? = token.token.token.extensions?[DTCGExporter.extensionKey] {
            applyAppearances(appearances, to: &set, token: token)
        }
        return set
    }

    /// Restores the dark, high-contrast and custom values a ``DTCGExporter`` document keeps in its extension.
    mutating func applyAppearances(_ object: JSONObject, to set: inout ColorSet, token: DTCGResolvedToken) {
        func color(_ value: JSONNode?, _ key: String) -> ThemeColor? {
            guard let value else { return nil }
            var notes: [DTCGLiteral.Failure] = []
            do {
                return try DTCGLiteral.color(value, notes: &notes)
            } catch {
                problem(token, suffix: "$extensions.\(DTCGExporter.extensionKey).\(key)", error.reason, error.code)
                return nil
            }
        }
        if let dark = color(object["dark"], "dark") { set.dark = dark }
        if let high = color(object["highContrastLight"], "highContrastLight") { set.highContrastLight = high }
        if let high = color(object["highContrastDark"], "highContrastDark") { set.highContrastDark = high }
        if case .object(let custom)? = object["custom"] {
            for member in custom.members {
                guard case .object(let entry) = member.value,
                    let standard = color(entry["color"], "custom.\(member.key)")
                else { continue }
                set.custom[ThemeStyle(rawValue: member.key)] = ColorSet.CustomValue(
                    color: standard, highContrast: color(entry["highContrast"], "custom.\(member.key).highContrast"))
            }
        }
    }

    /// The CSS font keywords an Apple platform always has, and the system design each names
    /// (`BlinkMacSystemFont` is Chrome's name on macOS for the system font).
    static let genericFamilies: [String: FontDesign] = [
        "system-ui": .default, "-apple-system": .default, "blinkmacsystemfont": .default, "sans-serif": .default,
        "ui-sans-serif": .default, "serif": .serif, "ui-serif": .serif, "monospace": .monospaced,
        "ui-monospace": .monospaced, "ui-rounded": .rounded,
    ]

    /// A font stack's family and design, read as a browser on an Apple platform reads it (the first
    /// family it has): a named family first is the token's family, with the design of the first keyword
    /// after it for when the family is not installed; a keyword first (`-apple-system, Roboto`) is
    /// always there, so what follows it is never used: the system font, with that keyword's design.
    static func familyAndDesign(of families: [String]) -> (family: String?, design: FontDesign) {
        guard let first = families.first else { return (nil, .default) }
        if let design = genericFamilies[first.lowercased()] { return (nil, design) }
        return (first, families.lazy.compactMap { genericFamilies[$0.lowercased()] }.first ?? .default)
    }

    mutating func typographyToken(_ value: DTCGTypography, token: DTCGResolvedToken) -> TypographyToken? {
        let (family, design) = Self.familyAndDesign(of: value.fontFamily ?? [])
        var style = TypographyToken(
            family: family, size: value.fontSize.points, weight: value.fontWeight ?? 400, design: design,
            lineHeight: value.lineHeight, letterSpacing: value.letterSpacing)
        if case .object(let extra)? = token.token.token.extensions?[DTCGExporter.extensionKey] {
            if let design = extra["design"]?.stringValue.flatMap(FontDesign.init(rawValue:)) { style.design = design }
            if let textStyle = extra["textStyle"]?.stringValue.flatMap(TextStyle.init(rawValue:)) {
                style.textStyle = textStyle
            }
            if extra["family"] == .null { style.family = nil }
        }
        let problems = style.validationProblems
        for (field, reason) in problems {
            problem(token, suffix: "$value.\(field)", "the text style cannot be used: \(reason)", .outOfRange)
        }
        return problems.isEmpty ? style : nil
    }

    mutating func mapDimension(
        _ dimension: Dimension, token: DTCGResolvedToken, section: String?, name: String, into pack: inout ThemePack
    ) {
        let lowered = token.token.segments.map { $0.lowercased() }
        let isRadius: Bool
        switch section {
        case "radii"?: isRadius = true
        case "spacing"?: isRadius = false
        default:
            if lowered.contains(where: { segment in Self.radiusWords.contains { segment.contains($0) } }) {
                isRadius = true
            } else if lowered.contains(where: { segment in Self.spacingWords.contains { segment.contains($0) } }) {
                isRadius = false
            } else {
                unmapped(token)
                return
            }
        }
        let points = dimension.points
        if let failure = PackRules.metricProblem(points) {
            // Valid DTCG that a pack cannot hold (negative spacing…): not the file's fault, so only a warning.
            problem(
                token,
                "\(dimension) is \(JSONWriter.format(points)) pt, which a theme pack cannot hold: \(failure.reason)",
                failure.code, alwaysWarning: true, action: .ignored)
            unmapped(token)
            return
        }
        if isRadius { pack.radii[name] = points } else { pack.spacing[name] = points }
    }

    /// Restores a ``DTCGExporter`` document's pack metadata: id, name, description, styles and contrast pairs.
    mutating func applyMetadata(_ marker: JSONObject, to pack: inout ThemePack) {
        if let id = marker["id"]?.stringValue, PackRules.idProblem(id) == nil { metadataID = id }
        if let name = marker["name"]?.stringValue { metadataName = name }
        pack.description = marker["description"]?.stringValue
        if case .object(let styles)? = marker["styles"] {
            for member in styles.members {
                if let base = member.value.stringValue {
                    pack.styles[ThemeStyle(rawValue: member.key)] = ThemeStyle(rawValue: base)
                }
            }
        }
        if case .array(let pairs)? = marker["contrastPairs"] {
            for (index, pair) in pairs.enumerated() {
                var tokenProblems = TokenProblems()
                let path = JSONPath.root.appending("$extensions").appending(DTCGExporter.extensionKey)
                    .appending("contrastPairs").appending(index: index)
                guard let decoded = PackDecoding.pair(pair, path: path, problems: &tokenProblems),
                    pack.colors[decoded.text] != nil, pack.colors[decoded.background] != nil
                else {
                    problems.append(
                        DTCGProblem(
                            source: light.tokens.values.first?.source, path: path.description,
                            reason: "the contrast pair is invalid or names a colour the document does not have",
                            code: .unknownReference, lenientAction: .dropped))
                    continue
                }
                pack.contrastPairs.append(decoded)
            }
        }
    }
}
