#if canImport(UIKit) && !os(watchOS)
    import ThemeKitTokens
    import UIKit

    extension UIColor {
        /// The colour of a theme colour: Display P3 for a wide-gamut colour (`ThemeColor.displayP3`),
        /// its sRGB components otherwise, and its alpha (`ThemeColor.platformComponents`).
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
        /// `userInterfaceStyle` and `accessibilityContrast`, and on iOS 17 by the theme scope a
        /// ``ThemeWindowBridge`` (or ``ThemeBinder/themeTraits()`` on a subtree) puts in the traits
        /// (``ThemeStyleTrait``): the theme's custom style wherever it is drawn in its base appearance,
        /// and a contrast chosen in the app.
        ///
        /// ```swift
        /// view.backgroundColor = UIColor(colors.colors["background"] ?? ColorSet(ThemeColor(red: 1, green: 1, blue: 1)))
        /// ```
        ///
        /// A system appearance change, or a window or view with `overrideUserInterfaceStyle`, needs no
        /// ThemeKit work: UIKit resolves the colour again. Resolution follows
        /// `ColorSet.resolved(in:platformContrast:scope:)` (ThemeKitTokens, tested on Linux). Below iOS 17
        /// there are no custom traits: in a binding use ``init(_:in:)``, which resolves in the binding's
        /// scope and is re-run on every change.
        /// - Parameter set: The colour set.
        public convenience init(_ set: ColorSet) {
            self.init { traits in UIColor(set.resolved(in: traits)) }
        }

        /// A colour set resolved in a binding's scope: the style and contrast at the object's node and
        /// the applied pack's base styles (`ThemeColorScope(env)`), so an in-app contrast and subtree
        /// overrides reach it on every iOS version.
        ///
        /// ```swift
        /// theme.themed(view).backgroundColor { env in
        ///     UIColor(env[ThemePackColors.self].colors["background"] ?? ColorSet(ThemeColor(red: 1, green: 1, blue: 1)), in: env)
        /// }
        /// ```
        /// - Parameters:
        ///   - set: The colour set.
        ///   - env: The binding's context.
        public convenience init(_ set: ColorSet, in env: ThemeContext) {
            self.init(set.resolved(in: ThemeColorScope(env)))
        }
    }

    extension ColorSet {
        /// The colour for a trait collection: its appearance and contrast, within the theme scope it
        /// carries on iOS 17 (``ThemeStyleTrait``).
        /// - Parameter traits: The trait collection.
        /// - Returns: The colour.
        public func resolved(in traits: UITraitCollection) -> ThemeColor {
            var scope: ThemeColorScope?
            if #available(iOS 17.0, tvOS 17.0, *) { scope = traits[ThemeStyleTrait.self]?.scope }
            return resolved(
                in: traits.userInterfaceStyle == .dark ? .dark : .light,
                platformContrast: ThemeContrast(systemIncreased: traits.accessibilityContrast == .high), scope: scope)
        }
    }

    extension UITraitCollection {
        /// `base` with the appearance, contrast and (on iOS 17) theme scope of a binding: what to resolve a
        /// dynamic colour with when it is turned into a `CGColor` (layer colours), so the value is right in
        /// the same pass as the switch, before the window's own traits change.
        /// - Parameters:
        ///   - env: The binding's context.
        ///   - base: The traits to start from (the view's).
        /// - Returns: The trait collection.
        public static func theme(_ env: ThemeContext, base: UITraitCollection) -> UITraitCollection {
            theme(ThemeColorScope(env), base: base)
        }

        /// `base` with a scope's appearance, contrast and (on iOS 17) the scope itself.
        /// - Parameters:
        ///   - scope: The scope.
        ///   - base: The traits to start from.
        /// - Returns: The trait collection.
        public static func theme(_ scope: ThemeColorScope, base: UITraitCollection) -> UITraitCollection {
            let style = UIUserInterfaceStyle(scope.appearance)
            let contrast: UIAccessibilityContrast = scope.contrast.isIncreased ? .high : .normal
            if #available(iOS 17.0, tvOS 17.0, *) {
                return base.modifyingTraits { traits in
                    traits.userInterfaceStyle = style
                    traits.accessibilityContrast = contrast
                    traits[ThemeStyleTrait.self] = ThemeStyleTrait.Style(scope)
                }
            }
            return combined(
                LegacyTraits.self,
                [
                    base, UITraitCollection(userInterfaceStyle: style),
                    UITraitCollection(accessibilityContrast: contrast),
                ])
        }

        private static func combined<Combiner: LegacyTraitCombining>(
            _ combiner: Combiner.Type, _ traits: [UITraitCollection]
        ) -> UITraitCollection {
            combiner.combine(traits)
        }
    }

    /// Combines trait collections the way iOS 14–16 can (`init(traitsFrom:)`, deprecated in iOS 17, where
    /// `modifyingTraits` is used instead). Called through this protocol so the pre-17 path is compiled for
    /// the iOS 14 floor without a deprecation warning in builds for iOS 17.
    protocol LegacyTraitCombining {
        static func combine(_ traits: [UITraitCollection]) -> UITraitCollection
    }

    enum LegacyTraits: LegacyTraitCombining {
        @available(iOS, deprecated: 17.0, message: "iOS 17 modifies traits with modifyingTraits")
        @available(tvOS, deprecated: 17.0, message: "tvOS 17 modifies traits with modifyingTraits")
        static func combine(_ traits: [UITraitCollection]) -> UITraitCollection {
            UITraitCollection(traitsFrom: traits)
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

    /// The theme scope in a trait collection on iOS 17, so that dynamic colours made from colour sets
    /// resolve the theme's custom style and a contrast chosen in the app: a ``ThemeWindowBridge`` stores
    /// it in its window's traits, and ThemeKitSwiftUI bridges its environment's theme scope (`.theme`,
    /// `.themeOverride`) into it, so UIKit views inside SwiftUI and SwiftUI inside a bridged window
    /// resolve in the same scope.
    @available(iOS 17.0, tvOS 17.0, *)
    public struct ThemeStyleTrait: UITraitDefinition {
        /// The style and its base styles; `nil` outside a bridged window.
        public static let defaultValue: Style? = nil
        /// Colours depend on it.
        public static let affectsColorAppearance = true
        /// The trait's name in UIKit's debug descriptions.
        public static let name = "ThemeKitStyle"

        /// The trait's value: the theme's style, a contrast chosen in the app, and each custom style's base.
        public struct Style: Hashable, Sendable {
            /// The theme's style.
            public var style: ThemeStyle
            /// Each custom style's base style (the applied pack's `styles`).
            public var baseStyles: [ThemeStyle: ThemeStyle]
            /// The contrast chosen in the app or forced on the subtree, which wins over the traits'
            /// `accessibilityContrast`; `nil` when the theme follows the system's.
            public var contrast: ThemeContrast?

            /// Creates a value.
            /// - Parameters:
            ///   - style: The theme's style.
            ///   - baseStyles: Each custom style's base style.
            ///   - contrast: A contrast that wins over the system's, or `nil`.
            public init(style: ThemeStyle, baseStyles: [ThemeStyle: ThemeStyle] = [:], contrast: ThemeContrast? = nil) {
                self.style = style
                self.baseStyles = baseStyles
                self.contrast = contrast
            }

            /// The value for a scope.
            /// - Parameter scope: The scope.
            public init(_ scope: ThemeColorScope) {
                self.init(
                    style: scope.style, baseStyles: scope.baseStyles,
                    contrast: scope.forcesContrast ? scope.contrast : nil)
            }

            /// The value for what a window shows.
            /// - Parameter shown: What the window shows.
            public init(_ shown: ThemeWindowAppearance) {
                self.init(
                    style: shown.style, baseStyles: shown.baseStyles,
                    contrast: shown.forcesContrast ? shown.contrast : nil)
            }

            /// The scope colours resolve in.
            public var scope: ThemeColorScope {
                ThemeColorScope(
                    style: style, contrast: contrast ?? .standard, forcesContrast: contrast != nil,
                    baseStyles: baseStyles)
            }
        }
    }
#endif
