/// The operating system's light or dark appearance, as a platform adapter reports it.
///
/// UIKit's `UIUserInterfaceStyle` and SwiftUI's `ColorScheme` map onto it (their `unspecified`
/// case onto `nil`: nothing to report). It is the bridge between the system's two appearances
/// and a theme's open set of ``ThemeStyle``s:
///
/// ```swift
/// SystemAppearance.dark.style                                  // .dark
/// SystemAppearance(style: .light)                              // .light
/// SystemAppearance(resolving: deepSea, baseStyles: [deepSea: .dark])   // .dark
/// ```
public enum SystemAppearance: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The light appearance.
    case light
    /// The dark appearance.
    case dark

    /// The theme style this appearance selects when a theme follows the system.
    public var style: ThemeStyle {
        switch self {
        case .light: .light
        case .dark: .dark
        }
    }

    /// The appearance that is exactly `style`, or `nil` for a custom style.
    /// - Parameter style: Any style.
    public init?(style: ThemeStyle) {
        switch style {
        case .light: self = .light
        case .dark: self = .dark
        default: return nil
        }
    }

    /// The appearance a style is drawn in: `.light` or `.dark` themselves, and for a custom style
    /// the appearance its chain of base styles ends in.
    ///
    /// A custom style absent from `baseStyles` is based on `.light`, and so is a chain that loops,
    /// as in ThemeKitTokens' `ColorSet` resolution.
    ///
    /// - Parameters:
    ///   - style: Any style.
    ///   - baseStyles: Each custom style's base style (a theme pack's `styles`).
    /// - Complexity: O(*n*) in the length of the chain of bases, without allocating.
    public init(resolving style: ThemeStyle, baseStyles: [ThemeStyle: ThemeStyle] = [:]) {
        var current = style
        // More steps than there are styles means the chain looped.
        for _ in 0...baseStyles.count {
            if let appearance = SystemAppearance(style: current) {
                self = appearance
                return
            }
            guard let base = baseStyles[current] else { break }
            current = base
        }
        self = .light
    }

    /// The appearance's name.
    public var description: String { rawValue }

    /// The appearance a window must be forced to so that system-drawn chrome (bars, alerts, keyboards,
    /// sheets) matches the theme, or `nil` when the window should follow the system.
    ///
    /// A theme that follows the system never forces the window. A theme whose style was chosen by the
    /// user forces the appearance of that style — its own for `.light` and `.dark`, its base's for a
    /// custom style — even when it happens to equal the system's, so a later system change does not
    /// repaint the chrome under a fixed theme.
    ///
    /// ```swift
    /// SystemAppearance.windowOverride(followsSystem: true, style: .dark)   // nil
    /// SystemAppearance.windowOverride(followsSystem: false, style: .dark)  // .dark
    /// ```
    /// - Parameters:
    ///   - followsSystem: The theme's ``Theme/followsSystem``.
    ///   - style: The theme's ``Theme/style``.
    ///   - baseStyles: Each custom style's base style.
    /// - Returns: The appearance to force, or `nil` to follow the system.
    public static func windowOverride(
        followsSystem: Bool, style: ThemeStyle, baseStyles: [ThemeStyle: ThemeStyle] = [:]
    ) -> SystemAppearance? {
        followsSystem ? nil : SystemAppearance(resolving: style, baseStyles: baseStyles)
    }

    /// Whether an appearance read from a view's traits or environment is the system's, and so should be
    /// reported to ``Theme/systemStyleDidChange(to:)``.
    ///
    /// While an adapter forces a window or subtree to an appearance, what the views below it read is that
    /// forced appearance, not the system's: reporting it would make a theme that later follows the system
    /// again come back in the forced appearance. Such readings are ignored; read the system again when the
    /// override is cleared.
    /// - Parameters:
    ///   - observed: The appearance read, `nil` when the platform reported none (`unspecified`).
    ///   - forced: The override in effect where it was read, `nil` when none.
    /// - Returns: The appearance to report, or `nil` to report nothing.
    public static func systemReading(observed: SystemAppearance?, forced: SystemAppearance?) -> SystemAppearance? {
        forced == nil ? observed : nil
    }

    /// What a window bridge (ThemeKitUIKit's `ThemeWindowBridge`) reports of an appearance it read: one
    /// read from the window's scene is the system's (the window's override does not reach the scene's
    /// traits); one read from the window itself, while it has no scene, is the system's only while the
    /// bridge forces nothing (``systemReading(observed:forced:)``).
    /// - Parameters:
    ///   - observed: The appearance read, `nil` when the platform reported none (`unspecified`).
    ///   - fromScene: Whether it was read from the window's scene.
    ///   - forced: The appearance the bridge forces on the window, `nil` when none.
    /// - Returns: The appearance to report, or `nil` to report nothing.
    package static func windowReading(
        observed: SystemAppearance?, fromScene: Bool, forced: SystemAppearance?
    ) -> SystemAppearance? {
        fromScene ? observed : systemReading(observed: observed, forced: forced)
    }
}

