#if canImport(SwiftUI)
    import SwiftUI
    import ThemeKitTokens
    #if canImport(UIKit)
        import UIKit
    #endif

    extension Color {
        /// The colour of a theme colour: Display P3 for a wide-gamut colour (``ThemeKitTokens/ThemeColor/displayP3``),
        /// its sRGB components otherwise, and its opacity (``ThemeKitTokens/ThemeColor/platformComponents``).
        ///
        /// ```swift
        /// Text("Hi").foregroundColor(Color(palette.text))
        /// ```
        /// - Parameter color: The theme colour.
        public init(_ color: ThemeColor) {
            // ThemeKitTokens decides the space: Display P3 for a wide-gamut colour, sRGB otherwise.
            let components = color.platformComponents
            let space: Color.RGBColorSpace = components.space == .displayP3 ? .displayP3 : .sRGB
            self.init(
                space, red: components.red, green: components.green, blue: components.blue, opacity: components.alpha)
        }
    }

    #if os(iOS) || os(tvOS) || os(visionOS)
        extension Color {
            /// A colour that SwiftUI resolves from a colour set wherever it is drawn: by the environment's
            /// `colorScheme` and `colorSchemeContrast`, and by the style of the theme installed with
            /// ``SwiftUI/View/theme(_:)`` where that style is a custom one drawn in the environment's scheme
            /// (see `ColorSet.resolved(in:contrast:themeStyle:baseStyles:)`).
            ///
            /// ```swift
            /// Rectangle().fill(Color(colors.colors["background"]!))
            /// ```
            ///
            /// A system appearance change, or a subtree forced with
            /// ``SwiftUI/View/themeOverride(style:contrast:)``, needs no ThemeKit work: the colour is
            /// resolved again by SwiftUI. Switching between a custom style and its base does not change
            /// the environment, so views that must follow it read ``ThemeAppearance`` (which redraws) and
            /// use ``ThemeAppearanceValue/color(_:baseStyles:)``, which also follows a contrast forced in
            /// the theme.
            /// - Parameter set: The colour set.
            public init(_ set: ColorSet) {
                self.init(UIColor.resolving(set))
            }
        }

        extension UIColor {
            /// A dynamic colour resolving `set` per trait collection, with the installed theme's custom style.
            static func resolving(_ set: ColorSet) -> UIColor {
                UIColor { traits in
                    let theme = ThemeEnvironmentFallback.current
                    let appearance: SystemAppearance = traits.userInterfaceStyle == .dark ? .dark : .light
                    let color = set.resolved(
                        in: appearance, contrast: ThemeContrast(systemIncreased: traits.accessibilityContrast == .high),
                        themeStyle: theme.style, baseStyles: theme.value(ThemePackColors.self).styles)
                    return UIColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
                }
            }
        }
    #endif
#endif
