import Foundation

/// A token's value after its type is known and its aliases are resolved.
public enum DTCGValue: Hashable, Sendable {
    /// A `color`, converted to sRGB.
    case color(ThemeColor)
    /// A `dimension`.
    case dimension(Dimension)
    /// A `fontFamily`: one or more names, most preferred first.
    case fontFamily([String])
    /// A `fontWeight`, 1…1000 (named weights converted).
    case fontWeight(Int)
    /// A `number`.
    case number(Double)
    /// A `typography` composite, sub-value aliases resolved.
    case typography(DTCGTypography)
    /// A value of a type this library does not map (`duration`, `shadow`, `border`…), verbatim.
    case other(type: String, value: JSONNode)

    /// The DTCG type name of the value.
    public var typeName: String {
        switch self {
        case .color: DTCGType.color
        case .dimension: DTCGType.dimension
        case .fontFamily: DTCGType.fontFamily
        case .fontWeight: DTCGType.fontWeight
        case .number: DTCGType.number
        case .typography: DTCGType.typography
        case .other(let type, _): type
        }
    }
}

/// A resolved DTCG `typography` value.
public struct DTCGTypography: Hashable, Sendable {
    /// The font families, most preferred first; may end in a generic family (`sans-serif`, `monospace`).
    public var fontFamily: [String]?
    /// The font size.
    public var fontSize: Dimension
    /// The weight, 1…1000.
    public var fontWeight: Int?
    /// The line height as a multiple of the font size.
    public var lineHeight: Double?
    /// The letter spacing in points (an `em` value is multiplied by the font size).
    public var letterSpacing: Double?

    /// Creates a typography value.
    public init(
        fontFamily: [String]? = nil, fontSize: Dimension, fontWeight: Int? = nil, lineHeight: Double? = nil,
        letterSpacing: Double? = nil
    ) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
    }
}

/// The DTCG type names.
public enum DTCGType {
    /// `color`.
    public static let color = "color"
    /// `dimension`.
    public static let dimension = "dimension"
    /// `fontFamily`.
    public static let fontFamily = "fontFamily"
    /// `fontWeight`.
    public static let fontWeight = "fontWeight"
    /// `number`.
    public static let number = "number"
    /// `typography`.
    public static let typography = "typography"
    /// Every type the 2025.10 format defines; others are reported as unknown.
    public static let known: Set<String> = [
        color, dimension, fontFamily, fontWeight, number, typography, "duration", "cubicBezier", "strokeStyle",
        "border", "transition", "shadow", "gradient",
    ]
}

/// Parses literal (non-alias) values of each type.
enum DTCGLiteral {
    /// A failure: what is wrong, where below the token (`$value.hex`), and the kind of problem.
    struct Failure: Error {
        var suffix: String
        var reason: String
        var code: ThemePackIssue.Code
    }

    /// A colour: a CSS colour string (hex, `rgb()`, `hsl()`, a named colour; see ``ThemeColor/init(css:)``)
    /// or a 2025.10 object. Non-fatal problems (a 3-digit `hex` field, a component outside its range, a
    /// colour outside the sRGB gamut…) are appended to `notes`.
    static func color(_ value: JSONNode, notes: inout [Failure]) throws(Failure) -> ThemeColor {
        switch value {
        case .string(let text):
            do {
                let parsed = try ThemeColor.parsingCSS(text)
                for sentence in parsed.clamped {
                    notes.append(
                        Failure(suffix: "$value", reason: "in '\(text)', \(sentence)", code: .outOfRange))
                }
                return parsed.color
            } catch {
                throw Failure(suffix: "$value", reason: error.description, code: .invalidColor)
            }
        case .object(let object):
            return try structuredColor(object, notes: &notes)
        default:
            throw Failure(
                suffix: "$value",
                reason:
                    "a colour must be a CSS colour string or {colorSpace, components, alpha, hex}, not \(value.kindDescription)",
                code: .wrongType)
        }
    }

