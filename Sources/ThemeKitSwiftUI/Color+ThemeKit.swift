#if canImport(SwiftUI)
    import SwiftUI
    import ThemeKitTokens
    #if canImport(UIKit)
        import UIKit
    #endif

    extension Color {
        /// The colour of a theme colour: Display P3 for a wide-gamut colour (`ThemeColor.displayP3`),
        /// its sRGB components otherwise, and its opacity (`ThemeColor.platformComponents`).
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
            /// `colorScheme` and `colorSchemeContrast`, within the theme scope there
            /// (`ColorSet.resolved(in:platformContrast:scope:)`): the theme's custom style where it is drawn
            /// in the environment's scheme, and a contrast chosen in the app or forced on the subtree.
            ///
            /// ```swift
            /// Rectangle().fill(Color(colors.colors["background"] ?? ColorSet(ThemeColor(red: 1, green: 1, blue: 1))))
            /// ```
            ///
            /// The scope is what ``SwiftUI/View/theme(_:)`` and ``SwiftUI/View/themeOverride(style:contrast:)``
            /// put in the environment (``SwiftUI/EnvironmentValues/themeColorScope``), which iOS 17 bridges to
            /// the trait collection the colour is resolved with, so each window and subtree resolves in its
            /// own scope. Below iOS 17 the colour uses the scope of the theme installed last (one theme per
            /// app is right; several windows with different themes need ``ThemeAppearanceValue/color(_:baseStyles:)``,
            /// which resolves at the view's scope on every version).
            /// - Parameter set: The colour set.
            public init(_ set: ColorSet) {
                self.init(UIColor.resolving(set))
            }
        }

        extension UIColor {
            /// A dynamic colour resolving `set` per trait collection, in the scope the environment bridged
            /// into the traits (iOS 17), else the scope of the theme installed last.
            static func resolving(_ set: ColorSet) -> UIColor {
                UIColor { traits in
                    var scope: ThemeColorScope?
                    if #available(iOS 17.0, tvOS 17.0, *) { scope = traits[ThemeColorScopeTrait.self] }
                    let color = set.resolved(
                        in: traits.userInterfaceStyle == .dark ? .dark : .light,
                        platformContrast: ThemeContrast(systemIncreased: traits.accessibilityContrast == .high),
                        scope: scope ?? ThemeColorScope(theme: ThemeEnvironmentFallback.current))
                    let components = color.platformComponents
                    return components.space == .displayP3
                        ? UIColor(
                            displayP3Red: components.red, green: components.green, blue: components.blue,
                            alpha: components.alpha)
                        : UIColor(
                            red: components.red, green: components.green, blue: components.blue, alpha: components.alpha
                        )
                }
            }
        }

        /// The theme scope in a trait collection: what SwiftUI's ``SwiftUI/EnvironmentValues/themeColorScope``
        /// becomes when the environment is turned into traits.
        @available(iOS 17.0, tvOS 17.0, *)
        struct ThemeColorScopeTrait: UITraitDefinition {
            static let defaultValue: ThemeColorScope? = nil
            static let affectsColorAppearance = true
            static let name = "ThemeKitColorScope"
        }

        @available(iOS 17.0, tvOS 17.0, *)
        extension ThemeColorScopeKey: UITraitBridgedEnvironmentKey {
            static func read(from traitCollection: UITraitCollection) -> ThemeColorScope? {
                traitCollection[ThemeColorScopeTrait.self]
            }

            static func write(to mutableTraits: inout any UIMutableTraits, value: ThemeColorScope?) {
                mutableTraits[ThemeColorScopeTrait.self] = value
            }
        }
    #endif
#endif