extension ThemeContrast {
    /// The contrast matching the system's "Increase Contrast" accessibility setting.
    ///
    /// UIKit's `UIAccessibilityContrast.high` and SwiftUI's `ColorSchemeContrast.increased` are
    /// `increased: true`; `normal` and `unspecified` are `false`.
    /// - Parameter increased: Whether the system asks for increased contrast.
    public init(systemIncreased increased: Bool) {
        self = increased ? .increased : .standard
    }

    /// Whether this contrast is the system's increased contrast.
    public var isIncreased: Bool { self == .increased }
}

/// What an adapter that reads the system's appearance where a theme is installed (SwiftUI's `.theme`,
/// from the environment of each `body`) reports of each reading: the decisions of
/// `ThemeSwitchState.report`, kept here so that they are tested on Linux.
///
/// - A reading taken while the theme forces the appearance is not the system's and is not reported
///   (``SystemAppearance/systemReading(observed:forced:)``); contrast is never forced.
/// - A style or contrast equal to the last one reported is not reported again (a `body` runs often).
/// - The first reading is reported whatever it is, at once, in the update that read it
///   (``Report/isFirst``); later ones after the update.
/// - Nothing is reported while a window bridge reports to the theme (``Theme/hasWindowReporter``): it
///   reads the scene's traits, which no override reaches, where the environment carries a window's
///   forced scheme and a screen's `preferredColorScheme`. The bridge then makes the one switch when the
///   theme follows the system again (the environment would still hold the old forced scheme for a
///   moment: two cross-fades). What was reported is forgotten, so once no bridge reports, the next
///   reading is reported.
package struct SystemAppearanceReporter: Sendable {
    /// What to report of one reading.
    package struct Report: Equatable, Sendable {
        /// The style to report, `nil` for none.
        package var style: SystemAppearance?
        /// The contrast to report, `nil` for none.
        package var contrast: ThemeContrast?
        /// This is the first reading since ``SystemAppearanceReporter/reset()``.
        package var isFirst: Bool

        /// Whether there is anything to report.
        package var isEmpty: Bool { style == nil && contrast == nil }
    }

    private var hasReported = false
    private var reportedStyle: SystemAppearance?
    private var reportedContrast: ThemeContrast?

    /// A reporter that has reported nothing.
    package init() {}

    /// Starts again, for another theme: the next reading is a first one.
    package mutating func reset() { self = Self() }

    /// What to report of a reading, recording it as reported.
    /// - Parameters:
    ///   - observed: The appearance read.
    ///   - contrast: The contrast read.
    ///   - forced: The appearance the theme forces where it was read, `nil` when none.
    ///   - windowReports: Whether a window bridge reports the system's appearance to the theme.
    /// - Returns: The style and contrast to report (each `nil` when unchanged or not the system's).
    package mutating func report(
        observed: SystemAppearance, contrast: ThemeContrast, forced: SystemAppearance?, windowReports: Bool = false
    ) -> Report {
        let isFirst = !hasReported
        hasReported = true
        if windowReports {
            (reportedStyle, reportedContrast) = (nil, nil)
            return Report(style: nil, contrast: nil, isFirst: isFirst)
        }
        let reading = SystemAppearance.systemReading(observed: observed, forced: forced)
        let style = reading.flatMap { $0 == reportedStyle ? nil : $0 }
        let newContrast = contrast == reportedContrast ? nil : contrast
        if let style { reportedStyle = style }
        if let newContrast { reportedContrast = newContrast }
        return Report(style: style, contrast: newContrast, isFirst: isFirst)
    }
}

extension Theme {
    /// Whether a window bridge reports the system's appearance to this theme now: SwiftUI's `.theme`
    /// then leaves the reporting to it (``SystemAppearanceReporter``).
    package var hasWindowReporter: Bool { windowReporters.withLock { $0 > 0 } }

    /// Counts the caller (ThemeKitUIKit's `ThemeWindowBridge`) as reporting the system's appearance to
    /// this theme until the registration is released.
    /// - Returns: The registration; keep it while reporting.
    package func registerWindowReporter() -> WindowReporterRegistration {
        WindowReporterRegistration(count: windowReporters)
    }
}

/// A window bridge counted as reporting the system's appearance to a theme, for as long as it lives
/// (``Theme/registerWindowReporter()``). It holds the theme's count, not the theme.
package final class WindowReporterRegistration: Sendable {
    private let count: Locked<Int>

    fileprivate init(count: Locked<Int>) {
        self.count = count
        count.withLock { $0 += 1 }
    }

    deinit { count.withLock { $0 -= 1 } }
}
