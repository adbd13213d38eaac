/// A pack's colours and custom styles as a `ThemeExtension`, so views read them from a theme.
///
/// ```swift
/// theme.apply(ThemePackColors(pack))
/// theme.value(ThemePackColors.self).color("background", for: .dark, contrast: .increased)
/// ```
public struct ThemePackColors: ThemeExtension, Hashable {
    /// Colours by name.
    public var colors: [String: ColorSet]
    /// Each custom style's base style, used to resolve colours that have no value for a custom style.
    public var styles: [ThemeStyle: ThemeStyle]

    /// Creates the extension value.
    /// - Parameters:
    ///   - colors: Colours by name.
    ///   - styles: Custom styles and their base styles.
    public init(colors: [String: ColorSet] = [:], styles: [ThemeStyle: ThemeStyle] = [:]) {
        self.colors = colors
        self.styles = styles
    }

    /// The colours and styles of a pack.
    public init(_ pack: ThemePack) {
        self.init(colors: pack.colors, styles: pack.styles)
    }

    /// No colours: what a theme reports before a pack is applied.
    public static let fallback = ThemePackColors()

    /// The named colour resolved for a style and contrast, or `nil` when the pack has no such colour.
    /// - Parameters:
    ///   - name: The colour's name.
    ///   - style: The style to resolve for.
    ///   - contrast: The contrast level; `.standard` by default.
    /// - Returns: The colour, following custom styles' bases.
    public func color(_ name: String, for style: ThemeStyle, contrast: ThemeContrast = .standard) -> ThemeColor? {
        colors[name]?.resolved(for: style, contrast: contrast, baseStyles: styles)
    }
}

/// A pack's text styles as a `ThemeExtension`.
public struct ThemePackTypography: ThemeExtension, Hashable {
    /// Text styles by name.
    public var tokens: [String: TypographyToken]

    /// Creates the extension value.
    /// - Parameter tokens: Text styles by name.
    public init(tokens: [String: TypographyToken] = [:]) { self.tokens = tokens }

    /// The text styles of a pack.
    public init(_ pack: ThemePack) { self.init(tokens: pack.typography) }

    /// No text styles: what a theme reports before a pack is applied.
    public static let fallback = ThemePackTypography()

    /// The named text style, or `nil`.
    public subscript(name: String) -> TypographyToken? { tokens[name] }
}

/// A pack's corner radii and spacing as a `ThemeExtension`.
public struct ThemePackMetrics: ThemeExtension, Hashable {
    /// Corner radii by name, in points.
    public var radii: [String: Double]
    /// Spacing by name, in points.
    public var spacing: [String: Double]

    /// Creates the extension value.
    /// - Parameters:
    ///   - radii: Corner radii by name, in points.
    ///   - spacing: Spacing by name, in points.
    public init(radii: [String: Double] = [:], spacing: [String: Double] = [:]) {
        self.radii = radii
        self.spacing = spacing
    }

    /// The metrics of a pack.
    public init(_ pack: ThemePack) { self.init(radii: pack.radii, spacing: pack.spacing) }

    /// No metrics: what a theme reports before a pack is applied.
    public static let fallback = ThemePackMetrics()

    /// The named radius in points, or `nil`.
    public func radius(_ name: String) -> Double? { radii[name] }

    /// The named spacing in points, or `nil`.
    public func spacing(_ name: String) -> Double? { spacing[name] }
}
