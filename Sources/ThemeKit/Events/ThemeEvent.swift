import Foundation

/// A change a ``Theme`` reports through its ``ThemeEventBus`` and `NotificationCenter`.
public enum ThemeEvent: Hashable, Sendable, CustomStringConvertible {
    /// The theme's style changed to the associated value.
    case styleChanged(ThemeStyle)
    /// The theme's contrast changed to the associated value.
    case contrastChanged(ThemeContrast)
    /// A new value of an extension type was applied.
    case extensionChanged(ThemeExtensionID)
    /// The active variant of an extension type changed (`nil`: none is active now).
    case variantChanged(ThemeExtensionID, variantID: String?)
    /// Whether the theme follows the system appearance changed.
    case followsSystemChanged(Bool)
    /// Whether the theme's contrast follows the system's contrast setting changed.
    case followsSystemContrastChanged(Bool)
    /// Reading or writing the theme's storage failed; defaults or the in-memory state stay in use.
    case storageFailure(ThemeStorageError)
    /// User code kept changing the theme from inside its own callbacks; delivery
    /// stopped after `passes` passes instead of looping forever.
    case refreshLoopStopped(passes: Int)

    /// A one-line description for logs.
    public var description: String {
        switch self {
        case .styleChanged(let style): "style changed to \(style)"
        case .contrastChanged(let contrast): "contrast changed to \(contrast)"
        case .extensionChanged(let id): "\(id) changed"
        case .variantChanged(let id, let variant): "\(id) variant changed to \(variant ?? "none")"
        case .followsSystemChanged(let follows): "followsSystem changed to \(follows)"
        case .followsSystemContrastChanged(let follows): "followsSystemContrast changed to \(follows)"
        case .storageFailure(let error): "storage failure: \(error)"
        case .refreshLoopStopped(let passes): "refresh stopped after \(passes) passes triggered by callbacks"
        }
    }
}

extension Notification.Name {
    /// Posted by a ``Theme`` (the notification's `object`) after each change it delivers.
    ///
    /// The ``ThemeEvent`` is in `userInfo[ThemeEvent.userInfoKey]`.
    public static let themeDidChange = Notification.Name("ThemeKit.themeDidChange")
}

extension ThemeEvent {
    /// The `userInfo` key under which a `.themeDidChange` notification carries its event.
    public static let userInfoKey = "ThemeKit.event"
}
