import Foundation

extension AssetCatalogColorSet {
    /// Parses a `.colorset/Contents.json` as Xcode, or a generator such as Style Dictionary, writes it.
    ///
    /// Accepted, per entry:
    /// - **Appearances**: none (Any); `luminosity` `light` or `dark`; `contrast` `high`; or a luminosity
    ///   together with high contrast.
    /// - **Colour spaces**: `srgb` and `extended-srgb` (used as is), `extended-linear-srgb` (gamma-encoded),
    ///   `display-p3` (converted with ``ThemeColor/init(displayP3Red:green:blue:alpha:)``),
    ///   `gray-gamma-22` and `extended-gray` (`white` and `alpha` components, gamma 2.2, converted to sRGB).
    ///   Values outside the sRGB gamut are clamped, with an ``AssetCatalogWarning/clampedToSRGB(path:jsonPath:)``.
    /// - **Components**, as strings or JSON numbers: decimals (`"0.5"`, `"1.000"`, `"0.1059"`), `0x` bytes
    ///   (`"0x08"`, read as 8/255), or integers 0–255 (`"255"`, read as 255/255), the three input methods of
    ///   Xcode's colour panel. An integer is always a byte, so `"1"` is 1/255, except for `alpha`, which Xcode
    ///   only writes as a decimal: there `"0"` and `"1"` mean 0 and 1.
    ///
    /// Entries that cannot become a fixed sRGB colour are skipped with a warning rather than failing: a system
    /// colour reference (`"reference" : "systemBackgroundColor"`), another idiom, another appearance kind or
    /// qualifier, an unsupported colour space, or a repeated appearance.
    ///
    /// The text is read by ``JSONReader`` with ``JSONLimits/default``: strict JSON, at most 8 MiB and 64
    /// levels of nesting. A key repeated within one object is not an error: the last value is used and
    /// ``AssetCatalogWarning/duplicateKey(path:jsonPath:key:)`` reports it.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The file's path, used in errors and warnings.
    ///   - warnings: Receives a warning for everything skipped, clamped or repeated: the first
    ///     ``maxWarningsPerFile``, then one ``AssetCatalogWarning/moreWarnings(path:count:)`` with how many more
    ///     there were (a file of a hundred thousand entries for another idiom gives 21 warnings, not 100,000).
    /// - Throws: ``AssetCatalogError`` naming `path` and the JSON path (such as `$.colors[1].color.components.red`)
    ///   when the JSON is invalid or exceeds the reader's limits (``AssetCatalogError/invalidJSON(path:reason:)``,
    ///   whose reason gives the line, column and JSON path), a required value is missing or has the wrong type,
    ///   or a component is not a number in range.
    public init(contentsJSON data: Data, path: String, warnings: inout [AssetCatalogWarning]) throws(AssetCatalogError)
    {
        let first = warnings.count
        defer {
            let extra = warnings.count - first - Self.maxWarningsPerFile
            if extra > 0 {
                warnings.removeLast(extra)
                warnings.append(.moreWarnings(path: path, count: extra))
            }
        }
        let reader = ColorSetReader(path: path)
        let root = try reader.object(try ContentsJSON.read(data, path: path, warnings: &warnings), at: "$")
        let entries = try reader.array(try reader.required("colors", in: root, at: "$"), at: "$.colors")
        var colors: [AssetCatalogAppearance: ThemeColor] = [:]
        for (index, entry) in entries.enumerated() {
            let jsonPath = "$.colors[\(index)]"
            guard let (appearance, color) = try reader.entry(entry, at: jsonPath, warnings: &warnings) else {
                continue
            }
            if colors[appearance] != nil {
                warnings.append(.duplicateAppearance(path: path, jsonPath: jsonPath, appearance: appearance))
                continue
            }
            colors[appearance] = color
        }
        self.init(colors: colors)
    }

    /// The most warnings one colour set's file gives (``init(contentsJSON:path:warnings:)``).
    public static let maxWarningsPerFile = 20
}

/// Reads the parts of a colour set's JSON, turning every problem into an error or warning naming the path.
private struct ColorSetReader {
    let path: String

    func object(_ value: JSONNode, at jsonPath: String) throws(AssetCatalogError) -> JSONObject {
        guard case .object(let object) = value else { throw wrongType(value, at: jsonPath, expected: "an object") }
        return object
    }

