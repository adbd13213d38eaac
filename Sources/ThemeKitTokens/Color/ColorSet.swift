/// A colour that varies with the theme's style and contrast: light, dark, their high-contrast variants,
/// and values for custom styles.
///
/// Use ``resolved(for:contrast:baseStyles:)`` to pick the colour for an appearance. Only `light` and
/// `dark` are required; every other value falls back in a fixed order:
///
/// | style | contrast | looks up, first present wins |
/// | --- | --- | --- |
/// | `.light` | `.standard` | `light` |
/// | `.light` | `.increased` | `highContrastLight`, `light` |
/// | `.dark` | `.standard` | `dark` |
/// | `.dark` | `.increased` | `highContrastDark`, `dark` |
/// | custom | `.standard` | `custom[style].color`, then the base style |
/// | custom | `.increased` | `custom[style].highContrast`, `custom[style].color`, then the base style |
///
/// A custom style with no value of its own resolves as its base style from `baseStyles` (`.light` when
/// it has none), following chains of bases (`sepia` → `paper` → `.light`) with the same contrast. A chain
/// that loops back on itself resolves as `.light`.
///
/// ```swift
/// let background = ColorSet(
///     light: try ThemeColor(hex: "#FFFFFF"),
///     dark: try ThemeColor(hex: "#000000"),
///     custom: [ThemeStyle(rawValue: "sepia"): .init(color: try ThemeColor(hex: "#F4ECD8"))]
/// )
/// background.resolved(for: .dark, contrast: .increased)   // #000000 (no high-contrast dark value)
/// ```
///
/// Its `Codable` form is a JSON object of hex strings:
/// `{"light":"#FFFFFF","dark":"#000000","highContrastLight":"#…","custom":{"sepia":{"color":"#F4ECD8"}}}`.
public struct ColorSet: Hashable, Sendable {
    /// A custom style's colours: the standard one and, optionally, a high-contrast one.
    public struct CustomValue: Hashable, Codable, Sendable {
        /// The colour at standard contrast (and at increased contrast when ``highContrast`` is `nil`).
        public var color: ThemeColor
        /// The colour at increased contrast, if it differs.
        public var highContrast: ThemeColor?

        /// Creates a custom style's colours.
        /// - Parameters:
        ///   - color: The colour at standard contrast.
        ///   - highContrast: The colour at increased contrast; `nil` to use `color`.
        public init(color: ThemeColor, highContrast: ThemeColor? = nil) {
            self.color = color
            self.highContrast = highContrast
        }
    }

    /// The colour in the light style.
    public var light: ThemeColor
    /// The colour in the dark style.
    public var dark: ThemeColor
    /// The colour in the light style at increased contrast; `nil` to use ``light``.
    public var highContrastLight: ThemeColor?
    /// The colour in the dark style at increased contrast; `nil` to use ``dark``.
    public var highContrastDark: ThemeColor?
    /// Colours for custom styles. Entries keyed `.light` or `.dark` are ignored: those styles always use
    /// the properties above.
    public var custom: [ThemeStyle: CustomValue]

    /// Creates a colour set.
    /// - Parameters:
    ///   - light: The colour in the light style.
    ///   - dark: The colour in the dark style.
    ///   - highContrastLight: The light colour at increased contrast, if it differs.
    ///   - highContrastDark: The dark colour at increased contrast, if it differs.
    ///   - custom: Colours for custom styles.
    public init(
        light: ThemeColor,
        dark: ThemeColor,
        highContrastLight: ThemeColor? = nil,
        highContrastDark: ThemeColor? = nil,
        custom: [ThemeStyle: CustomValue] = [:]
    ) {
        self.light = light
        self.dark = dark
        self.highContrastLight = highContrastLight
        self.highContrastDark = highContrastDark
        self.custom = custom
    }

    /// Creates a colour set that is the same colour in every style and contrast.
    /// - Parameter color: The colour.
    public init(_ color: ThemeColor) {
        self.init(light: color, dark: color)
    }

    /// The colour for a style and contrast, using the fallback order in the type's documentation.
    ///
    /// Never fails: every style resolves to some colour.
    ///
    /// - Parameters:
    ///   - style: The style to resolve for.
    ///   - contrast: The contrast level; `.standard` by default.
    ///   - baseStyles: Each custom style's base style, used when this set has no value for it. Styles that
    ///     are absent here are based on `.light`.
    /// - Returns: The colour to use.
    /// - Complexity: O(*n*) in the length of the chain of base styles, without allocating. To resolve many
    ///   colours for many styles, theme tools order the styles once instead (see `themekit contrast`).
    public func resolved(
        for style: ThemeStyle, contrast: ThemeContrast = .standard, baseStyles: [ThemeStyle: ThemeStyle] = [:]
    ) -> ThemeColor {
        let increased = contrast == .increased
        var current = style
        // A chain that has taken more steps than there are styles has looped, having met every style of the
        // loop (and checked its value) on the way: it never reaches light or dark, so it resolves as light.
        for _ in 0...baseStyles.count {
            if current == .light { break }
            if current == .dark { return increased ? highContrastDark ?? dark : dark }
            if let value = custom[current] { return increased ? value.highContrast ?? value.color : value.color }
            current = baseStyles[current] ?? .light
        }
        return increased ? highContrastLight ?? light : light
    }
}

extension ColorSet: Codable {
    private enum CodingKeys: String, CodingKey {
        case light, dark, highContrastLight, highContrastDark, custom
    }

    /// Decodes a colour set from its JSON object form; `custom` and the high-contrast keys are optional.
    ///
    /// - Throws: `DecodingError` naming the coding path, for example `dark`, when a colour is not a valid hex
    ///   string (see ``ThemeColor/init(from:)``) or a required key is missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let custom = try container.decodeIfPresent([String: CustomValue].self, forKey: .custom) ?? [:]
        self.init(
            light: try container.decode(ThemeColor.self, forKey: .light),
            dark: try container.decode(ThemeColor.self, forKey: .dark),
            highContrastLight: try container.decodeIfPresent(ThemeColor.self, forKey: .highContrastLight),
            highContrastDark: try container.decodeIfPresent(ThemeColor.self, forKey: .highContrastDark),
            custom: Dictionary(uniqueKeysWithValues: custom.map { (ThemeStyle(rawValue: $0.key), $0.value) })
        )
    }

    /// Encodes the colour set as a JSON object, leaving out absent high-contrast values and an empty `custom`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(light, forKey: .light)
        try container.encode(dark, forKey: .dark)
        try container.encodeIfPresent(highContrastLight, forKey: .highContrastLight)
        try container.encodeIfPresent(highContrastDark, forKey: .highContrastDark)
        if !custom.isEmpty {
            let byName = Dictionary(uniqueKeysWithValues: custom.map { ($0.key.rawValue, $0.value) })
            try container.encode(byName, forKey: .custom)
        }
    }
}
