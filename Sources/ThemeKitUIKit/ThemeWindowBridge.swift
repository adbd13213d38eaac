#if canImport(UIKit) && !os(watchOS)
    import ThemeKitTokens
    import UIKit

    extension Theme {
        /// Connects this theme to a window: system appearance changes flow in, the user's forced style
        /// flows out, and later switches cross-fade.
        ///
        /// ```swift
        /// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        ///     let window = UIWindow(windowScene: scene as! UIWindowScene)
        ///     theme.attach(to: window)
        /// }
        /// ```
        ///
        /// The window keeps the bridge; attaching the same window again returns the existing bridge for
        /// this theme (and detaches another theme's). See ``ThemeWindowBridge`` for what it does.
        /// - Parameter window: The window.
        /// - Returns: The bridge, for its hooks and ``ThemeWindowBridge/detach()``.
        @MainActor @discardableResult
        public func attach(to window: UIWindow) -> ThemeWindowBridge {
            ThemeBinder<UIWindow>.requireMainThreadDelivery(of: self, in: "Theme.attach(to:)")
            if let existing = ThemeWindowBridge.bridge(of: window) {
                if existing.theme === self { return existing }
                existing.detach()
            }
            return ThemeWindowBridge(theme: self, window: window)
        }
    }

    /// Keeps one window and a theme in step.
    ///
    /// - **System → theme.** The system's appearance and contrast are read from the window's scene (the
    ///   window's own traits carry the bridge's override) and forwarded to
    ///   `Theme.systemStyleDidChange(to:)` and `Theme.systemContrastDidChange(to:)` when
    ///   attached and on every change: through `registerForTraitChanges` on iOS 17 (of the window's
    ///   hidden view until the window has a scene, for a window made without one), through
    ///   `traitCollectionDidChange` of that view below iOS 17. While a bridge is attached, SwiftUI's
    ///   `.theme` leaves this to it: the environment it reads carries a window's forced scheme and a
    ///   screen's `preferredColorScheme`, the scene's traits neither.
    /// - **Theme → window.** While the user forced a style (`Theme.followsSystem` is off) the
    ///   window's `overrideUserInterfaceStyle` is that style's appearance (a custom style's base, from
    ///   the applied pack's `ThemePackColors.styles`), so bars, alerts and keyboards
    ///   match; it is cleared when the theme follows the system again. On iOS 17 the theme's style and a
    ///   contrast chosen in the app are also put in the window's traits (``ThemeStyleTrait``) for
    ///   `UIColor(_: ColorSet)`.
    /// - **Animation.** The first application is immediate; a later change of the window's look (style,
    ///   contrast, forced appearance) cross-fades the window for ``animation``'s duration
    ///   (`ThemeSwitchAnimation`), once per run-loop turn and never with Reduce Motion on. A new pack that
    ///   leaves the look alone is not cross-faded.
    ///
    /// What to do when is decided by `ThemeWindowStateMachine` (ThemeKit, tested on Linux); the bridge
    /// performs its actions. It runs on the main thread whatever the theme's delivery: events from
    /// another thread are forwarded to the main queue.
    ///
    /// The window keeps the bridge (through a hidden subview); the bridge keeps neither the window nor
    /// that view, so closing the window frees the bridge, whose subscription ends with it.
    @MainActor
    public final class ThemeWindowBridge {
        /// What a switch the bridge is applying is.
        public struct Switch: Sendable {
            /// The theme's style after the switch.
            public var style: ThemeStyle
            /// The theme's contrast after the switch.
            public var contrast: ThemeContrast
            /// The appearance the window is forced to, `nil` when it follows the system.
            public var forcedAppearance: SystemAppearance?
            /// The cross-fade duration, `nil` when the switch is applied at once.
            public var animationDuration: Double?
        }

        /// The theme.
        public let theme: Theme
        /// The window, while it is alive and attached.
        public private(set) weak var window: UIWindow?
        /// The rule deciding which switches cross-fade; set its duration to change the cross-fade.
        public var animation: ThemeSwitchAnimation {
            get { machine.animation }
            set { machine.animation = newValue }
        }
        /// Called before the bridge updates the window for a switch (the bindings have already run), with
        /// the switch and the window.
        ///
        /// Use the window it is handed rather than capturing one: the window keeps the bridge, so a hook
        /// that held the window strongly would keep both alive after the window is closed.
        public var willApply: (@MainActor (Switch, UIWindow) -> Void)?
        /// Called after the bridge updated the window for a switch, with the switch and the window (see
        /// ``willApply``).
        public var didApply: (@MainActor (Switch, UIWindow) -> Void)?

        private var machine = ThemeWindowStateMachine()
        private var subscription: ThemeSubscription?
        /// The hidden view that keeps the bridge: held weakly (it holds the bridge).
        private weak var observer: TraitObserverView?
        /// Read by `deinit`, which is not isolated: UIKit objects only ever used on the main thread.
        // Sound: written on the main thread at setup, read once by `deinit` after the last other use.
        nonisolated(unsafe) private var registration: AnyObject?
        // Sound: the same (set on the main thread, read by `deinit` only); a `weak` load is atomic.
        nonisolated(unsafe) private weak var scene: UIWindowScene?
        /// iOS 17, a window without a scene when attached: the hidden view's trait registration, which
        /// reports until the window has a scene (the view's traits are the window's).
        private var viewRegistration: AnyObject?
        /// Counts the bridge as the theme's reporter of the system's appearance while it is attached: SwiftUI's
        /// `.theme` then leaves the reporting to it (`SystemAppearanceReporter`, tested on Linux).
        private var reporting: WindowReporterRegistration?

        init(theme: Theme, window: UIWindow) {
            self.theme = theme
            self.window = window
            let observer = TraitObserverView(bridge: self)
            self.observer = observer
            window.addSubview(observer)
            if #available(iOS 17.0, tvOS 17.0, *) {
                registerWithScene()
                if registration == nil {
                    // A window made without a scene (`UIWindow(frame:)`) that gets one later: follow the
                    // window's traits through the hidden view until then.
                    viewRegistration = observer.registerForTraitChanges(
                        [UITraitUserInterfaceStyle.self, UITraitAccessibilityContrast.self]
                    ) { [weak self] (_: TraitObserverView, _: UITraitCollection) in
                        self?.reportSystemAppearance()
                    }
                }
            }
            reporting = theme.registerWindowReporter()
            // Report and apply before subscribing: the first application is not a switch to animate.
            reportSystemAppearance()
            perform(machine.attach(showing: shown()))
            subscription = theme.events.subscribe { [weak self] event in
                switch event {
                case .styleChanged, .contrastChanged, .followsSystemChanged, .followsSystemContrastChanged,
                    .extensionChanged, .variantChanged:
                    // In the same run-loop turn as the bindings, before the frame is committed, so the
                    // cross-fade starts from what was on screen.
                    performOnMain { self?.themeDidChange() }
                default: break
                }
            }
        }

        deinit {
            // The window went (or the bridge was replaced): stop listening to the scene. The bus
            // subscription ends with its token.
            guard let registration else { return }
            let scene = scene
            // Sound: a UIKit object, used here only on the main thread (now, or on the main queue).
            nonisolated(unsafe) let token = registration
            performOnMain {
                if #available(iOS 17.0, tvOS 17.0, *), let token = token as? UITraitChangeRegistration {
                    scene?.unregisterForTraitChanges(token)
                }
            }
        }

        /// The bridge attached to `window`, if any.
        static func bridge(of window: UIWindow) -> ThemeWindowBridge? {
            window.subviews.lazy.compactMap { ($0 as? TraitObserverView)?.bridge }.first
        }

        /// Disconnects the window: the override is cleared and nothing is forwarded any more.
        public func detach() {
            subscription?.cancel()
            subscription = nil
            reporting = nil
            if #available(iOS 17.0, tvOS 17.0, *) {
                if let registration = registration as? UITraitChangeRegistration {
                    scene?.unregisterForTraitChanges(registration)
                }
                if let registration = viewRegistration as? UITraitChangeRegistration {
                    observer?.unregisterForTraitChanges(registration)
                }
                // Set by every application, with or without a scene.
                window?.traitOverrides.remove(ThemeStyleTrait.self)
            }
            registration = nil
            viewRegistration = nil
            if machine.detach() { window?.overrideUserInterfaceStyle = .unspecified }
            observer?.removeFromSuperview()
            window = nil
        }

        /// iOS 17: registers for the trait changes of the window's scene, once it has one.
        @available(iOS 17.0, tvOS 17.0, *)
        private func registerWithScene() {
            guard registration == nil, let scene = window?.windowScene else { return }
            self.scene = scene
            registration = scene.registerForTraitChanges(
                [UITraitUserInterfaceStyle.self, UITraitAccessibilityContrast.self]
            ) { [weak self] (_: UIWindowScene, _: UITraitCollection) in
                self?.reportSystemAppearance()
            }
        }

        /// Forwards the system's appearance and contrast, read from the window's scene (unaffected by the
        /// window's override); from the window itself only while nothing is forced.
        func reportSystemAppearance() {
            guard let window else { return }
            // A window attached without a scene reads its scene's traits from the first report after it got one.
            if #available(iOS 17.0, tvOS 17.0, *) { registerWithScene() }
            let sceneTraits = window.windowScene?.traitCollection
            let traits = sceneTraits ?? window.traitCollection
            let observed: SystemAppearance? =
                switch traits.userInterfaceStyle {
                case .dark: .dark
                case .light: .light
                default: nil
                }
            let forced = machine.applied?.forcedAppearance
            // Which reading is the system's: decided in ThemeKit (`SystemAppearance.windowReading`, tested on Linux).
            let reading = SystemAppearance.windowReading(
                observed: observed, fromScene: sceneTraits != nil, forced: forced)
            if let reading { theme.systemStyleDidChange(to: reading.style) }
            if traits.accessibilityContrast != .unspecified {
                theme.systemContrastDidChange(to: ThemeContrast(systemIncreased: traits.accessibilityContrast == .high))
            }
        }

        /// What the window shows of the theme now.
        private func shown() -> ThemeWindowAppearance {
            ThemeWindowAppearance(theme: theme, baseStyles: theme.value(ThemePackColors.self).styles)
        }

        private func themeDidChange() {
            guard window != nil else { return }
            if #available(iOS 17.0, tvOS 17.0, *) { registerWithScene() }
            perform(machine.themeChanged(to: shown(), reduceMotion: UIAccessibility.isReduceMotionEnabled))
        }

        /// Performs what the state machine decided.
        private func perform(_ action: ThemeWindowStateMachine.Action) {
            guard case .apply(let shown, let duration, let readsSystemAgain) = action, let window else { return }
            if readsSystemAgain {
                // The override hid the system's appearance from the window: read it again now. A
                // different system style arrives as a change of its own.
                window.overrideUserInterfaceStyle = .unspecified
                reportSystemAppearance()
            }
            let change = Switch(
                style: shown.style, contrast: shown.contrast, forcedAppearance: shown.forcedAppearance,
                animationDuration: duration)
            willApply?(change, window)
            let update = {
                window.overrideUserInterfaceStyle = UIUserInterfaceStyle(shown.forcedAppearance)
                if #available(iOS 17.0, tvOS 17.0, *) {
                    window.traitOverrides[ThemeStyleTrait.self] = ThemeStyleTrait.Style(shown)
                }
            }
            if let duration {
                UIView.transition(
                    with: window, duration: duration, options: [.transitionCrossDissolve, .allowUserInteraction],
                    animations: update)
                // Later changes in this turn are applied inside this cross-fade.
                DispatchQueue.main.async { [weak self] in self?.machine.turnEnded() }
            } else {
                update()
            }
            didApply?(change, window)
        }
    }

    extension UIUserInterfaceStyle {
        /// The interface style that forces `appearance`; `.unspecified` (follow the system) for `nil`.
        /// - Parameter appearance: The appearance to force, or `nil`.
        public init(_ appearance: SystemAppearance?) {
            switch appearance {
            case .dark: self = .dark
            case .light: self = .light
            case nil: self = .unspecified
            }
        }
    }

    /// A hidden view in the bridged window: keeps the bridge alive as long as the window, and reports
    /// trait changes below iOS 17.
    final class TraitObserverView: UIView {
        let bridge: ThemeWindowBridge

        init(bridge: ThemeWindowBridge) {
            self.bridge = bridge
            super.init(frame: .zero)
            isHidden = true
            isUserInteractionEnabled = false
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { fatalError("TraitObserverView is created in code") }

        @available(iOS, deprecated: 17.0, message: "iOS 17 reports through registerForTraitChanges")
        @available(tvOS, deprecated: 17.0, message: "tvOS 17 reports through registerForTraitChanges")
        override func traitCollectionDidChange(_ previous: UITraitCollection?) {
            super.traitCollectionDidChange(previous)
            if #available(iOS 17.0, tvOS 17.0, *) { return }
            bridge.reportSystemAppearance()
        }
    }
#endif
