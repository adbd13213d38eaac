import Foundation

/// Writes theme packs as canonical JSON: sorted keys, two-space indentation, a final newline.
///
/// The same pack always produces the same bytes, so packs diff cleanly and round-trip exactly:
/// `ThemePackDecoder().decode(ThemePackEncoder().encode(pack)).pack == pack`.
/// Colours are written as `#RRGGBB`/`#RRGGBBAA` when that is exact, and as
/// `{"red":…,"green":…,"blue":…,"alpha":…}` otherwise; absent optional fields are left out.
///
/// ```swift
/// let data = ThemePackEncoder().encode(pack)
/// try data.write(to: url)
/// ```
public struct ThemePackEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The canonical JSON bytes of a pack.
    /// - Parameter pack: The pack.
    /// - Returns: UTF-8 JSON with sorted keys.
    /// - Complexity: O(*n* log *n*) in the number of tokens.
    public func encode(_ pack: ThemePack) -> Data {
        Data(JSONWriter(sortedKeys: true, indent: 2).data(from: jsonValue(pack)))
    }

    /// The canonical JSON text of a pack.
    public func string(_ pack: ThemePack) -> String {
        JSONWriter(sortedKeys: true, indent: 2).string(from: jsonValue(pack))
    }

    /// The pack as a JSON value tree, for embedding in other documents.
    public func jsonValue(_ pack: ThemePack) -> JSONNode {
        var root = JSONObject()
        root["schemaVersion"] = .number(Double(ThemePack.currentSchemaVersion))
        root["id"] = .string(pack.id)
        root["name"] = .string(pack.name)
        if let description = pack.description { root["description"] = .string(description) }
        if !pack.colors.isEmpty {
            root["colors"] = .object(JSONObject(pack.colors.map { ($0.key, Self.colorSet($0.value)) }))
        }
        if !pack.typography.isEmpty {
            root["typography"] = .object(JSONObject(pack.typography.map { ($0.key, Self.typography($0.value)) }))
        }
        if !pack.radii.isEmpty { root["radii"] = .object(JSONObject(pack.radii.map { ($0.key, .number($0.value)) })) }
        if !pack.spacing.isEmpty {
            root["spacing"] = .object(JSONObject(pack.spacing.map { ($0.key, .number($0.value)) }))
        }
        if !pack.styles.isEmpty {
            root["styles"] = .object(JSONObject(pack.styles.map { ($0.key.rawValue, .string($0.value.rawValue)) }))
        }
        if !pack.contrastPairs.isEmpty {
            root["contrastPairs"] = .array(
                pack.contrastPairs.map {
                    .object([
                        "text": .string($0.text), "background": .string($0.background),
                        "usage": .string($0.usage.rawValue),
                    ])
                })
        }
        return .object(root).sortedByKey()
    }

    static func color(_ color: ThemeColor) -> JSONNode {
        if color.isByteExact, color.displayP3 == nil { return .string(color.hex) }
        var object: JSONObject = [
            "red": .number(color.red), "green": .number(color.green), "blue": .number(color.blue),
            "alpha": .number(color.alpha),
        ]
        if let p3 = color.displayP3 {
            object["displayP3"] = .array([.number(p3.red), .number(p3.green), .number(p3.blue)])
        }
        return .object(object)
    }

    static func colorSet(_ set: ColorSet) -> JSONNode {
        var object = JSONObject()
        object["light"] = color(set.light)
        object["dark"] = color(set.dark)
        if let value = set.highContrastLight { object["highContrastLight"] = color(value) }
        if let value = set.highContrastDark { object["highContrastDark"] = color(value) }
        let custom = set.custom.filter { $0.key != .light && $0.key != .dark }
        if !custom.isEmpty {
            object["custom"] = .object(
                JSONObject(
                    custom.map { style, value in
                        var entry: JSONObject = ["color": color(value.color)]
                        if let highContrast = value.highContrast { entry["highContrast"] = color(highContrast) }
                        return (style.rawValue, .object(entry))
                    }))
        }
        return .object(object)
    }

    static func typography(_ token: TypographyToken) -> JSONNode {
        var object = JSONObject()
        if let family = token.family { object["family"] = .string(family) }
        object["size"] = .number(token.size)
        object["weight"] = .number(Double(token.weight))
        if token.design != .default { object["design"] = .string(token.design.rawValue) }
        if let style = token.textStyle { object["textStyle"] = .string(style.rawValue) }
        if let lineHeight = token.lineHeight { object["lineHeight"] = .number(lineHeight) }
        if let letterSpacing = token.letterSpacing { object["letterSpacing"] = .number(letterSpacing) }
        return .object(object)
    }
}
