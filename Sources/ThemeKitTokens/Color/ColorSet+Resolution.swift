extension ColorSet {
    /// The style a colour resolves for where the platform draws in `appearance` while the theme is in
    /// `themeStyle`.
    ///
    /// A platform resolves dynamic colours by its own light/dark appearance, which a subtree can force.
    /// The theme's custom style wins wherever it is drawn in that appearance (a `deepSea` style based on
    /// `.dark`, in a dark window); anywhere else — a subtree forced light, or no theme style known — the
    /// appearance's own style is used.
    ///
    /// ```swift
    /// let bases: [ThemeStyle: ThemeStyle] = [deepSea: .dark]
    /// ColorSet.effectiveStyle(appearance: .dark, themeStyle: deepSea, baseStyles: bases)    // deepSea
    /// ColorSet.effectiveStyle(appearance: .light, themeStyle: deepSea, baseStyles: bases)   // .light
    /// ```
    /// - Parameters:
    ///   - appearance: The appearance the platform draws in (a trait collection's or environment's).
    ///   - themeStyle: The theme's style, if known.
    ///   - baseStyles: Each custom style's base style.
    /// - Returns: The style to resolve colours for.
    public static func effectiveStyle(
        appearance: SystemAppearance, themeStyle: ThemeStyle?, baseStyles: [ThemeStyle: ThemeStyle] = [:]
    ) -> ThemeStyle {
        guard let themeStyle, SystemAppearance(resolving: themeStyle, baseStyles: baseStyles) == appearance else {
            return appearance.style
        }
        return themeStyle
    }

    /// The colour for a platform appearance and contrast, honouring the theme's custom style where it is
    /// drawn in that appearance (see ``effectiveStyle(appearance:themeStyle:baseStyles:)``).
    ///
    /// This is what the dynamic `UIColor` and SwiftUI `Color` made from a colour set return for each trait
    /// collection or environment.
    ///
    /// ```swift
    /// background.resolved(in: .dark, contrast: .increased)                                 // highContrastDark
    /// background.resolved(in: .dark, contrast: .standard, themeStyle: deepSea, baseStyles: bases)  // custom
    /// ```
    /// - Parameters:
    ///   - appearance: The platform's appearance.
    ///   - contrast: The platform's contrast.
    ///   - themeStyle: The theme's style, if known; `nil` resolves by the appearance alone.
    ///   - baseStyles: Each custom style's base style.
    /// - Returns: The colour to draw.
    public func resolved(
        in appearance: SystemAppearance, contrast: ThemeContrast, themeStyle: ThemeStyle? = nil,
        baseStyles: [ThemeStyle: ThemeStyle] = [:]
    ) -> ThemeColor {
        let style = Self.effectiveStyle(appearance: appearance, themeStyle: themeStyle, baseStyles: baseStyles)
        return resolved(for: style, contrast: contrast, baseStyles: baseStyles)
    }
}
