#if canImport(SwiftUI)
    import Combine
    import SwiftUI
    import ThemeKit

    /// What a ``ThemeValue`` or ``ThemeAppearance`` keeps per view: a binding in the theme that
    /// writes the value resolved at the view's node, and publishes a change to SwiftUI.
    ///
    /// The theme holds the box weakly; when SwiftUI releases the view's state the binding goes
    /// with it. Only changes of what the provider read wake it, so a box of `Palette` never
    /// redraws its view for `Metrics`.
    @MainActor
    final class ThemeValueBox<Value: Equatable & Sendable>: ObservableObject {
        /// The value last delivered, `nil` before the first delivery.
        private(set) var value: Value?
        private weak var theme: Theme?
        private weak var node: ThemeNode?
        private var isBound = false
        /// Whether the value was delivered at least once (the first delivery happens during a
        /// view update and must not publish).
        private var hasDelivered = false

        nonisolated init() {}

        /// Binds the box in `theme` at `node` (the root when `nil`), unless it already is.
        func connect(
            theme: Theme, node: ThemeNode?, provider: @escaping @Sendable (ThemeContext) -> Value
        ) {
            if isBound, self.theme === theme, self.node === node { return }
            self.theme?.unbindAll(self)
            self.theme = theme
            self.node = node
            isBound = true
            hasDelivered = false
            theme.bind(self, \.deliveredValue, set: { box, value in box.deliver(value) }, in: node ?? theme.root) {
                env in provider(env)
            }
            hasDelivered = true
        }

        /// Unbinds the box (the view reads the theme through Observation instead).
        func disconnect() {
            guard isBound else { return }
            theme?.unbindAll(self)
            theme = nil
            node = nil
            isBound = false
            value = nil
        }

        /// The key path the binding is identified by; writes go through ``deliver(_:)``.
        var deliveredValue: Value? {
            get { value }
            set { if let newValue { receive(newValue) } }
        }

        /// Hands a delivered value to the main actor.
        nonisolated func deliver(_ value: Value?) {
            guard let value else { return }
            performOnMain { self.receive(value) }
        }

        private func receive(_ newValue: Value) {
            guard newValue != value else { return }
            if hasDelivered { objectWillChange.send() }
            value = newValue
        }
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
