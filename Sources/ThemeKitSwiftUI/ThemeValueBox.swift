#if canImport(SwiftUI)
    import Combine
    import SwiftUI
    import ThemeKit

    /// What a ``ThemeValue`` or ``ThemeAppearance`` keeps per view: a `ThemeValueConnection` (ThemeKit,
    /// tested on Linux) — a binding in the theme that writes the value resolved at the view's node —
    /// whose changes it publishes to SwiftUI.
    ///
    /// The theme holds the connection weakly; when SwiftUI releases the view's state the binding goes
    /// with it. ``connect(theme:node:provider:)`` and ``disconnect()`` run in `DynamicProperty.update()`,
    /// inside a view update: the connection never unbinds there, and takes its first value without
    /// publishing (see `ThemeValueConnection`).
    @MainActor
    final class ThemeValueBox<Value: Equatable & Sendable>: ObservableObject {
        private let connection = ThemeValueConnection<Value>()

        nonisolated init() {}

        /// The value last delivered, `nil` before the first delivery.
        var value: Value? { connection.value }

        /// Binds the box in `theme` at `node` (the root when `nil`), unless it already is.
        func connect(
            theme: Theme, node: ThemeNode?, provider: @escaping @Sendable (ThemeContext) -> Value
        ) {
            if connection.willChange == nil {
                connection.willChange = { [weak self] in self?.objectWillChange.send() }
            }
            connection.connect(theme: theme, node: node, provider: provider)
        }

        /// Unbinds the box (the view reads the theme through Observation instead).
        func disconnect() { connection.disconnect() }
    }
#endif
#if canImport(SwiftUI)
    import Combine
    import SwiftUI
    import ThemeKit

    /// Redraws a view when the theme's `followsSystem` or `followsSystemContrast` changes, where
    /// Observation does not track them (below iOS 17, and inside an override scope, whose box binding
    /// does not read them).
    @MainActor
    final class ThemeSettingsWatcher: ObservableObject {
        private weak var theme: Theme?
        private var subscription: ThemeSubscription?

        nonisolated init() {}

        /// Subscribes to `theme`'s settings events, once per theme.
        func watch(_ theme: Theme) {
            guard self.theme !== theme else { return }
            self.theme = theme
            subscription = theme.events.subscribe { [weak self] event in
                switch event {
                case .followsSystemChanged, .followsSystemContrastChanged:
                    performOnMain { self?.objectWillChange.send() }
                default: break
                }
            }
        }
    }
#endif
