/// The rule that decides whether a theme change on screen is animated: later switches cross-fade,
/// the first application never does.
///
/// A window, screen or view tree keeps one rule. The first time the theme is applied to it (when it
/// is attached, or first drawn) the change appears at once — animating it would make every new screen
/// fade in from an unthemed state. Every later change cross-fades for ``duration`` seconds, unless
/// the user asked for reduced motion.
///
/// ```swift
/// var rule = ThemeSwitchAnimation()
/// rule.nextTransition(reduceMotion: false)   // nil: the first application is immediate
/// rule.nextTransition(reduceMotion: false)   // 0.25: later switches cross-fade
/// rule.nextTransition(reduceMotion: true)    // nil: reduced motion never animates
/// ```
///
/// The same rule is what a provider sees as ``ThemeContext/isAnimatable``: `false` on a binding's
/// first run, `true` later.
public struct ThemeSwitchAnimation: Hashable, Sendable {
    /// The default cross-fade duration, in seconds.
    public static let defaultDuration = 0.25

    /// How long a later switch cross-fades, in seconds. A duration of zero or less never animates.
    public var duration: Double
    /// Whether a change was applied already (the next one is a later switch).
    public private(set) var hasApplied: Bool

    /// Creates a rule for a surface the theme has not been applied to yet.
    /// - Parameter duration: The cross-fade duration, in seconds; ``defaultDuration`` by default.
    public init(duration: Double = ThemeSwitchAnimation.defaultDuration) {
        self.duration = duration
        hasApplied = false
    }

    /// Whether a change is animated, as a pure function of the rule's inputs.
    /// - Parameters:
    ///   - isInitialApplication: Whether this is the first application to the surface.
    ///   - reduceMotion: Whether the user asked for reduced motion.
    ///   - duration: The cross-fade duration.
    /// - Returns: `true` only for a later change, without reduced motion, with a positive duration.
    public static func animates(isInitialApplication: Bool, reduceMotion: Bool, duration: Double = defaultDuration)
        -> Bool
    {
        !isInitialApplication && !reduceMotion && duration > 0 && duration.isFinite
    }

    /// Records that a change is being applied and returns how long to cross-fade it.
    /// - Parameter reduceMotion: Whether the user asked for reduced motion (UIKit's
    ///   `UIAccessibility.isReduceMotionEnabled`, SwiftUI's `accessibilityReduceMotion`).
    /// - Returns: The duration in seconds, or `nil` to apply the change at once.
    public mutating func nextTransition(reduceMotion: Bool = false) -> Double? {
        let isInitial = !hasApplied
        hasApplied = true
        return Self.animates(isInitialApplication: isInitial, reduceMotion: reduceMotion, duration: duration)
            ? duration : nil
    }

    /// Forgets earlier applications, so the next change is treated as the first (for a surface that
    /// was taken off screen and will be shown fresh).
    public mutating func reset() { hasApplied = false }
}
