import ThemeKitTokens

/// Writes a pack as Swift source: typed `ThemeExtension` values whose colours stay dynamic.
///
/// For a pack named Ocean the file declares `enum Ocean` (the whole ``ThemePack`` as `Ocean.pack`, and its
/// custom styles), `struct OceanColors` (one `ColorSet` property per colour, resolved by style and contrast),
/// `struct OceanTypography` and `struct OceanMetrics`. Each struct conforms to `ThemeExtension`, with the
/// pack's values as its `fallback`, and has a `byName` dictionary that keeps the pack's own names.
///
/// The output depends only on the pack and the options: members are sorted by name, so regenerating an
/// unchanged pack gives the same bytes.
struct SwiftSourceGenerator {
    /// The access level written before every declaration: `public`, `package` or `internal`.
    var access: String
    /// The prefix of the generated type names (`Ocean`).
    var typePrefix: String
    /// The input's name, for the header comment.
    var source: String

    /// The names the library exports; generated types must not shadow them.
    static let libraryTypeNames: Set<String> = [
        "AssetCatalog", "AssetCatalogAppearance", "AssetCatalogColorSet", "AssetCatalogError", "AssetCatalogWarning",
        "ColorInterpolationSpace", "ColorSet", "ContrastCheck", "ContrastPair", "ContrastPairCheck",
        "ContrastRequirement", "DecodedThemePack", "DecodingPolicy", "Dimension", "DimensionError", "FontDesign",
        "FontWeightName", "OKLabColor", "TextStyle", "Theme", "ThemeColor", "ThemeColorError", "ThemeContext",
        "ThemeContrast", "ThemeEvent", "ThemeEventBus", "ThemeExtension", "ThemeNode", "ThemePack",
        "ThemePackAppearance", "ThemePackColors", "ThemePackDecoder", "ThemePackEncoder", "ThemePackError",
        "ThemePackIssue", "ThemePackLoader", "ThemePackMetrics", "ThemePackTypography", "ThemeStorage", "ThemeStyle",
        "ThemeVariant", "TypographyToken", "WCAGLevel",
    ]

    /// The module by which the generated code names `ColorSet`, `ThemeColor`, `ThemePack`, `ContrastPair` and
    /// `TypographyToken` (`ThemeKitTokens.ColorSet`).
    ///
    /// Every type the generated code names is qualified by its module — `Swift.String`, `Swift.Double`,
    /// `ThemeKitTokens.ThemeColor`, `ThemeKit.ThemeStyle` — so a generated type named like one of them (a pack
    /// named `String`) cannot shadow it.
    static let tokensModule = "ThemeKitTokens"
    /// The module that declares the runtime types the generated code names (`ThemeKit.ThemeStyle`,
    /// `ThemeKit.ThemeExtension`, `ThemeKit.ThemeContrast`); ThemeKitTokens re-exports it.
    static let kitModule = "ThemeKit"

    /// Names a generated type cannot have, with the reason: `Any` and `Self` are keywords, `Type` and
    /// `Protocol` name metatypes (`Ocean.Type`), and a type named after a module the generated code qualifies its
    /// types with (`Swift.String`, ``tokensModule``, ``kitModule``) would hide that module.
    /// Types of Swift, Foundation, SwiftUI and UIKit that an app names unqualified: the generated file
    /// compiles with a type of one of these names (it qualifies its own), but the rest of the app's module
    /// would then mean the pack's type by `String` or `Color`. A pack named so gets `Generated` in front by
    /// default; `--type-prefix` may still choose one.
    static let platformTypeNames: Set<String> = [
        "Any", "Array", "Bool", "Character", "Codable", "Decodable", "Dictionary", "Double", "Encodable", "Equatable",
        "Error", "Float", "Hashable", "Identifiable", "Int", "KeyPath", "Never", "Optional", "Result", "Sendable",
        "Set", "String", "Void", "Bundle", "Data", "Date", "Locale", "Notification", "URL", "UUID", "CGFloat",
        "Color", "Font", "Image", "Text", "View", "UIColor", "UIFont", "UIImage", "UIView",
    ]

