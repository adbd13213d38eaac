/// Where a themed colour, image or gradient is drawn: the theme's style and contrast in effect there (a
/// window's, or an override subtree's) and the applied pack's base styles.
///
/// Every path that turns a ``ColorSet`` into a platform colour resolves through a scope, so a contrast
/// chosen in the app (`theme.contrast = .increased`), a custom style and a subtree override
/// (`ThemeNode.overrideStyle`, SwiftUI's `themeOverride(style:contrast:)`) reach `UIColor(_: ColorSet)`,
/// SwiftUI's `Color(_: ColorSet)`, layer colours and images alike:
///
/// - a binding's provider builds one from its `env` (``init(_:)``): the style and contrast at the object's
///   node, so a value resolved there is right for its subtree in the same pass, whatever the window's
///   traits say yet;
/// - a window bridge or SwiftUI's `.theme(_:)` puts one in the traits or environment, and a dynamic colour
///   combines it with the platform's own appearance and contrast
///   (``ColorSet/resolved(in:platformContrast:scope:)``).
///
/// ```swift
/// let scope = ThemeColorScope(style: .light, contrast: .increased, forcesContrast: true)
/// background.resolved(in: .light, platformContrast: .standard, scope: scope)   // highContrastLight
/// ```
public struct ThemeColorScope: Hashable, Sendable {
    /// The theme's style in this scope.
    public var style: ThemeStyle
    /// The theme's contrast in this scope.
    public var contrast: ThemeContrast
    /// Whether ``contrast`` was chosen in the app (or forced on the subtree) and so wins over the contrast
    /// the platform reports; `false` when the theme follows the system's contrast setting.
    public var forcesContrast: Bool
    /// Each custom style's base style (the applied pack's `styles`).
    public var baseStyles: [ThemeStyle: ThemeStyle]

    /// Creates a scope.
    /// - Parameters:
    ///   - style: The theme's style in the scope.
    ///   - contrast: The theme's contrast in the scope.
    ///   - forcesContrast: Whether `contrast` wins over the platform's; `true` by default.
    ///   - baseStyles: Each custom style's base style.
    public init(
        style: ThemeStyle, contrast: ThemeContrast = .standard, forcesContrast: Bool = true,
        baseStyles: [ThemeStyle: ThemeStyle] = [:]
    ) {
        self.style = style
        self.contrast = contrast
        self.forcesContrast = forcesContrast
        self.baseStyles = baseStyles
    }

    /// The scope a binding runs in: the style and contrast at its node, and the applied pack's base
    /// styles (reading them makes the binding depend on the style, the contrast and ``ThemePackColors``).
    ///
    /// The contrast always wins: at a node it is the theme's effective contrast, which is the system's
    /// while the theme follows it.
    /// - Parameter env: The binding's context.
    public init(_ env: ThemeContext) {
        self.init(
            style: env.style, contrast: env.contrast, forcesContrast: true,
            baseStyles: env[ThemePackColors.self].styles)
    }

    /// The scope of a theme's root as a window shows it: its contrast wins only when the theme does not
    /// follow the system's.
    /// - Parameter theme: The theme.
    public init(theme: Theme) {
        self.init(
            style: theme.style, contrast: theme.contrast, forcesContrast: !theme.followsSystemContrast,
            baseStyles: theme.value(ThemePackColors.self).styles)
    }

    /// The scope of a subtree that forces `style` and/or `contrast` below this one (`nil` inherits).
    /// - Parameters:
    ///   - style: The subtree's style, or `nil` to inherit.
    ///   - contrast: The subtree's contrast, or `nil` to inherit.
    /// - Returns: The subtree's scope.
    public func overriding(style: ThemeStyle?, contrast: ThemeContrast?) -> ThemeColorScope {
        var scope = self
        if let style { scope.style = style }
        if let contrast {
            scope.contrast = contrast
            scope.forcesContrast = true
        }
        return scope
    }

    /// The appearance the scope is drawn in (a custom style's base's).
    public var appearance: SystemAppearance { SystemAppearance(resolving: style, baseStyles: baseStyles) }

    /// The contrast to resolve for where the platform reports `platform`.
    /// - Parameter platform: The platform's contrast (a trait collection's or environment's).
    /// - Returns: The scope's contrast when it is forced, else the platform's.
    public func contrast(platform: ThemeContrast) -> ThemeContrast { forcesContrast ? contrast : platform }
}

extension ColorSet {
    /// The colour where the platform draws in `appearance` with `platformContrast`, inside `scope`.
    ///
    /// This is what the dynamic `UIColor` and SwiftUI `Color` made from a colour set return for each trait
    /// collection or environment: the platform's appearance decides light or dark (a subtree forced light
    /// by the platform stays light), the scope's style is used where it is drawn in that appearance, and
    /// the scope's contrast wins when it is forced (see ``ThemeColorScope/contrast(platform:)``).
    /// - Parameters:
    ///   - appearance: The platform's appearance.
    ///   - platformContrast: The platform's contrast.
    ///   - scope: The theme's scope there; `nil` where no theme is known.
    /// - Returns: The colour to draw.
    public func resolved(
        in appearance: SystemAppearance, platformContrast: ThemeContrast, scope: ThemeColorScope?
    ) -> ThemeColor {
        guard let scope else { return resolved(in: appearance, contrast: platformContrast) }
        return resolved(
            in: appearance, contrast: scope.contrast(platform: platformContrast), themeStyle: scope.style,
            baseStyles: scope.baseStyles)
    }

    /// The colour for a scope alone (a binding's), drawn in the scope's own style and contrast.
    /// - Parameter scope: The scope.
    /// - Returns: The colour.
    public func resolved(in scope: ThemeColorScope) -> ThemeColor {
        resolved(for: scope.style, contrast: scope.contrast, baseStyles: scope.baseStyles)
    }
}
