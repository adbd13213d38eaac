/// One appearance a pack's colours resolve for: a style and a contrast level.
///
/// ```swift
/// pack.appearances.map(\.description)
/// // ["light", "dark", "high-contrast light", "high-contrast dark", "sepia", "high-contrast sepia"]
/// ```
public struct ThemePackAppearance: Hashable, Sendable, CustomStringConvertible {
    /// The style.
    public var style: ThemeStyle
    /// The contrast level.
    public var contrast: ThemeContrast

    /// Creates an appearance.
    /// - Parameters:
    ///   - style: The style.
    ///   - contrast: The contrast level; `.standard` by default.
    public init(style: ThemeStyle, contrast: ThemeContrast = .standard) {
        self.style = style
        self.contrast = contrast
    }

    /// `light`, `high-contrast dark`, `sepia`, `high-contrast sepia`.
    public var description: String {
        contrast == .increased ? "high-contrast \(style.rawValue)" : style.rawValue
    }
}

extension ThemePack {
    /// Every appearance the pack's colours resolve for, in the order tools list them: light, dark,
    /// high-contrast light, high-contrast dark, then each custom style in ``styles`` (sorted by name)
    /// at standard and then increased contrast.
    ///
    /// - Complexity: O(*s* log *s*) for *s* custom styles.
    public var appearances: [ThemePackAppearance] {
        var result: [ThemePackAppearance] = [
            .init(style: .light), .init(style: .dark), .init(style: .light, contrast: .increased),
            .init(style: .dark, contrast: .increased),
        ]
        for style in styles.keys.sorted(by: { $0.rawValue < $1.rawValue }) where style != .light && style != .dark {
            result.append(.init(style: style))
            result.append(.init(style: style, contrast: .increased))
        }
        return result
    }

    /// The built-in style, `.light` or `.dark`, that a style's chain of bases ends in.
    ///
    /// Styles the pack does not declare are based on `.light`, as in
    /// ``ColorSet/resolved(for:contrast:baseStyles:)``, and so is a chain that loops. Tools use it to
    /// pick the canvas a translucent colour is shown over: white for light styles, black for dark ones,
    /// as ``contrastChecks()`` does.
    /// - Parameter style: Any style.
    /// - Returns: `.light` or `.dark`.
    public func builtInBase(of style: ThemeStyle) -> ThemeStyle {
        rootStyle(of: style)
    }
}