    func array(_ value: JSONNode, at jsonPath: String) throws(AssetCatalogError) -> [JSONNode] {
        guard case .array(let elements) = value else { throw wrongType(value, at: jsonPath, expected: "an array") }
        return elements
    }

    func string(_ value: JSONNode, at jsonPath: String) throws(AssetCatalogError) -> String {
        guard case .string(let string) = value else { throw wrongType(value, at: jsonPath, expected: "a string") }
        return string
    }

    func required(_ key: String, in object: JSONObject, at jsonPath: String) throws(AssetCatalogError)
        -> JSONNode
    {
        guard let value = object[key] else { throw .missingValue(path: path, jsonPath: jsonPath + "." + key) }
        return value
    }

    private func wrongType(_ value: JSONNode, at jsonPath: String, expected: String) -> AssetCatalogError {
        .wrongType(path: path, jsonPath: jsonPath, expected: expected, found: value.kindDescription)
    }

    /// One entry of `colors`, or `nil` when it was skipped with a warning.
    func entry(_ value: JSONNode, at jsonPath: String, warnings: inout [AssetCatalogWarning]) throws(AssetCatalogError)
        -> (AssetCatalogAppearance, ThemeColor)?
    {
        let entry = try object(value, at: jsonPath)
        if let idiomValue = entry["idiom"] {
            let idiom = try string(idiomValue, at: jsonPath + ".idiom")
            guard idiom == "universal" else {
                warnings.append(.unsupportedIdiom(path: path, jsonPath: jsonPath + ".idiom", idiom: idiom))
                return nil
            }
        }
        for key in entry.keys.sorted() where !["idiom", "appearances", "color"].contains(key) {
            let qualifier = entry[key] ?? .null
            // An sRGB display-gamut entry is the ordinary one; a P3 one only applies on wide-gamut displays.
            if key == "display-gamut", qualifier == .string("sRGB") { continue }
            let shown: String
            if case .string(let text) = qualifier { shown = text } else { shown = qualifier.kindDescription }
            warnings.append(.unsupportedQualifier(path: path, jsonPath: jsonPath + "." + key, key: key, value: shown))
            return nil
        }
        guard let appearance = try appearance(of: entry, at: jsonPath, warnings: &warnings) else { return nil }
        let colorPath = jsonPath + ".color"
        let color = try object(try required("color", in: entry, at: jsonPath), at: colorPath)
        if let reference = color["reference"] {
            let name = try string(reference, at: colorPath + ".reference")
            warnings.append(.systemColorReference(path: path, jsonPath: colorPath, name: name))
            return nil
        }
        guard let themeColor = try self.color(color, at: colorPath, warnings: &warnings) else { return nil }
        return (appearance, themeColor)
    }

    private func appearance(
        of entry: JSONObject, at jsonPath: String, warnings: inout [AssetCatalogWarning]
    ) throws(AssetCatalogError) -> AssetCatalogAppearance? {
        var result = AssetCatalogAppearance.any
        guard let list = entry["appearances"] else { return result }
        for (index, item) in try array(list, at: jsonPath + ".appearances").enumerated() {
            let itemPath = jsonPath + ".appearances[\(index)]"
            let members = try object(item, at: itemPath)
            let kind = try string(try required("appearance", in: members, at: itemPath), at: itemPath + ".appearance")
            let value = try string(try required("value", in: members, at: itemPath), at: itemPath + ".value")
            switch (kind, value) {
            case ("luminosity", "light") where result.luminosity == .any:
                result.luminosity = .light
            case ("luminosity", "dark") where result.luminosity == .any:
                result.luminosity = .dark
            case ("contrast", "high"):
                result.highContrast = true
            default:
                warnings.append(.unsupportedAppearance(path: path, jsonPath: itemPath, appearance: kind, value: value))
                return nil
            }
        }
        return result
    }