    static let unusableTypeNames: [String: String] = [
        "Any": "it is a Swift keyword",
        "Self": "it is a Swift keyword",
        "Type": "Swift reads Name.Type as a metatype, so it cannot name a type",
        "Protocol": "Swift reads Name.Protocol as a metatype, so it cannot name a type",
        "Swift": "a type of that name would hide the Swift module, by which the generated code names Swift.String",
        kitModule:
            "a type of that name would hide the \(kitModule) module, by which the generated code names "
            + "\(kitModule).ThemeStyle",
        tokensModule:
            "a type of that name would hide the \(tokensModule) module, by which the generated code names "
            + "\(tokensModule).ColorSet",
    ]

    /// The default type prefix for a pack: its name in UpperCamelCase, moved aside (`Generated…`) from library
    /// names and from names a type cannot have (``unusableTypeNames``): a pack named `Self` gives `GeneratedSelf`.
    static func defaultPrefix(for pack: ThemePack) -> String {
        let prefix = SwiftIdentifier.typePrefix(pack.name)
        let names = [prefix, prefix + "Colors", prefix + "Typography", prefix + "Metrics"]
        let clashes =
            names.contains(where: libraryTypeNames.contains) || unusableTypeNames[prefix] != nil
            || platformTypeNames.contains(prefix)
        return clashes ? "Generated" + prefix : prefix
    }

