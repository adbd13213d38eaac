import Foundation

/// Writes a ``ThemePack`` as W3C Design Tokens (DTCG 2025.10) JSON, for `convert --to dtcg`.
///
/// ``document(for:)`` writes one file that other DTCG tools read as the light appearance and
/// that ``DTCGImporter/pack(document:id:name:)`` reads back **losslessly**: sections become
/// top-level groups (`colors`, `typography`, `radii`, `spacing`), a token's name becomes its
/// path (`brand.primary` → `colors.brand.primary`, with `$root` where a name is also a group),
/// and what DTCG cannot express — dark, high-contrast and custom-style colours, a text style's
/// design and Dynamic Type style, the pack's id, styles and contrast pairs — is kept under the
/// `com.themekit` key of `$extensions`.
///
/// ``resolverBundle(for:)`` writes plain files for tools that do not know the extension: a
/// resolver document whose `theme` modifier has `light`, `dark`, `light-hc` and `dark-hc`
/// contexts, one colour file per context and one file of the other tokens.
///
/// Colours are written as `{colorSpace: "srgb", components, alpha, hex}` with exact
/// components; sizes as `{value, unit: "px"}` (1 pt = 1 px).
///
/// ```swift
/// let json = try DTCGExporter().data(for: pack)
/// ```
public struct DTCGExporter: Sendable {
    /// The `$extensions` key under which ThemeKit keeps what DTCG cannot express.
    public static let extensionKey = "com.themekit"
    /// The `$schema` URL written at the root of token files.
    public static let formatSchema = "https://www.designtokens.org/schemas/2025.10/format.json"
    /// The `$schema` URL written at the root of resolver documents.
    public static let resolverSchema = "https://www.designtokens.org/schemas/2025.10/resolver.json"

    /// Creates an exporter.
    public init() {}

    /// The pack as one lossless DTCG document.
    /// - Parameter pack: The pack.
    /// - Returns: The document's JSON value.
    /// - Throws: ``ThemePackError/invalid(_:)`` when a name cannot be a DTCG path (an empty segment
    ///   such as `a..b`, or a segment starting with `$`).
    public func document(for pack: ThemePack) throws(ThemePackError) -> JSONNode {
        var issues: [ThemePackIssue] = []
        var root = JSONObject()
        root["$schema"] = .string(Self.formatSchema)
        root["$extensions"] = .object([Self.extensionKey: .object(metadata(pack))])
        let colors = tree(
            pack.colors.map { ($0.key, colorToken($0.value, extended: true)) }, section: "colors", issues: &issues)
        let typography = tree(
            pack.typography.map { ($0.key, typographyToken($0.value)) }, section: "typography", issues: &issues)
        let radii = tree(pack.radii.map { ($0.key, dimensionToken($0.value)) }, section: "radii", issues: &issues)
        let spacing = tree(pack.spacing.map { ($0.key, dimensionToken($0.value)) }, section: "spacing", issues: &issues)
        if !issues.isEmpty { throw .invalid(issues) }
        for (key, type, group) in [
            ("colors", DTCGType.color, colors), ("typography", DTCGType.typography, typography),
            ("radii", DTCGType.dimension, radii), ("spacing", DTCGType.dimension, spacing),
        ] where !group.isEmpty {
            var typed = group
            typed["$type"] = .string(type)
            root[key] = .object(typed)
        }
        return .object(root)
    }

    /// The lossless document as canonical JSON bytes (sorted keys, two-space indentation).
    /// - Throws: As ``document(for:)``.
    public func data(for pack: ThemePack) throws(ThemePackError) -> Data {
        Data(JSONWriter(sortedKeys: true, indent: 2).data(from: try document(for: pack)))
    }

