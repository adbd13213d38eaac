#if canImport(UIKit) && !os(watchOS)
    import ThemeKitTokens
    import UIKit

    extension UIColor {
        /// The colour of a theme colour: Display P3 for a wide-gamut colour (``ThemeKitTokens/ThemeColor/displayP3``),
        /// its sRGB components otherwise, and its alpha (``ThemeKitTokens/ThemeColor/platformComponents``).
        ///
        /// ```swift
        /// label.textColor = UIColor(palette.text)
        /// ```
        /// - Parameter color: The theme colour.
        public convenience init(_ color: ThemeColor) {
            // ThemeKitTokens decides the space: Display P3 for a wide-gamut colour, sRGB otherwise.
            let components = color.platformComponents
            switch components.space {
            case .displayP3:
                self.init(
                    displayP3Red: components.red, green: components.green, blue: components.blue,
                    alpha: components.alpha)
            case .sRGB:
                self.init(red: components.red, green: components.green, blue: components.blue, alpha: components.alpha)
            }
        }

        /// A dynamic colour that UIKit resolves from a colour set for each trait collection: by its
        /// `userInterfaceStyle` and `accessibilityContrast`, and on iOS 17 by the theme style a
        /// ``ThemeWindowBridge`` puts in the traits (``ThemeStyleTrait``), so the theme's custom style
        /// is used wherever it is drawn in its base appearance.
        ///
        /// ```swift
        /// view.backgroundColor = UIColor(colors.colors["background"]!)
        /// ```
        ///
        /// A system appearance change, or a window or view with `overrideUserInterfaceStyle`, needs no
        /// ThemeKit work: UIKit resolves the colour again. Resolution follows
        /// `ColorSet.resolved(in:contrast:themeStyle:baseStyles:)`.
        /// - Parameter set: The colour set.
        public convenience init(_ set: ColorSet) {
            self.init { traits in
                let appearance: SystemAppearance = traits.userInterfaceStyle == .dark ? .dark : .light
                let contrast = ThemeContrast(systemIncreased: traits.accessibilityContrast == .high)
                var themeStyle: ThemeStyle?
                var baseStyles: [ThemeStyle: ThemeStyle] = [:]
                if #available(iOS 17.0, tvOS 17.0, *), let value = traits[ThemeStyleTrait.self] {
                    themeStyle = value.style
                    baseStyles = value.baseStyles
                }
                return UIColor(
                    set.resolved(in: appearance, contrast: contrast, themeStyle: themeStyle, baseStyles: baseStyles))
            }
        }
    }

    extension ThemeColor {
        /// The sRGB components of a UIKit colour, resolved for `traits` when it is dynamic.
        ///
        /// Components outside `0...1` (extended-range or wide-gamut colours) are clamped, as every
        /// ``ThemeKitTokens/ThemeColor`` is.
        /// - Parameters:
        ///   - color: The colour.
        ///   - traits: The trait collection a dynamic colour is resolved for; the current one by default.
        public init(_ color: UIColor, traits: UITraitCollection? = nil) {
            let resolved = traits.map { color.resolvedColor(with: $0) } ?? color
            var red: CGFloat = 0
            var green: CGFloat = 0
            var blue: CGFloat = 0
            var alpha: CGFloat = 0
            if !resolved.getRed(&red, green: &green, blue: &blue, alpha: &alpha) {
                // Not an RGB-compatible colour (a pattern): treat it as its white component.
                var white: CGFloat = 0
                _ = resolved.getWhite(&white, alpha: &alpha)
                (red, green, blue) = (white, white, white)
            }
            self.init(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha))
        }
    }

    /// The theme style a ``ThemeWindowBridge`` stores in its window's traits on iOS 17, so that dynamic
    /// colours made from colour sets resolve the theme's custom style.
    @available(iOS 17.0, tvOS 17.0, *)
    public struct ThemeStyleTrait: UITraitDefinition {
        /// The style and its base styles; `nil` outside a bridged window.
        public static let defaultValue: Style? = nil
        /// Colours depend on it.
        public static let affectsColorAppearance = true
        /// The trait's name in UIKit's debug descriptions.
        public static let name = "ThemeKitStyle"

        /// The trait's value: the theme's style and each custom style's base.
        public struct Style: Hashable, Sendable {
            /// The theme's style.
            public var style: ThemeStyle
            /// Each custom style's base style (the applied pack's `styles`).
            public var baseStyles: [ThemeStyle: ThemeStyle]

            /// Creates a value.
            /// - Parameters:
            ///   - style: The theme's style.
            ///   - baseStyles: Each custom style's base style.
            public init(style: ThemeStyle, baseStyles: [ThemeStyle: ThemeStyle] = [:]) {
                self.style = style
                self.baseStyles = baseStyles
            }
        }
    }
#endif
