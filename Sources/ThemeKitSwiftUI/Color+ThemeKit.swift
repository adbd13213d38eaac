#if canImport(SwiftUI)
    import SwiftUI
    import ThemeKitTokens
    #if canImport(UIKit)
        import ThemeKitUIKit
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
            /// own scope. The trait is ThemeKitUIKit's `ThemeStyleTrait`, so the scope also reaches UIKit
            /// views inside (`UIColor(_: ColorSet)` in a `UIViewRepresentable`), and SwiftUI content hosted
            /// in a window that ThemeKitUIKit's bridge keeps reads that window's scope. Below iOS 17 the colour uses the scope of the theme installed last (one theme per
            /// app is right; several windows with different themes need ``ThemeAppearanceValue/color(_:baseStyles:)``,
            /// which resolves at the view's scope on every version).
            /// - Parameter set: The colour set.
            public init(_ set: ColorSet) {
                self.init(UIColor.resolving(set))
            }
        }

        extension UIColor {
            /// A dynamic colour resolving `set` per trait collection, in the scope the traits carry (iOS 17:
            /// SwiftUI's environment bridged into them, or a bridged window's), else the scope of the theme
            /// installed last.
            static func resolving(_ set: ColorSet) -> UIColor {
                UIColor { traits in
                    var scope: ThemeColorScope?
                    if #available(iOS 17.0, tvOS 17.0, *) { scope = traits[ThemeStyleTrait.self]?.scope }
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

        /// SwiftUI's ``SwiftUI/EnvironmentValues/themeColorScope`` and UIKit's ``ThemeStyleTrait`` are one
        /// value: the environment is written into the trait for UIKit views inside, and read from it where
        /// SwiftUI is hosted in UIKit. (The trait keeps a contrast only where it is forced; where it is
        /// not, colours resolve with the platform's contrast, so nothing they show is lost.)
        @available(iOS 17.0, tvOS 17.0, *)
        extension ThemeColorScopeKey: UITraitBridgedEnvironmentKey {
            static func read(from traitCollection: UITraitCollection) -> ThemeColorScope? {
                traitCollection[ThemeStyleTrait.self]?.scope
            }

            static func write(to mutableTraits: inout any UIMutableTraits, value: ThemeColorScope?) {
                mutableTraits[ThemeStyleTrait.self] = value.map(ThemeStyleTrait.Style.init)
            }
        }
    #endif
#endif
