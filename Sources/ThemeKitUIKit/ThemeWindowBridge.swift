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
    ///   attached and on every change: through `registerForTraitChanges` on iOS 17, through
    ///   `traitCollectionDidChange` of a hidden view below.
    /// - **Theme → window.** While the user forced a style (`Theme.followsSystem` is off) the
    ///   window's `overrideUserInterfaceStyle` is that style's appearance (a custom style's base, from
    ///   the applied pack's `ThemePackColors.styles`), so bars, alerts and keyboards
    ///   match; it is cleared when the theme follows the system again. On iOS 17 the theme's style is
    ///   also put in the window's traits (``ThemeStyleTrait``) for `UIColor(_: ColorSet)`.
    /// - **Animation.** The first application is immediate; later switches cross-fade the window for
    ///   ``animation``'s duration (`ThemeSwitchAnimation`), never with Reduce Motion on.
    ///
    /// Runs on the main thread; use a theme created with `delivery: .mainThread`.
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
        public var animation = ThemeSwitchAnimation()
        /// Called before the bridge updates the window for a switch (the bindings have already run).
        public var willApply: (@MainActor (Switch) -> Void)?
        /// Called after the bridge updated the window for a switch.
        public var didApply: (@MainActor (Switch) -> Void)?

        private var subscription: ThemeSubscription?
        private var forced: SystemAppearance?
        private var applyingPass = false
        private var observer: TraitObserverView?
        private var registration: Any?

        init(theme: Theme, window: UIWindow) {
            self.theme = theme
            self.window = window
            let observer = TraitObserverView(bridge: self)
            self.observer = observer
            window.addSubview(observer)
            if #available(iOS 17.0, tvOS 17.0, *), let scene = window.windowScene {
                registration = scene.registerForTraitChanges(
                    [UITraitUserInterfaceStyle.self, UITraitAccessibilityContrast.self]
                ) { [weak self] (_: UIWindowScene, _: UITraitCollection) in
                    self?.reportSystemAppearance()
                }
            }
            // Report and apply before subscribing: the first application is not a switch to animate.
            reportSystemAppearance()
            apply()
            subscription = theme.events.subscribe { [weak self] event in
                switch event {
                case .styleChanged, .contrastChanged, .followsSystemChanged, .extensionChanged, .variantChanged:
                    let followsAgain = event == .followsSystemChanged(true)
                    // In the same run-loop turn as the bindings, before the frame is committed, so the
                    // cross-fade starts from what was on screen.
                    performOnMain { self?.themeDidChange(followsSystemAgain: followsAgain) }
                default: break
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
            observer?.removeFromSuperview()
            observer = nil
            if #available(iOS 17.0, tvOS 17.0, *), let registration = registration as? UITraitChangeRegistration {
                window?.windowScene?.unregisterForTraitChanges(registration)
                window?.traitOverrides.remove(ThemeStyleTrait.self)
            }
            registration = nil
            window?.overrideUserInterfaceStyle = .unspecified
            window = nil
        }

        /// Forwards the system's appearance and contrast, read from the window's scene (unaffected by the
        /// window's override); from the window itself only while nothing is forced.
        func reportSystemAppearance() {
            guard let window else { return }
            let sceneTraits = window.windowScene?.traitCollection
            let traits = sceneTraits ?? window.traitCollection
            let observed: SystemAppearance? =
                switch traits.userInterfaceStyle {
                case .dark: .dark
                case .light: .light
                default: nil
                }
            let reading =
                sceneTraits == nil ? SystemAppearance.systemReading(observed: observed, forced: forced) : observed
            if let reading { theme.systemStyleDidChange(to: reading.style) }
            if traits.accessibilityContrast != .unspecified {
                theme.systemContrastDidChange(to: ThemeContrast(systemIncreased: traits.accessibilityContrast == .high))
            }
        }

        private func themeDidChange(followsSystemAgain: Bool) {
            guard window != nil else { return }
            if followsSystemAgain {
                // The override hid the system's appearance from the window: read it again now.
                window?.overrideUserInterfaceStyle = .unspecified
                forced = nil
                reportSystemAppearance()
            }
            apply()
        }

        /// Updates the window for the theme's current state, cross-fading unless it is the first time.
        private func apply() {
            guard let window, !applyingPass else { return }
            let style = theme.style
            let baseStyles = theme.value(ThemePackColors.self).styles
            let change = Switch(
                style: style, contrast: theme.contrast,
                forcedAppearance: SystemAppearance.windowOverride(
                    followsSystem: theme.followsSystem, style: style, baseStyles: baseStyles),
                animationDuration: animation.nextTransition(reduceMotion: UIAccessibility.isReduceMotionEnabled))
            willApply?(change)
            let update = { [self] in
                forced = change.forcedAppearance
                window.overrideUserInterfaceStyle =
                    switch change.forcedAppearance {
                    case .dark: .dark
                    case .light: .light
                    case nil: .unspecified
                    }
                if #available(iOS 17.0, tvOS 17.0, *) {
                    window.traitOverrides[ThemeStyleTrait.self] = ThemeStyleTrait.Style(
                        style: style, baseStyles: baseStyles)
                }
            }
            if let duration = change.animationDuration {
                // Several events of one delivery make one cross-fade.
                applyingPass = true
                UIView.transition(
                    with: window, duration: duration, options: [.transitionCrossDissolve, .allowUserInteraction],
                    animations: update)
                DispatchQueue.main.async { [weak self] in self?.applyingPass = false }
            } else {
                update()
            }
            didApply?(change)
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
