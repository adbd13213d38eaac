#if canImport(SwiftUI)
    import SwiftUI
    import ThemeKitTokens

    /// The value of one `ThemeExtension` type in the view's theme, resolved at the view's override
    /// scope; the view redraws when that type changes and not when any other does.
    ///
    /// ```swift
    /// struct Card: View {
    ///     @ThemeValue(Palette.self) private var palette
    ///     @ThemeValue(Metrics.self) private var metrics
    ///
    ///     var body: some View {
    ///         Text("Hello")
    ///             .foregroundColor(Color(palette.text))
    ///             .padding(metrics.spacing)
    ///     }
    /// }
    /// ```
    ///
    /// The theme is the environment's (``SwiftUI/EnvironmentValues/theme``). At the theme's root on
    /// iOS 17, macOS 14 and later the read goes through Observation (`Theme` is `Observable` with one
    /// key per extension type). Below that, and inside a ``SwiftUI/View/themeOverride(style:contrast:)``
    /// on every version, each view keeps one binding in the theme (an `ObservableObject` bridge) that
    /// resolves the type at the view's node and publishes its changes on the main thread.
    ///
    /// Inside an override, a type supplied by a `ThemeVariant` resolves for the subtree's style and
    /// contrast; an applied value is the same everywhere.
    @propertyWrapper
    public struct ThemeValue<Extension: ThemeExtension>: DynamicProperty {
        @Environment(\.theme) private var theme
        @Environment(\.themeNode) private var node
        @StateObject private var box = ThemeValueBox<Extension>()

        /// Reads `type` from the environment's theme.
        /// - Parameter type: The extension type to read.
        public init(_ type: Extension.Type) {}

        /// The current value of the extension type at the view's scope.
        @MainActor
        public var wrappedValue: Extension {
            if usesObservation { return theme.value(Extension.self) }
            return box.value ?? theme.value(Extension.self)
        }

        /// Connects the view to the theme before SwiftUI evaluates its body.
        public nonisolated mutating func update() {
            MainActor.assumeIsolated {
                if usesObservation {
                    box.disconnect()
                } else {
                    box.connect(theme: theme, node: node) { env in env[Extension.self] }
                }
            }
        }

        /// Whether Observation tracks the read: at the root, where the OS has it.
        @MainActor
        private var usesObservation: Bool {
            guard node == nil else { return false }
            if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *) { return true }
            return false
        }
    }

    /// The style and contrast in effect at a view's override scope, with the platform appearance the view
    /// is drawn in.
    public struct ThemeAppearanceValue: Hashable, Sendable {
        /// The effective style: the nearest override above the view, else the theme's.
        public var style: ThemeStyle
        /// The effective contrast: the nearest override above the view, else the theme's.
        public var contrast: ThemeContrast
        /// The environment's colour scheme as a ``ThemeKit/SystemAppearance``.
        public var systemAppearance: SystemAppearance
        /// Whether the theme's style follows the system (`Theme.followsSystem`); a settings screen reads
        /// it here instead of keeping a copy, and redraws when it changes.
        public var followsSystem = true
        /// Whether the theme's contrast follows the system (`Theme.followsSystemContrast`).
        public var followsSystemContrast = true

        /// Creates an appearance.
        /// - Parameters:
        ///   - style: The style.
        ///   - contrast: The contrast.
        ///   - systemAppearance: The platform appearance the view is drawn in; the style's own by default.
        public init(style: ThemeStyle, contrast: ThemeContrast, systemAppearance: SystemAppearance? = nil) {
            self.style = style
            self.contrast = contrast
            self.systemAppearance = systemAppearance ?? SystemAppearance(resolving: style)
        }

        /// A colour set resolved for this appearance: the platform's light or dark, the theme's contrast
        /// and its custom style where it is drawn in that appearance
        /// (`ColorSet.resolved(in:contrast:themeStyle:baseStyles:)`).
        /// - Parameters:
        ///   - set: The colour set; `nil` gives `.clear`.
        ///   - baseStyles: Each custom style's base (a pack's `styles`).
        /// - Returns: The colour.
        public func color(_ set: ColorSet?, baseStyles: [ThemeStyle: ThemeStyle] = [:]) -> Color {
            guard let set else { return .clear }
            return Color(
                set.resolved(in: systemAppearance, contrast: contrast, themeStyle: style, baseStyles: baseStyles))
        }

        /// The scope colours, images and gradients resolve in at the view: its style and contrast.
        /// - Parameter baseStyles: Each custom style's base (a pack's `styles`).
        /// - Returns: The scope.
        public func scope(baseStyles: [ThemeStyle: ThemeStyle] = [:]) -> ThemeColorScope {
            ThemeColorScope(style: style, contrast: contrast, forcesContrast: true, baseStyles: baseStyles)
        }

        /// The image of a set for this appearance: the style's and contrast's image (asset or SF Symbol),
        /// drawn as a template in its tint when it has one.
        /// - Parameters:
        ///   - set: The image set.
        ///   - baseStyles: Each custom style's base.
        /// - Returns: The image.
        public func image(_ set: ImageSet, baseStyles: [ThemeStyle: ThemeStyle] = [:]) -> some View {
            let (image, tint) = set.resolvedTint(in: scope(baseStyles: baseStyles))
            let base = image.source == .symbol ? Image(systemName: image.name) : Image(image.name)
            return Group {
                if let tint {
                    base.renderingMode(.template).foregroundColor(Color(tint))
                } else {
                    base
                }
            }
        }

        /// A linear gradient resolved for this appearance.
        /// - Parameters:
        ///   - gradient: The gradient.
        ///   - baseStyles: Each custom style's base.
        /// - Returns: The gradient, to fill a shape or a background with.
        public func gradient(_ gradient: ThemeGradient, baseStyles: [ThemeStyle: ThemeStyle] = [:]) -> LinearGradient {
            let stops = gradient.resolved(in: scope(baseStyles: baseStyles)).map {
                Gradient.Stop(color: Color($0.color), location: CGFloat($0.location))
            }
            return LinearGradient(
                gradient: Gradient(stops: stops), startPoint: UnitPoint(x: gradient.start.x, y: gradient.start.y),
                endPoint: UnitPoint(x: gradient.end.x, y: gradient.end.y))
        }
    }

    /// The theme's style and contrast at the view's override scope, and colours resolved for them;
    /// the view redraws when either changes.
    ///
    /// ```swift
    /// struct Badge: View {
    ///     @ThemeAppearance private var appearance
    ///     @ThemeValue(ThemePackColors.self) private var colors
    ///
    ///     var body: some View {
    ///         Text(appearance.style.rawValue)
    ///             .foregroundColor(appearance.color(colors.colors["accent"], baseStyles: colors.styles))
    ///     }
    /// }
    /// ```
    ///
    /// Unlike `Color(_: ColorSet)`, which SwiftUI resolves by the environment's scheme and contrast,
    /// ``ThemeAppearanceValue/color(_:baseStyles:)`` also follows a contrast the user forced in the theme,
    /// and the view redraws when the theme switches between a custom style and its base.
    @propertyWrapper
    public struct ThemeAppearance: DynamicProperty {
        @Environment(\.theme) private var theme
        @Environment(\.themeNode) private var node
        @Environment(\.colorScheme) private var colorScheme
        @StateObject private var box = ThemeValueBox<ThemeAppearanceValue>()
        @StateObject private var settings = ThemeSettingsWatcher()

        /// Reads the environment's theme.
        public init() {}

        /// The style and contrast in effect at the view's scope, and the environment's colour scheme.
        @MainActor
        public var wrappedValue: ThemeAppearanceValue {
            var value =
                usesObservation
                ? ThemeAppearanceValue(style: theme.style, contrast: theme.contrast)
                : box.value ?? ThemeAppearanceValue(style: theme.style, contrast: theme.contrast)
            value.systemAppearance = colorScheme == .dark ? .dark : .light
            value.followsSystem = theme.followsSystem
            value.followsSystemContrast = theme.followsSystemContrast
            return value
        }

        /// Connects the view to the theme before SwiftUI evaluates its body.
        public nonisolated mutating func update() {
            MainActor.assumeIsolated {
                if usesObservation {
                    box.disconnect()
                } else {
                    box.connect(theme: theme, node: node) { env in
                        ThemeAppearanceValue(style: env.style, contrast: env.contrast)
                    }
                    settings.watch(theme)
                }
            }
        }

        @MainActor
        private var usesObservation: Bool {
            guard node == nil else { return false }
            if #available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *) { return true }
            return false
        }
    }
#endif
