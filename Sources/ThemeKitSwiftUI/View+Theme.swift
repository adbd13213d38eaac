#if canImport(SwiftUI)
    import SwiftUI
    import ThemeKitTokens

    extension View {
        /// Installs `theme` for this view tree and keeps it in step with the system appearance.
        ///
        /// ```swift
        /// @main struct MyApp: App {
        ///     let theme = Theme(storage: UserDefaultsThemeStorage())
        ///     var body: some Scene {
        ///         WindowGroup { ContentView().theme(theme) }
        ///     }
        /// }
        /// ```
        ///
        /// What it does:
        /// - `@Environment(\.theme)`, ``ThemeValue`` and ``ThemeAppearance`` below read `theme`.
        /// - The environment's `colorScheme` and `colorSchemeContrast` (as they are where the modifier is
        ///   applied) are forwarded to `Theme.systemStyleDidChange(to:)` and
        ///   `Theme.systemContrastDidChange(to:)` when the view appears and whenever they
        ///   change, so a theme that `Theme.followsSystem` follows the device. While a window bridge is attached
        ///   to the theme (ThemeKitUIKit's `.themeWindow` or `Theme.attach(to:)`), it reports instead: it reads
        ///   the scene's traits, which neither the window's forced scheme nor a screen's `preferredColorScheme`
        ///   reaches.
        /// - While the user has forced a style (`followsSystem` is off), the content's `colorScheme` is the
        ///   one that style is drawn in (see `SystemAppearance.windowOverride(followsSystem:style:baseStyles:)`;
        ///   custom styles use the base styles of the applied pack's `ThemePackColors`),
        ///   so system controls and `Color(_: ColorSet)` match the theme. To force the window's chrome as
        ///   well (status bar, alerts), attach ThemeKitUIKit's window bridge.
        ///
        /// - The theme's scope (style, contrast, base styles) is put in the environment
        ///   (``SwiftUI/EnvironmentValues/themeColorScope``) for `Color(_: ColorSet)`.
        ///
        /// The first report is made in the first `body`, so the first frame shows the system's appearance
        /// (on a launch in dark mode, a theme that follows the system starts from its stored style, light
        /// unless the user once forced another, and switches there). Its bindings run at once; its
        /// notifications — `theme.events` subscribers, `Theme.observe` observers, Observation — on the
        /// main queue's next turn, outside SwiftUI's view update, where they may publish.
        ///
        /// The theme must deliver on the main thread (`Theme.Delivery.mainThread`, the default), so a
        /// pack applied on a background queue updates views on the main thread; a theme created with
        /// `.synchronous` stops here, at setup, with a message saying so.
        /// - Parameter theme: The theme to install.
        /// - Returns: A view that installs the theme.
        public func theme(_ theme: Theme) -> some View {
            modifier(ThemeInstaller(theme: theme, setUp: nil))
        }

        /// Installs `theme` like ``theme(_:)``, with a brand chosen among `available` variants: the one the
        /// user chose last (restored from the theme's storage), else `default` on first launch.
        ///
        /// ```swift
        /// ContentView().theme(theme, default: Brand.ocean, available: Brand.all)
        /// ```
        ///
        /// The variants are registered with `Theme.register(_:)` when the theme is installed;
        /// when none of `Variant.Extension` is active afterwards (first launch, or a stored id no longer in
        /// `available`), `default` is activated without touching the style, so the theme keeps following the
        /// system until the user forces a style.
        ///
        /// This happens the first time the modifier's `body` runs, so the first frame shows the variant; as
        /// for the first report of the system appearance (``theme(_:)``), the change's notifications reach
        /// `theme.events` subscribers and `Theme.observe` observers on the main queue's next turn, outside
        /// SwiftUI's view update.
        /// - Parameters:
        ///   - theme: The theme to install.
        ///   - default: The variant for a first launch.
        ///   - available: Every variant the user can choose; `default` need not be repeated.
        /// - Returns: A view that installs the theme.
        public func theme<Variant: ThemeVariant>(
            _ theme: Theme, default: Variant, available: [Variant]
        ) -> some View {
            modifier(
                ThemeInstaller(theme: theme) { theme in
                    theme.register(available + [`default`])
                    if theme.activeVariantID(for: Variant.Extension.self) == nil {
                        theme.apply(variant: `default`)
                    }
                })
        }
    }

    /// The modifier behind ``SwiftUI/View/theme(_:)``.
    private struct ThemeInstaller: ViewModifier {
        let theme: Theme
        /// Runs once per installed theme, before anything below reads it.
        let setUp: (@MainActor (Theme) -> Void)?
        @Environment(\.colorScheme) private var colorScheme
        @Environment(\.colorSchemeContrast) private var colorSchemeContrast
        @StateObject private var state = ThemeSwitchState()

        func body(content: Content) -> some View {
            if let problem = theme.mainThreadDeliveryProblem(in: "View.theme(_:)") { preconditionFailure(problem) }
            state.connect(theme, setUp: setUp)
            state.report(
                SystemAppearance(colorScheme), ThemeContrast(systemIncreased: colorSchemeContrast == .increased))
            let forced = ThemeSwitchState.forcedAppearance(of: theme)
            return
                content
                .environment(\.theme, theme)
                .environment(\.themeNode, nil)
                .environment(\.themeColorScope, ThemeColorScope(theme: theme))
                .environment(\.colorScheme, forced.map(ColorScheme.init) ?? colorScheme)
        }
    }

    /// Redraws the installing view when what decides the content's forced colour scheme or colour scope
    /// changes: the style and contrast, whether the theme follows the system, and the applied pack's
    /// custom styles.
    @MainActor
    final class ThemeSwitchState: ObservableObject {
        private weak var theme: Theme?
        private var lastForced: SystemAppearance?
        private var lastScope: ThemeColorScope?
        private var subscription: ThemeSubscription?
        private var reporter = SystemAppearanceReporter()

        nonisolated init() {}

        /// Takes `theme` on, once per theme; publishes nothing (it runs during a view update). The first
        /// ``report(_:_:)`` subscribes to its events.
        func connect(_ theme: Theme, setUp: (@MainActor (Theme) -> Void)?) {
            guard self.theme !== theme else { return }
            self.theme = theme
            subscription = nil
            if let setUp { theme.changeNotifyingLater { setUp(theme) } }
            reporter.reset()
            ThemeEnvironmentFallback.install(theme)
        }

        /// Subscribes to `theme`'s events, from what it shows now.
        private func subscribe(to theme: Theme) {
            lastForced = Self.forcedAppearance(of: theme)
            lastScope = ThemeColorScope(theme: theme)
            subscription = theme.events.subscribe { [weak self] event in
                switch event {
                case .styleChanged, .contrastChanged, .followsSystemChanged, .followsSystemContrastChanged,
                    .extensionChanged, .variantChanged:
                    performOnMain { self?.themeDidChange() }
                default: break
                }
            }
        }

        /// Forwards the system appearance read where the modifier is applied, when it differs from what was
        /// reported last.
        ///
        /// Called from `body`, which reads the environment and is evaluated again when it changes. While the
        /// user forces a style the scheme read here may be that override (a window bridge or an enclosing
        /// `preferredColorScheme` sets it above the modifier), so it is not reported
        /// (``ThemeKit/SystemAppearance/systemReading(observed:forced:)``); the body is evaluated again when
        /// the theme follows the system again, and reports then. Contrast is never forced, so it is always
        /// reported; nor is anything while a window bridge reports to the theme (it reads the scene's traits,
        /// which neither a window's override nor a screen's `preferredColorScheme` reaches). The first report
        /// is made at once — nothing below is bound yet, so no view is invalidated
        /// during the update — and later ones right after the update, since they make views below redraw.
        /// The events are subscribed to after the first report: the body being evaluated draws what that
        /// report changed (a dark device on a first launch, whose stored style is light), and the change must
        /// not invalidate it from within its own update.
        func report(_ appearance: SystemAppearance, _ contrast: ThemeContrast) {
            guard let theme else { return }
            // What to report: decided in ThemeKit (`SystemAppearanceReporter`, tested on Linux).
            let report = reporter.report(
                observed: appearance, contrast: contrast, forced: Self.forcedAppearance(of: theme),
                windowReports: theme.hasWindowReporter)
            let send = { @Sendable in
                if let style = report.style { theme.systemStyleDidChange(to: style.style) }
                if let contrast = report.contrast { theme.systemContrastDidChange(to: contrast) }
            }
            if report.isFirst {
                // Its bindings now (the update draws the new appearance), its notifications after it.
                if !report.isEmpty { theme.changeNotifyingLater(send) }
                subscribe(to: theme)
            } else if !report.isEmpty {
                DispatchQueue.main.async(execute: send)
            }
        }

        private func themeDidChange() {
            guard let theme else { return }
            let forced = Self.forcedAppearance(of: theme)
            let scope = ThemeColorScope(theme: theme)
            guard forced != lastForced || scope != lastScope else { return }
            lastForced = forced
            lastScope = scope
            objectWillChange.send()
        }

        /// The appearance the content is forced to, `nil` when it follows the system.
        static func forcedAppearance(of theme: Theme) -> SystemAppearance? {
            SystemAppearance.windowOverride(
                followsSystem: theme.followsSystem, style: theme.style,
                baseStyles: theme.value(ThemePackColors.self).styles)
        }
    }

    extension SystemAppearance {
        /// The appearance of a SwiftUI colour scheme (a scheme added after `.dark` counts as light).
        /// - Parameter colorScheme: The scheme.
        public init(_ colorScheme: ColorScheme) {
            self = colorScheme == .dark ? .dark : .light
        }
    }

    extension ColorScheme {
        /// The colour scheme of a system appearance.
        /// - Parameter appearance: The appearance.
        public init(_ appearance: SystemAppearance) {
            switch appearance {
            case .light: self = .light
            case .dark: self = .dark
            }
        }
    }
#endif