    /// Plain DTCG files for other tools: a resolver and its token files, by file name.
    ///
    /// The files are `tokens.resolver.json`, `base.tokens.json` (typography, radii, spacing) and
    /// `light`, `dark`, `light-hc`, `dark-hc` colour files (`light.tokens.json`…). Custom-style
    /// colours and pack metadata are not included; use ``document(for:)`` for a lossless copy.
    /// - Throws: As ``document(for:)``.
    public func resolverBundle(for pack: ThemePack) throws(ThemePackError) -> [String: JSONNode] {
        var issues: [ThemePackIssue] = []
        var files: [String: JSONNode] = [:]
        let appearances: [(String, (ColorSet) -> ThemeColor)] = [
            ("light", { $0.light }), ("dark", { $0.dark }),
            ("light-hc", { $0.highContrastLight ?? $0.light }), ("dark-hc", { $0.highContrastDark ?? $0.dark }),
        ]
        for (context, pick) in appearances {
            var document: JSONObject = ["$schema": .string(Self.formatSchema)]
            var colors = tree(
                pack.colors.map { ($0.key, colorToken(ColorSet(pick($0.value)), extended: false)) }, section: "colors",
                issues: &issues)
            if !colors.isEmpty {
                colors["$type"] = .string(DTCGType.color)
                document["colors"] = .object(colors)
            }
            files["\(context).tokens.json"] = .object(document)
        }
        var base: JSONObject = ["$schema": .string(Self.formatSchema)]
        let typography = tree(
            pack.typography.map { ($0.key, typographyToken($0.value)) }, section: "typography", issues: &issues)
        let radii = tree(pack.radii.map { ($0.key, dimensionToken($0.value)) }, section: "radii", issues: &issues)
        let spacing = tree(pack.spacing.map { ($0.key, dimensionToken($0.value)) }, section: "spacing", issues: &issues)
        for (key, type, group) in [
            ("typography", DTCGType.typography, typography), ("radii", DTCGType.dimension, radii),
            ("spacing", DTCGType.dimension, spacing),
        ] where !group.isEmpty {
            var typed = group
            typed["$type"] = .string(type)
            base[key] = .object(typed)
        }
        files["base.tokens.json"] = .object(base)
        if !issues.isEmpty { throw .invalid(issues) }
        let contexts = JSONObject(
            appearances.map { context, _ in (context, .array([.object(["$ref": .string("./\(context).tokens.json")])]))
            })
        files["tokens.resolver.json"] = .object([
            "$schema": .string(Self.resolverSchema),
            "name": .string(pack.name),
            "version": "2025.10",
            "sets": .object(["base": .object(["sources": [.object(["$ref": "./base.tokens.json"])]])]),
            "modifiers": .object(["theme": .object(["contexts": .object(contexts), "default": "light"])]),
            "resolutionOrder": [.object(["$ref": "#/sets/base"]), .object(["$ref": "#/modifiers/theme"])],
        ])
        return files
    }

    // MARK: Values

    func metadata(_ pack: ThemePack) -> JSONObject {
        var object: JSONObject = [
            "schemaVersion": .number(Double(ThemePack.currentSchemaVersion)), "id": .string(pack.id),
            "name": .string(pack.name),
        ]
        if let description = pack.description { object["description"] = .string(description) }
        if !pack.styles.isEmpty {
            object["styles"] = .object(JSONObject(pack.styles.map { ($0.key.rawValue, .string($0.value.rawValue)) }))
        }
        if !pack.contrastPairs.isEmpty {
            object["contrastPairs"] = .array(
                pack.contrastPairs.map {
                    .object([
                        "text": .string($0.text), "background": .string($0.background),
                        "usage": .string($0.usage.rawValue),
                    ])
                })
        }
        return object
    }

    static func colorValue(_ color: ThemeColor) -> JSONNode {
        if let p3 = color.displayP3 {
            // A wide-gamut colour is written in Display P3, its sRGB fallback as the hex.
            var object: JSONObject = [
                "colorSpace": "display-p3", "components": [.number(p3.red), .number(p3.green), .number(p3.blue)],
            ]
            if color.alpha != 1 { object["alpha"] = .number(color.alpha) }
            object["hex"] = .string(ThemeColor(red: color.red, green: color.green, blue: color.blue).hex.lowercased())
            return .object(object)
        }
        var object: JSONObject = [
            "colorSpace": "srgb", "components": [.number(color.red), .number(color.green), .number(color.blue)],
        ]
        if color.alpha != 1 { object["alpha"] = .number(color.alpha) }
        let opaque = ThemeColor(red: color.red, green: color.green, blue: color.blue)
        object["hex"] = .string(opaque.hex.lowercased())
        return .object(object)
    }

