/// The status-bar content a theme asks for: dark content on light backgrounds, light content on dark
/// ones (SwiftTheme's `ThemeStatusBarStylePicker`, decided here from the theme instead of per theme).
///
/// UIKit's `UIStatusBarStyle` maps onto it (ThemeKitUIKit).
public enum ThemeStatusBarStyle: String, Hashable, Sendable {
    /// Dark text and icons, for light backgrounds.
    case darkContent
    /// Light text and icons, for dark backgrounds.
    case lightContent

    /// The style for content drawn in `appearance`.
    /// - Parameter appearance: The appearance the bar's background is drawn in.
    public init(appearance: SystemAppearance) {
        self = appearance == .dark ? .lightContent : .darkContent
    }

    /// The style for a scope (a binding's `ThemeColorScope(env)`): by the appearance its style is drawn in.
    /// - Parameter scope: The scope.
    public init(_ scope: ThemeColorScope) { self.init(appearance: scope.appearance) }

    /// The style that stays readable over `background`: light content when white text contrasts with it
    /// more than black text does (WCAG contrast ratio), for a bar whose colour differs from the style's
    /// appearance (a brand-coloured navigation bar in the light style).
    /// - Parameter background: The colour behind the status bar.
    public init(over background: ThemeColor) {
        let white = ThemeColor(red: 1, green: 1, blue: 1)
        let black = ThemeColor(red: 0, green: 0, blue: 0)
        self = background.contrastRatio(to: white) > background.contrastRatio(to: black) ? .lightContent : .darkContent
    }
}

/// The keyboard appearance a theme asks for: the appearance its style is drawn in (SwiftTheme's
/// `ThemeKeyboardAppearancePicker`). UIKit's `UIKeyboardAppearance` maps onto it (ThemeKitUIKit).
public enum ThemeKeyboardAppearance: String, Hashable, Sendable {
    /// A light keyboard.
    case light
    /// A dark keyboard.
    case dark

    /// The keyboard for a scope (a binding's `ThemeColorScope(env)`).
    /// - Parameter scope: The scope.
    public init(_ scope: ThemeColorScope) {
        self = scope.appearance == .dark ? .dark : .light
    }
}
