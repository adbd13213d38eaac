/// What a window that follows a theme shows of it: the theme's style and contrast, the appearance the
/// window is forced to, and the base styles custom styles are drawn in.
///
/// A platform adapter (ThemeKitUIKit's `ThemeWindowBridge`) reads it from the theme after every change
/// and hands it to a ``ThemeWindowStateMachine``, which decides what to do with the window.
///
/// ```swift
/// let shown = ThemeWindowAppearance(theme: theme, baseStyles: packColors.styles)
/// shown.forcedAppearance   // nil while the theme follows the system
/// ```
public struct ThemeWindowAppearance: Hashable, Sendable {
    /// The theme's style.
    public var style: ThemeStyle
    /// The theme's contrast.
    public var contrast: ThemeContrast
    /// Whether the contrast was chosen in the app (`Theme.followsSystemContrast` is off), so the window
    /// must carry it to dynamic colours instead of the system's.
    public var forcesContrast: Bool
    /// The appearance the window is forced to, `nil` when it follows the system
    /// (``SystemAppearance/windowOverride(followsSystem:style:baseStyles:)``).
    public var forcedAppearance: SystemAppearance?
    /// Each custom style's base style (the applied pack's `styles`).
    public var baseStyles: [ThemeStyle: ThemeStyle]

    /// Creates a value from its parts.
    /// - Parameters:
    ///   - style: The theme's style.
    ///   - contrast: The theme's contrast.
    ///   - forcesContrast: Whether the contrast was chosen in the app.
    ///   - forcedAppearance: The appearance the window is forced to, `nil` to follow the system.
    ///   - baseStyles: Each custom style's base style.
    public init(
        style: ThemeStyle, contrast: ThemeContrast, forcesContrast: Bool = false,
        forcedAppearance: SystemAppearance?, baseStyles: [ThemeStyle: ThemeStyle] = [:]
    ) {
        self.style = style
        self.contrast = contrast
        self.forcesContrast = forcesContrast
        self.forcedAppearance = forcedAppearance
        self.baseStyles = baseStyles
    }

    /// What a window shows of `theme` now.
    /// - Parameters:
    ///   - theme: The theme.
    ///   - baseStyles: Each custom style's base style (ThemeKitTokens' `ThemePackColors.styles`).
    public init(theme: Theme, baseStyles: [ThemeStyle: ThemeStyle] = [:]) {
        let style = theme.style
        self.init(
            style: style, contrast: theme.contrast, forcesContrast: !theme.followsSystemContrast,
            forcedAppearance: SystemAppearance.windowOverride(
                followsSystem: theme.followsSystem, style: style, baseStyles: baseStyles),
            baseStyles: baseStyles)
    }

    /// Whether going from `other` to this value changes what is on screen as a whole (style, contrast or
    /// forced appearance), as opposed to a new pack's base styles alone.
    /// - Parameter other: The value shown before.
    /// - Returns: `true` when the window's look changes.
    public func changesLook(from other: ThemeWindowAppearance) -> Bool {
        style != other.style || contrast != other.contrast || forcedAppearance != other.forcedAppearance
    }
}

/// Decides what a window bridge does when its window is attached and whenever the theme changes: the
/// platform-neutral part of ThemeKitUIKit's `ThemeWindowBridge`, which only performs the actions.
///
/// The rules:
/// - Attaching applies the theme at once, never cross-faded.
/// - Every change that alters what the window shows is applied, however many arrive in one run-loop turn;
///   one that alters nothing (several events of one pass, an extension change that leaves the style
///   alone) does nothing at all.
/// - A change of the window's look (style, contrast or forced appearance) cross-fades by the
///   ``animation`` rule, at most once per run-loop turn: later changes in the same turn are applied
///   inside that cross-fade. A change of base styles alone is applied without one.
/// - When the window stops being forced, the platform must clear the override and read the system's
///   appearance again (``Action/apply(_:animationDuration:readsSystemAgain:)``).
/// - After ``detach()`` nothing is applied.
///
/// ```swift
/// var machine = ThemeWindowStateMachine()
/// machine.attach(showing: shown)                     // .apply(shown, animationDuration: nil, …)
/// machine.themeChanged(to: dark, reduceMotion: false) // .apply(dark, animationDuration: 0.25, …)
/// machine.turnEnded()                                // the next look change may cross-fade again
/// ```
public struct ThemeWindowStateMachine: Sendable {
    /// What the platform does with the window.
    public enum Action: Hashable, Sendable {
        /// Nothing: the window already shows this.
        case none
        /// Updates the window to show `appearance`, cross-fading for `animationDuration` seconds when it is
        /// not `nil` (then call ``turnEnded()`` on the next turn of the main queue). With
        /// `readsSystemAgain`, clear the window's override first and report the system's appearance.
        case apply(ThemeWindowAppearance, animationDuration: Double?, readsSystemAgain: Bool)
    }

    /// What the window shows, `nil` before it is attached and after it is detached.
    public private(set) var applied: ThemeWindowAppearance?
    /// The rule deciding which look changes cross-fade.
    public var animation: ThemeSwitchAnimation
    /// Whether a cross-fade was started in the current run-loop turn.
    public private(set) var isCrossFading = false

    /// Creates a machine for a window not attached yet.
    /// - Parameter animation: The cross-fade rule; the default duration by default.
    public init(animation: ThemeSwitchAnimation = ThemeSwitchAnimation()) {
        self.animation = animation
    }

    /// The window is attached showing `appearance`: applied at once.
    /// - Parameter appearance: What the theme shows now.
    /// - Returns: The action (always an immediate `apply`).
    public mutating func attach(showing appearance: ThemeWindowAppearance) -> Action {
        applied = appearance
        animation.reset()
        _ = animation.nextTransition(reduceMotion: true)
        isCrossFading = false
        return .apply(appearance, animationDuration: nil, readsSystemAgain: false)
    }

    /// The theme changed and now shows `appearance`.
    /// - Parameters:
    ///   - appearance: What the theme shows now.
    ///   - reduceMotion: Whether the user asked for reduced motion.
    /// - Returns: What to do with the window.
    public mutating func themeChanged(to appearance: ThemeWindowAppearance, reduceMotion: Bool) -> Action {
        guard let previous = applied, previous != appearance else { return .none }
        applied = appearance
        var duration: Double?
        if appearance.changesLook(from: previous) && !isCrossFading {
            duration = animation.nextTransition(reduceMotion: reduceMotion)
            if duration != nil { isCrossFading = true }
        }
        let readsSystemAgain = previous.forcedAppearance != nil && appearance.forcedAppearance == nil
        return .apply(appearance, animationDuration: duration, readsSystemAgain: readsSystemAgain)
    }

    /// The run-loop turn in which a cross-fade started is over: the next look change may cross-fade.
    public mutating func turnEnded() { isCrossFading = false }

    /// The window was detached: nothing more is applied.
    /// - Returns: Whether it was attached (and so has an override to clear).
    public mutating func detach() -> Bool {
        defer { applied = nil }
        return applied != nil
    }
}