    func colorToken(_ set: ColorSet, extended: Bool) -> JSONObject {
        var token: JSONObject = ["$value": Self.colorValue(set.light)]
        guard extended else { return token }
        var appearances: JSONObject = ["dark": Self.colorValue(set.dark)]
        if let high = set.highContrastLight { appearances["highContrastLight"] = Self.colorValue(high) }
        if let high = set.highContrastDark { appearances["highContrastDark"] = Self.colorValue(high) }
        let custom = set.custom.filter { $0.key != .light && $0.key != .dark }
        if !custom.isEmpty {
            appearances["custom"] = .object(
                JSONObject(
                    custom.map { style, value in
                        var entry: JSONObject = ["color": Self.colorValue(value.color)]
                        if let high = value.highContrast { entry["highContrast"] = Self.colorValue(high) }
                        return (style.rawValue, .object(entry))
                    }))
        }
        token["$extensions"] = .object([Self.extensionKey: .object(appearances)])
        return token
    }

    static let genericFamily: [FontDesign: String] = [
        .default: "system-ui", .serif: "ui-serif", .rounded: "ui-rounded", .monospaced: "ui-monospace",
    ]

    func typographyToken(_ style: TypographyToken) -> JSONObject {
        let generic = JSONNode.string(Self.genericFamily[style.design] ?? "system-ui")
        var value: JSONObject = [
            "fontFamily": style.family.map { .array([.string($0), generic]) } ?? generic,
            "fontSize": .object(["value": .number(style.size), "unit": "px"]),
            "fontWeight": .number(Double(style.weight)),
        ]
        if let lineHeight = style.lineHeight { value["lineHeight"] = .number(lineHeight) }
        if let spacing = style.letterSpacing {
            value["letterSpacing"] = .object(["value": .number(spacing), "unit": "px"])
        }
        var extra: JSONObject = ["design": .string(style.design.rawValue)]
        if let textStyle = style.textStyle { extra["textStyle"] = .string(textStyle.rawValue) }
        return ["$value": .object(value), "$extensions": .object([Self.extensionKey: .object(extra)])]
    }

    func dimensionToken(_ points: Double) -> JSONObject {
        ["$value": .object(["value": .number(points), "unit": "px"])]
    }

    // MARK: Paths

    /// A nested group built from dotted names; a name that is also a group's prefix becomes its `$root`.
    final class TreeNode {
        var token: JSONObject?
        var children: [String: TreeNode] = [:]

        func json() -> JSONObject {
            // Pairs, then one linear JSONObject(_:), rather than `object[key] = …`, which searches the members.
            var members: [(String, JSONNode)] = []
            members.reserveCapacity(children.count)
            for key in children.keys.sorted() {
                guard let child = children[key] else { continue }
                if child.children.isEmpty, let token = child.token {
                    members.append((key, .object(token)))
                } else {
                    var group = child.json()
                    if let token = child.token { group["$root"] = .object(token) }
                    members.append((key, .object(group)))
                }
            }
            return JSONObject(members)
        }
    }

    func tree(_ tokens: [(String, JSONObject)], section: String, issues: inout [ThemePackIssue]) -> JSONObject {
        let root = TreeNode()
        for (name, token) in tokens.sorted(by: { $0.0 < $1.0 }) {
            let segments = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if let bad = segments.first(where: {
                $0.isEmpty || $0.hasPrefix("$") || DTCGTreeParser.nameProblem($0) != nil
            }) {
                issues.append(
                    ThemePackIssue(
                        path: "\(section).\(name)",
                        reason: "the name cannot be a DTCG path: the segment \(JSONWriter.quoted(bad)) is empty, "
                            + "starts with '$' or holds '{' or '}'",
                        severity: .error, code: .invalidName))
                continue
            }
            var node = root
            for segment in segments {
                if let child = node.children[segment] {
                    node = child
                } else {
                    let child = TreeNode()
                    node.children[segment] = child
                    node = child
                }
            }
            node.token = token
        }
        return root.json()
    }
}