    private func color(
        _ color: JSONObject, at jsonPath: String, warnings: inout [AssetCatalogWarning]
    ) throws(AssetCatalogError) -> ThemeColor? {
        let space = try string(try required("color-space", in: color, at: jsonPath), at: jsonPath + ".color-space")
        let componentsPath = jsonPath + ".components"
        let components = try object(try required("components", in: color, at: jsonPath), at: componentsPath)
        func read(_ key: String, extended: Bool = false) throws(AssetCatalogError) -> Double {
            try component(key, in: components, at: componentsPath, extended: extended)
        }
        let alpha = try read("alpha")
        let rgb: (Double, Double, Double)
        switch space {
        case "srgb":
            rgb = (try read("red"), try read("green"), try read("blue"))
        case "extended-srgb":
            rgb = (try read("red", extended: true), try read("green", extended: true), try read("blue", extended: true))
        case "extended-linear-srgb":
            let linear = (
                try read("red", extended: true), try read("green", extended: true), try read("blue", extended: true)
            )
            rgb = (
                ThemeColor.gammaEncoded(linear.0), ThemeColor.gammaEncoded(linear.1), ThemeColor.gammaEncoded(linear.2)
            )
        case "display-p3":
            rgb = ThemeColor.unclampedSRGB(displayP3: (try read("red"), try read("green"), try read("blue")))
        case "gray-gamma-22", "extended-gray":
            let level = ThemeColor.srgbLevel(grayGamma22: try read("white", extended: space == "extended-gray"))
            rgb = (level, level, level)
        default:
            warnings.append(.unsupportedColorSpace(path: path, jsonPath: jsonPath + ".color-space", colorSpace: space))
            return nil
        }
        let tolerance = 1.0 / 510
        if [rgb.0, rgb.1, rgb.2].contains(where: { $0 < -tolerance || $0 > 1 + tolerance }) {
            warnings.append(.clampedToSRGB(path: path, jsonPath: jsonPath))
        }
        return ThemeColor(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
    }

    /// A component value: a decimal, `0x` byte or 0–255 integer, as a string or a JSON number.
    private func component(
        _ key: String, in components: JSONObject, at componentsPath: String, extended: Bool
    ) throws(AssetCatalogError) -> Double {
        let jsonPath = componentsPath + "." + key
        let value: Double
        let shown: String
        switch try required(key, in: components, at: componentsPath) {
        case .string(let text):
            shown = text
            value = try parseComponent(text, isAlpha: key == "alpha", at: jsonPath)
        case .number(let number):
            shown = String(number)
            value = number
        case let other:
            throw .wrongType(
                path: path, jsonPath: jsonPath, expected: "a string such as \"0.500\", \"0x80\" or \"128\"",
                found: other.kindDescription)
        }
        guard value.isFinite else {
            throw .invalidComponent(path: path, jsonPath: jsonPath, value: shown, reason: "is not a finite number")
        }
        if !extended || key == "alpha", !(0...1).contains(value) {
            throw .invalidComponent(path: path, jsonPath: jsonPath, value: shown, reason: "is outside 0...1")
        }
        return value
    }

    private func parseComponent(_ text: String, isAlpha: Bool, at jsonPath: String) throws(AssetCatalogError)
        -> Double
    {
        func invalid(_ reason: String) -> AssetCatalogError {
            .invalidComponent(path: path, jsonPath: jsonPath, value: text, reason: reason)
        }
        let scalars = Array(text.unicodeScalars)
        if scalars.count >= 2, scalars[0] == "0", scalars[1] == "x" || scalars[1] == "X" {
            let digits = scalars.dropFirst(2)
            guard digits.count <= 2, let byte = UInt8(String(String.UnicodeScalarView(digits)), radix: 16) else {
                throw invalid("is not a 0x byte from 0x00 to 0xFF")
            }
            return Double(byte) / 255
        }
        let body = scalars.first == "-" ? scalars.dropFirst() : scalars[...]
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: ArraySlice<Unicode.Scalar>) in part.allSatisfy { ("0"..."9").contains($0) } }
        guard !body.isEmpty, parts.allSatisfy(isDigits), parts.contains(where: { !$0.isEmpty }),
            let number = Double(text)
        else {
            throw invalid("is not a decimal (\"0.500\"), a 0x byte (\"0x80\") or an integer from 0 to 255")
        }
        guard parts.count == 1 else { return number }
        // An integer: one of Xcode's 8-bit components, except alpha, which Xcode writes only as a decimal.
        if isAlpha && (number == 0 || number == 1) { return number }
        guard (0...255).contains(number) else { throw invalid("is an integer outside 0...255") }
        return number / 255
    }
}
