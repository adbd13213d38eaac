/// An image a theme names: an asset (or symbol) name and an optional tint, like SwiftTheme's
/// `ThemeImagePicker` or JXTheme's image dynamics, resolved per style and contrast with ``ImageSet``.
///
/// ```swift
/// let logo = ImageSet(light: ThemeImage(name: "logo-light"), dark: ThemeImage(name: "logo-dark"))
/// let star = ImageSet(ThemeImage(systemName: "star.fill", tint: accent))   // one symbol, tinted per style
/// ```
public struct ThemeImage: Hashable, Sendable {
    /// Where an image's name is looked up.
    public enum Source: Hashable, Sendable {
        /// An image in the app's asset catalog or bundle.
        case asset
        /// An SF Symbol.
        case symbol
    }

    /// The image's name.
    public var name: String
    /// Where ``name`` is looked up.
    public var source: Source
    /// The colour the image is drawn in (as a template), resolved in the same scope; `nil` keeps the
    /// image's own colours.
    public var tint: ColorSet?

    /// An image from the asset catalog.
    /// - Parameters:
    ///   - name: The asset's name.
    ///   - tint: The colour to draw it in, or `nil` for its own colours.
    public init(name: String, tint: ColorSet? = nil) {
        self.name = name
        source = .asset
        self.tint = tint
    }

    /// An SF Symbol.
    /// - Parameters:
    ///   - systemName: The symbol's name.
    ///   - tint: The colour to draw it in, or `nil` for the platform's tint.
    public init(systemName: String, tint: ColorSet? = nil) {
        name = systemName
        source = .symbol
        self.tint = tint
    }
}

/// Images that vary with the theme's style and contrast, resolved in the order of ``ColorSet``: light,
/// dark, their high-contrast variants, and custom styles falling back through their base styles.
///
/// ```swift
/// let header = ImageSet(
///     light: ThemeImage(name: "header-light"), dark: ThemeImage(name: "header-dark"),
///     custom: [ThemeStyle(rawValue: "sepia"): ThemeImage(name: "header-paper")])
/// header.resolved(in: ThemeColorScope(style: .dark)).name   // "header-dark"
/// ```
public struct ImageSet: Hashable, Sendable {
    /// The image in the light style.
    public var light: ThemeImage
    /// The image in the dark style.
    public var dark: ThemeImage
    /// The light image at increased contrast; `nil` to use ``light``.
    public var highContrastLight: ThemeImage?
    /// The dark image at increased contrast; `nil` to use ``dark``.
    public var highContrastDark: ThemeImage?
    /// Images for custom styles (at every contrast); a style without one uses its base style's.
    public var custom: [ThemeStyle: ThemeImage]

    /// Creates an image set.
    /// - Parameters:
    ///   - light: The image in the light style.
    ///   - dark: The image in the dark style.
    ///   - highContrastLight: The light image at increased contrast, if it differs.
    ///   - highContrastDark: The dark image at increased contrast, if it differs.
    ///   - custom: Images for custom styles.
    public init(
        light: ThemeImage, dark: ThemeImage, highContrastLight: ThemeImage? = nil,
        highContrastDark: ThemeImage? = nil, custom: [ThemeStyle: ThemeImage] = [:]
    ) {
        self.light = light
        self.dark = dark
        self.highContrastLight = highContrastLight
        self.highContrastDark = highContrastDark
        self.custom = custom
    }

    /// One image in every style (typically a tinted template or symbol).
    /// - Parameter image: The image.
    public init(_ image: ThemeImage) { self.init(light: image, dark: image) }

    /// The image for a style and contrast (the fallback order of ``ColorSet``).
    /// - Parameters:
    ///   - style: The style.
    ///   - contrast: The contrast.
    ///   - baseStyles: Each custom style's base style.
    /// - Returns: The image.
    public func resolved(
        for style: ThemeStyle, contrast: ThemeContrast = .standard, baseStyles: [ThemeStyle: ThemeStyle] = [:]
    ) -> ThemeImage {
        let increased = contrast == .increased
        var current = style
        var visited: Set<ThemeStyle> = []
        while true {
            if current == .light { return increased ? highContrastLight ?? light : light }
            if current == .dark { return increased ? highContrastDark ?? dark : dark }
            if let image = custom[current] { return image }
            visited.insert(current)
            let base = baseStyles[current] ?? .light
            current = visited.contains(base) ? .light : base
        }
    }

    /// The image for a scope (a binding's `ThemeColorScope(env)`).
    /// - Parameter scope: The scope.
    /// - Returns: The image; its ``ThemeImage/tint`` is still a colour set (see ``resolvedTint(in:)``).
    public func resolved(in scope: ThemeColorScope) -> ThemeImage {
        resolved(for: scope.style, contrast: scope.contrast, baseStyles: scope.baseStyles)
    }

    /// The image for a scope and the tint colour to draw it in, both resolved in that scope.
    /// - Parameter scope: The scope.
    /// - Returns: The image and its tint (`nil`: draw it in its own colours).
    public func resolvedTint(in scope: ThemeColorScope) -> (image: ThemeImage, tint: ThemeColor?) {
        let image = resolved(in: scope)
        return (image, image.tint?.resolved(in: scope))
    }
}