    /// A 2025.10 colour object in any of the 14 spaces (``ColorSpace``), converted to sRGB.
    ///
    /// Components outside their space's range are reported one by one; a colour outside the sRGB gamut keeps
    /// its Display P3 value (``ThemeColor/displayP3``) with an sRGB fallback gamut-mapped by CSS Color 4's
    /// algorithm (never clipped), and one outside P3 too is mapped into P3 and reported; the `hex` field (6 or 8
    /// digits) is the fallback for a space that is not known and is checked against the components otherwise.
    static func structuredColor(_ object: JSONObject, notes: inout [Failure]) throws(Failure) -> ThemeColor {
        for key in object.keys where !["colorSpace", "components", "alpha", "hex"].contains(key) {
            notes.append(
                Failure(
                    suffix: "$value.\(key)",
                    reason: "\(JSONWriter.quoted(key)) is not a colour property; it is ignored",
                    code: .unknownKey))
        }
        var hexColor: ThemeColor?
        if let hexValue = object["hex"] {
            if case .string(let hex) = hexValue, hex.count == 7 || hex.count == 9,
                let parsed = try? ThemeColor(hex: hex)
            {
                hexColor = parsed
            } else {
                notes.append(
                    Failure(
                        suffix: "$value.hex",
                        reason:
                            "hex \(JSONWriter.string(hexValue)) must be a 6-digit \"#RRGGBB\" (or 8-digit \"#RRGGBBAA\") string; the components are used",
                        code: .invalidColor))
            }
        }
        var alpha = 1.0
        if let alphaValue = object["alpha"] {
            guard case .number(let number) = alphaValue else {
                throw Failure(suffix: "$value.alpha", reason: "alpha must be a number in 0…1", code: .wrongType)
            }
            if !(0...1).contains(number) {
                notes.append(
                    Failure(
                        suffix: "$value.alpha",
                        reason: "alpha \(JSONWriter.format(number)) is outside 0…1; \(number < 0 ? 0 : 1) is used",
                        code: .outOfRange))
            }
            alpha = min(max(number, 0), 1)
        }
        guard case .string(let spaceName)? = object["colorSpace"] else {
            throw Failure(suffix: "$value.colorSpace", reason: "the colour has no colorSpace string", code: .missingKey)
        }
        guard let space = ColorSpace(rawValue: spaceName) else {
            if let hexColor {
                notes.append(
                    Failure(
                        suffix: "$value.colorSpace",
                        reason:
                            "\(JSONWriter.quoted(spaceName)) is not a DTCG colour space; the hex fallback is used",
                        code: .unsupported))
                return ThemeColor(red: hexColor.red, green: hexColor.green, blue: hexColor.blue, alpha: alpha)
            }
            throw Failure(
                suffix: "$value.colorSpace",
                reason: "\(JSONWriter.quoted(spaceName)) is not a DTCG colour space ("
                    + ColorSpace.allCases.map(\.rawValue).joined(separator: ", ") + ") and there is no hex fallback",
                code: .unsupported)
        }
        guard case .array(let componentValues)? = object["components"], componentValues.count == 3 else {
            throw Failure(
                suffix: "$value.components", reason: "components must be an array of three numbers", code: .wrongType)
        }
        var components: [Double] = []
        for (index, component) in componentValues.enumerated() {
            switch component {
            case .number(let number): components.append(number)
            // CSS Color 4's `none` is a missing component, which is treated as 0.
            case .string("none"): components.append(0)
            default:
                throw Failure(
                    suffix: "$value.components[\(index)]", reason: "a component must be a number or \"none\"",
                    code: .wrongType)
            }
        }
        for (index, range) in space.componentRanges.enumerated() {
            guard let range, !range.contains(components[index]) else { continue }
            let upper = range.upperBound.isFinite ? JSONWriter.format(range.upperBound) : "∞"
            notes.append(
                Failure(
                    suffix: "$value.components[\(index)]",
                    reason: "the component \(JSONWriter.format(components[index])) is outside the \(space.rawValue) "
                        + "range \(JSONWriter.format(range.lowerBound))…\(upper)",
                    code: .outOfRange))
        }
        // Wide gamut kept: a colour outside sRGB is carried in Display P3 (gamut-mapped into P3 only when
        // it is outside P3 too), with its sRGB fallback gamut-mapped from that P3 colour, so a pack exported
        // as DTCG reads back identical.
        let (color, outsideP3) = ThemeColor.keepingWideGamut(components, in: space, alpha: alpha)
        if color.displayP3 != nil {
            if outsideP3 {
                notes.append(
                    Failure(
                        suffix: "$value",
                        reason: "the \(space.rawValue) colour is outside the Display P3 gamut; it is gamut-mapped "
                            + "(CSS Color 4, not clipped) into Display P3 and to \(color.hex) in sRGB",
                        code: .outOfRange))
            }
        } else if let hexColor,
            !ThemeColor(red: hexColor.red, green: hexColor.green, blue: hexColor.blue).isApproximatelyEqual(
                to: ThemeColor(red: color.red, green: color.green, blue: color.blue), tolerance: 1.0 / 255)
        {
            notes.append(
                Failure(
                    suffix: "$value.hex",
                    reason: "hex \(hexColor.hex) does not match the components (\(color.hex)); the components are used",
                    code: .invalidColor))
        }
        return color
    }