    func source(for pack: ThemePack) -> String {
        var lines: [String] = []
        let a = access == "internal" ? "" : access + " "
        let p = typePrefix
        lines += [
            "// Generated by `themekit export-swift` from \(SwiftIdentifier.comment(source)). Do not edit: change the pack",
            "// and generate the file again.",
            "//",
            "// \(SwiftIdentifier.comment(pack.name)) (\(SwiftIdentifier.comment(pack.id))): \(PackSummary.counts(pack)).",
            "",
            "import ThemeKitTokens",
            "",
        ]
        lines += namespace(pack, a: a, p: p)
        lines += [""] + colors(pack, a: a, p: p)
        lines += [""] + typography(pack, a: a, p: p)
        lines += [""] + metrics(pack, a: a, p: p)
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Sections

    private func namespace(_ pack: ThemePack, a: String, p: String) -> [String] {
        var lines = [
            "/// The \(SwiftIdentifier.comment(pack.name)) theme pack.",
            "///",
            "/// `theme.apply(\(p).pack)` applies all of it as `ThemePackColors`, `ThemePackTypography` and",
            "/// `ThemePackMetrics`; `theme.apply(\(p)Colors.fallback)` applies the typed colours.",
            "\(a)enum \(p) {",
            "    /// The whole pack.",
            "    \(a)static let pack = \(Self.tokensModule).ThemePack(",
            "        id: \(SwiftIdentifier.stringLiteral(pack.id)),",
            "        name: \(SwiftIdentifier.stringLiteral(pack.name)),",
        ]
        if let description = pack.description {
            lines.append("        description: \(SwiftIdentifier.stringLiteral(description)),")
        }
        lines += [
            "        colors: \(p)Colors.fallback.byName,",
            "        typography: \(p)Typography.fallback.byName,",
            "        radii: \(p)Metrics.fallback.radii.byName,",
            "        spacing: \(p)Metrics.fallback.spacing.byName,",
            "        styles: \(p)Colors.styles,",
        ]
        if pack.contrastPairs.isEmpty {
            lines.append("        contrastPairs: []")
        } else {
            lines.append("        contrastPairs: [")
            for pair in pack.contrastPairs {
                lines.append(
                    "            \(Self.tokensModule).ContrastPair(text: \(SwiftIdentifier.stringLiteral(pair.text)), "
                        + "background: \(SwiftIdentifier.stringLiteral(pair.background)), usage: .\(pair.usage.rawValue)),"
                )
            }
            lines.append("        ]")
        }
        lines.append("    )")
        let styles = sortedStyles(pack)
        if !styles.isEmpty {
            lines += ["", "    /// The pack's custom styles.", "    \(a)enum Styles {"]
            let names = SwiftIdentifier.unique(styles.map(\.key.rawValue))
            for (name, style) in zip(names, styles) {
                lines += [
                    "        /// `\(SwiftIdentifier.comment(style.key.rawValue))`, based on \(SwiftIdentifier.comment(style.value.rawValue)).",
                    "        \(a)static let \(SwiftIdentifier.escaped(name)) = \(Self.kitModule).ThemeStyle(rawValue: \(SwiftIdentifier.stringLiteral(style.key.rawValue)))",
                ]
            }
            lines.append("    }")
        }
        lines.append("}")
        return lines
    }

    private func colors(_ pack: ThemePack, a: String, p: String) -> [String] {
        let names = pack.colors.keys.sorted()
        let properties = SwiftIdentifier.unique(names, taken: Self.reservedMembers)
        var lines = [
            "/// The colours of the \(SwiftIdentifier.comment(pack.name)) pack. Each is a `ColorSet`, resolved by style and",
            "/// contrast when read, so light, dark, high-contrast and custom-style values all stay available.",
            "///",
            "/// ```swift",
            "/// theme.apply(\(p)Colors.fallback)",
            "/// theme.value(\(p)Colors.self).color(\\.\(properties.first ?? "name"), for: .dark, contrast: .increased)",
            "/// ```",
            "\(a)struct \(p)Colors: \(Self.kitModule).ThemeExtension, Swift.Hashable {",
        ]
        lines += keyedMembers(
            valueType: "\(Self.tokensModule).ColorSet", names: names, properties: properties,
            values: names.map { colorSet(pack.colors[$0] ?? ColorSet(ThemeColor(red: 0, green: 0, blue: 0))) },
            placeholder: "\(Self.tokensModule).ColorSet(\(Self.tokensModule).ThemeColor(red: 0, green: 0, blue: 0))",
            a: a, what: "colours", indent: "    ")
        lines += ["", "    /// The pack's colours.", "    \(a)static let fallback = \(p)Colors(byName: packValues)"]
        lines += ["", "    /// Each custom style's base style, used to resolve colours in custom styles."]
        let styles = sortedStyles(pack)
        if styles.isEmpty {
            lines.append(
                "    \(a)static let styles: [\(Self.kitModule).ThemeStyle: \(Self.kitModule).ThemeStyle] = [:]")
        } else {
            lines.append("    \(a)static let styles: [\(Self.kitModule).ThemeStyle: \(Self.kitModule).ThemeStyle] = [")
            for (style, base) in styles {
                lines.append(
                    "        \(Self.kitModule).ThemeStyle(rawValue: \(SwiftIdentifier.stringLiteral(style.rawValue))): "
                        + "\(Self.kitModule).ThemeStyle(rawValue: \(SwiftIdentifier.stringLiteral(base.rawValue))),")
            }
            lines.append("    ]")
        }
        lines += [
            "",
            "    /// A colour resolved for a style and contrast, following custom styles' bases.",
            "    ///",
            "    /// - Parameters:",
            "    ///   - keyPath: The colour, e.g. `\\.\(properties.first ?? "name")`.",
            "    ///   - style: The style to resolve for.",
            "    ///   - contrast: The contrast level; `.standard` by default.",
            "    /// - Returns: The colour to draw with.",
            "    \(a)func color(",
            "        _ keyPath: Swift.KeyPath<\(p)Colors, \(Self.tokensModule).ColorSet>, for style: \(Self.kitModule).ThemeStyle,",
            "        contrast: \(Self.kitModule).ThemeContrast = .standard",
            "    ) -> \(Self.tokensModule).ThemeColor {",
            "        self[keyPath: keyPath].resolved(for: style, contrast: contrast, baseStyles: Self.styles)",
            "    }",
            "}",
        ]
        return lines
    }

    private func typography(_ pack: ThemePack, a: String, p: String) -> [String] {
        let names = pack.typography.keys.sorted()
        let properties = SwiftIdentifier.unique(names, taken: Self.reservedMembers)
        var lines = [
            "/// The text styles of the \(SwiftIdentifier.comment(pack.name)) pack.",
            "\(a)struct \(p)Typography: \(Self.kitModule).ThemeExtension, Swift.Hashable {",
        ]
        lines += keyedMembers(
            valueType: "\(Self.tokensModule).TypographyToken", names: names, properties: properties,
            values: names.map { [typographyToken(pack.typography[$0] ?? TypographyToken(size: 17))] },
            placeholder: "\(Self.tokensModule).TypographyToken(size: 17)", a: a, what: "text styles", indent: "    ")
        lines += [
            "", "    /// The pack's text styles.", "    \(a)static let fallback = \(p)Typography(byName: packValues)",
            "}",
        ]
        return lines
    }

    private func metrics(_ pack: ThemePack, a: String, p: String) -> [String] {
        var lines = [
            "/// The corner radii and spacing of the \(SwiftIdentifier.comment(pack.name)) pack, in points.",
            "\(a)struct \(p)Metrics: \(Self.kitModule).ThemeExtension, Swift.Hashable {",
        ]
        for (type, values, what) in [
            ("Radii", pack.radii, "corner radii"), ("Spacing", pack.spacing, "spacing values"),
        ] {
            let names = values.keys.sorted()
            let properties = SwiftIdentifier.unique(names, taken: Self.reservedMembers)
            lines += [
                "    /// The pack's \(what), in points.",
                "    \(a)struct \(type): Swift.Codable, Swift.Hashable, Swift.Sendable {",
            ]
            lines += keyedMembers(
                valueType: "Swift.Double", names: names, properties: properties,
                values: names.map { [SwiftIdentifier.number(values[$0] ?? 0)] }, placeholder: "0", a: a, what: what,
                indent: "        ")
            lines += ["    }", ""]
        }
        lines += [
            "    /// The corner radii.", "    \(a)var radii: Radii", "    /// The spacing.",
            "    \(a)var spacing: Spacing", "",
            "    /// Creates metrics from radii and spacing.",
            "    \(a)init(radii: Radii, spacing: Spacing) {",
            "        self.radii = radii",
            "        self.spacing = spacing",
            "    }",
            "",
            "    /// The pack's metrics.",
            "    \(a)static let fallback = \(p)Metrics(",
            "        radii: Radii(byName: Radii.packValues), spacing: Spacing(byName: Spacing.packValues))",
            "}",
        ]
        return lines
    }

    // MARK: Pieces

    /// Member names the generated structs use themselves.
    static let reservedMembers: Set<String> = [
        "byName", "color", "styles", "fallback", "packValues", "packValue", "radii", "spacing",
    ]

    /// A struct body whose values live in one stored `byName` dictionary, with a typed computed property per name.
    ///
    /// One stored property and many small functions, rather than a stored property per token: Swift compiles a
    /// struct with a thousand stored properties (its initializers, `Codable` and `Hashable` conformances) in
    /// time and memory that grow much faster than the number of properties — GitHub Primer's 1,140 colours took
    /// over 24 GB. The pack's values are built by functions of at most ``chunkSize`` statements.
    private func keyedMembers(
        valueType: String, names: [String], properties: [String], values: [[String]], placeholder: String, a: String,
        what: String, indent: String
    ) -> [String] {
        let dictionary = "[Swift.String: \(valueType)]"
        var lines = [
            "\(indent)/// The \(what) by their names in the pack.",
            "\(indent)\(a)var byName: \(dictionary)",
            "",
            "\(indent)/// Creates a value from \(what) by name; a name it lacks reads as the pack's value.",
            "\(indent)\(a)init(byName: \(dictionary)) {",
            "\(indent)    self.byName = byName",
            "\(indent)}",
        ]
        for (name, property) in zip(names, properties) {
            let key = SwiftIdentifier.stringLiteral(name)
            lines += [
                "",
                "\(indent)/// `\(SwiftIdentifier.comment(name))`.",
                "\(indent)\(a)var \(SwiftIdentifier.escaped(property)): \(valueType) {",
                "\(indent)    get { byName[\(key)] ?? Self.packValue(\(key)) }",
                "\(indent)    set { byName[\(key)] = newValue }",
                "\(indent)}",
            ]
        }
        lines += [
            "",
            "\(indent)/// The pack's value for a name.",
            "\(indent)static func packValue(_ name: Swift.String) -> \(valueType) {",
            "\(indent)    packValues[name] ?? \(placeholder)",
            "\(indent)}",
            "",
            "\(indent)/// The pack's \(what) by name.",
        ]
        guard !names.isEmpty else { return lines + ["\(indent)static let packValues: \(dictionary) = [:]"] }
        let entries = Array(zip(names, values))
        let chunks = stride(from: 0, to: entries.count, by: Self.chunkSize).map {
            entries[$0..<min($0 + Self.chunkSize, entries.count)]
        }
        lines += [
            "\(indent)static let packValues: \(dictionary) = {",
            "\(indent)    var result: \(dictionary) = [:]",
            "\(indent)    result.reserveCapacity(\(names.count))",
        ]
        lines += chunks.indices.map { "\(indent)    addPackValues\($0)(to: &result)" }
        lines += ["\(indent)    return result", "\(indent)}()"]
        for (index, chunk) in chunks.enumerated() {
            lines += ["", "\(indent)private static func addPackValues\(index)(to result: inout \(dictionary)) {"]
            for (name, value) in chunk {
                var valueLines = value
                valueLines[0] = "result[\(SwiftIdentifier.stringLiteral(name))] = " + valueLines[0]
                lines += valueLines.map { indent + "    " + $0 }
            }
            lines.append("\(indent)}")
        }
        return lines
    }

    /// The most assignments one generated function holds.
    static let chunkSize = 200

    private func sortedStyles(_ pack: ThemePack) -> [(key: ThemeStyle, value: ThemeStyle)] {
        pack.styles.sorted { $0.key.rawValue < $1.key.rawValue }
    }

    /// `ThemeColor(red: …, green: …, blue: …)` with exact components.
    private func color(_ color: ThemeColor) -> String {
        var text =
            "\(Self.tokensModule).ThemeColor(red: \(component(color.red)), green: \(component(color.green)), blue: \(component(color.blue))"
        if color.alpha != 1 { text += ", alpha: \(component(color.alpha))" }
        return text + ")"
    }

    /// A component as the shortest literal that reads back exactly; `0` and `1` without a fraction.
    private func component(_ value: Double) -> String {
        SwiftIdentifier.number(value)
    }

    private func colorSet(_ set: ColorSet) -> [String] {
        var fields: [(String, ThemeColor)] = [("light", set.light), ("dark", set.dark)]
        if let value = set.highContrastLight { fields.append(("highContrastLight", value)) }
        if let value = set.highContrastDark { fields.append(("highContrastDark", value)) }
        let custom = set.custom.filter { $0.key != .light && $0.key != .dark }.sorted {
            $0.key.rawValue < $1.key.rawValue
        }
        var lines = ["\(Self.tokensModule).ColorSet("]
        for (index, (label, value)) in fields.enumerated() {
            let last = index == fields.count - 1 && custom.isEmpty
            lines.append("    \(label): \(color(value))\(last ? "" : ",")  // \(value.hex)")
        }
        if !custom.isEmpty {
            lines.append("    custom: [")
            for (style, value) in custom {
                var entry =
                    "        \(Self.kitModule).ThemeStyle(rawValue: \(SwiftIdentifier.stringLiteral(style.rawValue))): .init(color: \(color(value.color))"
                if let high = value.highContrast { entry += ", highContrast: \(color(high))" }
                lines.append(entry + "),  // \(value.color.hex)\(value.highContrast.map { ", \($0.hex)" } ?? "")")
            }
            lines.append("    ]")
        }
        lines.append(")")
        return lines
    }

    private func typographyToken(_ token: TypographyToken) -> String {
        var arguments: [String] = []
        if let family = token.family { arguments.append("family: \(SwiftIdentifier.stringLiteral(family))") }
        arguments.append("size: \(SwiftIdentifier.number(token.size))")
        arguments.append("weight: \(token.weight)")
        if token.design != .default { arguments.append("design: .\(token.design.rawValue)") }
        if let style = token.textStyle { arguments.append("textStyle: .\(style.rawValue)") }
        if let lineHeight = token.lineHeight { arguments.append("lineHeight: \(SwiftIdentifier.number(lineHeight))") }
        if let spacing = token.letterSpacing { arguments.append("letterSpacing: \(SwiftIdentifier.number(spacing))") }
        return "\(Self.tokensModule).TypographyToken(\(arguments.joined(separator: ", ")))"
    }
}
