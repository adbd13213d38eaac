/// The `$type` a token without one is read as, when its value leaves no doubt.
///
/// DTCG asks for an explicit `$type` (own, a group's, or an alias target's) and says tools must
/// not guess one from the value. Real files leave it out anyway — Apple HIG's light colours
/// (`apple-hig/color/light.tokens.json`) have none while their dark twins do — and leaving such
/// tokens out silently changes the result. So a value is read as a colour when it can be nothing
/// else, and the import still reports the missing `$type` (`missingType`): an error under
/// `.strict`, a warning under `.lenient` with the token kept.
///
/// Only two shapes are unambiguous:
/// - a string `#` followed by 3, 4, 6 or 8 hexadecimal digits;
/// - an object with a string `colorSpace` and a `components` array (the DTCG 2025.10 colour object).
///
/// Nothing else is inferred: `"12px"` could be a dimension or a string, `400` a number or a font
/// weight, an object with `fontSize` a typography or a vendor composite.
enum DTCGTypeInference {
    /// The inferred type, or `nil` when the value does not say.
    static func type(of value: JSONNode) -> String? {
        switch value {
        case .string(let text):
            return isHexColor(text) ? DTCGType.color : nil
        case .object(let object):
            guard case .string? = object["colorSpace"], case .array? = object["components"] else { return nil }
            return DTCGType.color
        default:
            return nil
        }
    }

    /// `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` in ASCII hexadecimal digits.
    static func isHexColor(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.first == "#", [4, 5, 7, 9].contains(scalars.count) else { return false }
        return scalars.dropFirst().allSatisfy { scalar in
            ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
        }
    }

    /// What the import says about an inferred type.
    static func reason(for type: String, value: JSONNode) -> String {
        let shape = value.stringValue != nil ? "a hex colour string" : "a colour object (colorSpace, components)"
        return "the token has no $type, and neither do its groups; its value is \(shape), so it is read as a \(type) "
            + "(DTCG asks for an explicit $type)"
    }
}
