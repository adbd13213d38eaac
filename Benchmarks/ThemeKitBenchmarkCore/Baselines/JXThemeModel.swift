import ThemeKit

/// A model of JXTheme's dispatch, written from its published description.
///
/// JXTheme keeps tracked views in an `NSHashTable.weakObjects()` and each view's
/// providers in a `[String: Any]` associated object keyed by property name. On a
/// change it takes `allObjects` of the table and, for every view, walks its
/// providers, switching on the key and casting each provider to its concrete
/// type before calling it. Every change refreshes everything.
///
/// `NSHashTable` does not exist in Linux Foundation, so the weak table is a
/// dictionary of weak boxes keyed by `ObjectIdentifier` (dead boxes are dropped
/// when a change meets them, as the hash table drops zeroed entries).
final class JXThemeSystem {
    /// JXTheme's `ThemeProvider<T>`: a closure from the style to a value.
    struct Provider<Value>: Sendable {
        let provider: @Sendable (ThemeStyle) -> Value
    }

    private final class WeakBox {
        weak var object: BenchView?
        init(_ object: BenchView) { self.object = object }
    }

    private static let keys = [
        "UILabel.textColor", "UIView.backgroundColor", "UIView.tintColor", "CALayer.borderColor",
    ]

    let state: SharedThemeState
    private var tracked: [ObjectIdentifier: WeakBox] = [:]

    init(state: SharedThemeState) { self.state = state }

    /// Tracks `views`; `readsB` tells which palette each view reads.
    convenience init(views: [BenchView], roles: Int, state: SharedThemeState, readsB: (Int) -> Bool) {
        self.init(state: state)
        for (index, view) in views.enumerated() { track(view, roles: roles, readsB: readsB(index)) }
    }

    /// What `view.theme.textColor = dynamicColor { … }` does for each role: store the
    /// provider, track the view, apply the value at once.
    func track(_ view: BenchView, roles: Int, readsB: Bool) {
        for role in 0..<roles {
            let provider = Self.provider(role: role, readsB: readsB, state: state)
            view.jxProviders[Self.keys[role]] = provider
            view.set(role: role, provider.provider(state.style))
        }
        tracked[ObjectIdentifier(view)] = WeakBox(view)
    }

    /// `ThemeManager.changeTheme(to:)`: every live tracked view refreshes every provider.
    @inline(never)
    func changeTheme(to style: ThemeStyle) {
        state.style = style
        var all: [BenchView] = []
        var dead: [ObjectIdentifier] = []
        for (key, box) in tracked {
            if let object = box.object { all.append(object) } else { dead.append(key) }
        }
        for key in dead { tracked[key] = nil }
        for view in all { refresh(view, style: style) }
    }

    private func refresh(_ view: BenchView, style: ThemeStyle) {
        for (key, provider) in view.jxProviders {
            switch key {
            case "UILabel.textColor":
                if let provider = provider as? Provider<String> { view.text = provider.provider(style) }
            case "UIView.backgroundColor":
                if let provider = provider as? Provider<String> { view.background = provider.provider(style) }
            case "UIView.tintColor":
                if let provider = provider as? Provider<String> { view.tint = provider.provider(style) }
            case "CALayer.borderColor":
                if let provider = provider as? Provider<String> { view.border = provider.provider(style) }
            default:
                break
            }
        }
    }

    private static func provider(role: Int, readsB: Bool, state: SharedThemeState) -> Provider<String> {
        switch (role, readsB) {
        case (0, false): Provider { style in style == .dark ? state.a.text : state.a.textLight }
        case (1, false): Provider { style in style == .dark ? state.a.background : state.a.backgroundLight }
        case (2, false): Provider { style in style == .dark ? state.a.tint : state.a.tintLight }
        case (_, false): Provider { style in style == .dark ? state.a.border : state.a.borderLight }
        case (0, true): Provider { style in style == .dark ? state.b.text : state.b.textLight }
        case (1, true): Provider { style in style == .dark ? state.b.background : state.b.backgroundLight }
        case (2, true): Provider { style in style == .dark ? state.b.tint : state.b.tintLight }
        case (_, true): Provider { style in style == .dark ? state.b.border : state.b.borderLight }
        }
    }
}