    static func gammaEncode(_ linear: Double) -> Double {
        guard linear > 0.0031308 else { return 12.92 * linear }
        guard linear < 1 else { return 1 }
        return 1.055 * Foundation.pow(linear, 1 / 2.4) - 0.055
    }

    /// A dimension: `{value, unit}` or a legacy string (`"4px"`, `"0.25rem"`).
    static func dimension(_ value: JSONNode, suffix: String = "$value") throws(Failure) -> Dimension {
        switch value {
        case .string(let text):
            do {
                return try Dimension(parsing: text)
            } catch {
                throw Failure(suffix: suffix, reason: error.description, code: .invalidValue)
            }
        case .object(let object):
            guard case .number(let number)? = object["value"] else {
                throw Failure(suffix: suffix + ".value", reason: "a dimension needs a numeric value", code: .missingKey)
            }
            guard case .string(let unitName)? = object["unit"] else {
                throw Failure(suffix: suffix + ".unit", reason: "a dimension needs a unit string", code: .missingKey)
            }
            guard let unit = Dimension.Unit(rawValue: unitName) else {
                throw Failure(
                    suffix: suffix + ".unit", reason: "the unit \(JSONWriter.quoted(unitName)) is not px or rem",
                    code: .invalidValue)
            }
            return Dimension(value: number, unit: unit)
        default:
            throw Failure(
                suffix: suffix,
                reason: "a dimension must be {value, unit} or a string like \"4px\", not \(value.kindDescription)",
                code: .wrongType)
        }
    }

    static func fontFamily(_ value: JSONNode, suffix: String = "$value") throws(Failure) -> [String] {
        switch value {
        case .string(let name) where !name.isEmpty:
            do {
                return try FontStack.families(in: name)
            } catch {
                throw Failure(suffix: suffix, reason: error.description, code: .invalidValue)
            }
        case .array(let names) where !names.isEmpty:
            var result: [String] = []
            for name in names {
                guard case .string(let text) = name, !text.isEmpty else {
                    throw Failure(
                        suffix: suffix, reason: "every font family must be a non-empty string", code: .wrongType)
                }
                result.append(text)
            }
            return result
        default:
            throw Failure(
                suffix: suffix, reason: "a font family must be a name or a non-empty array of names", code: .wrongType)
        }
    }

    static func fontWeight(_ value: JSONNode, suffix: String = "$value") throws(Failure) -> Int {
        switch value {
        case .number(let number):
            guard let weight = Int(exactly: number), TypographyToken.weightRange.contains(weight) else {
                throw Failure(
                    suffix: suffix, reason: "the weight \(JSONWriter.format(number)) is not a whole number in 1…1000",
                    code: .outOfRange)
            }
            return weight
        case .string(let name):
            guard let weight = FontWeightName.value(of: name) else {
                throw Failure(
                    suffix: suffix, reason: "\(JSONWriter.quoted(name)) is not a font-weight name", code: .invalidValue)
            }
            return weight
        default:
            throw Failure(suffix: suffix, reason: "a font weight must be a number or a name", code: .wrongType)
        }
    }

    static func number(_ value: JSONNode, suffix: String = "$value") throws(Failure) -> Double {
        guard case .number(let number) = value else {
            throw Failure(
                suffix: suffix, reason: "the value must be a number, not \(value.kindDescription)", code: .wrongType)
        }
        return number
    }
}

extension JSONWriter {
    /// A value as compact JSON text, for quoting in messages (long values are cut short).
    static func string(_ value: JSONNode) -> String {
        let text = JSONWriter(sortedKeys: false, indent: 0).string(from: value)
        return text.count > 60 ? String(text.prefix(60)) + "…" : text
    }
}
