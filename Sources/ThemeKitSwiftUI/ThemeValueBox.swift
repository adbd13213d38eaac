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
    ///
    /// ``connect(theme:node:provider:)`` and ``disconnect()`` run in `DynamicProperty.update()`,
    /// inside a view update, where the theme must not deliver anything else (a delivery would make
    /// other boxes publish). So the box never unbinds there: a new node is a bind of the same key path,
    /// which replaces the binding and moves the box in one call that runs only its own binding; a
    /// binding in a theme the box left is removed on the main queue after the update, and until then
    /// its deliveries are dropped (each binding writes with the generation of the connection that made it).
    @MainActor
    final class ThemeValueBox<Value: Equatable & Sendable>: ObservableObject {
        /// The value last delivered, `nil` before the first delivery.
        private(set) var value: Value?
        private weak var theme: Theme?
        private weak var node: ThemeNode?
        private var isBound = false
        /// Counts connections; a delivery of an earlier one's binding is dropped.
        private var generation = 0
        /// Whether the value was delivered at least once (the first delivery happens during a
        /// view update and must not publish).
        private var hasDelivered = false

        nonisolated init() {}

        /// Binds the box in `theme` at `node` (the root when `nil`), unless it already is.
        func connect(
            theme: Theme, node: ThemeNode?, provider: @escaping @Sendable (ThemeContext) -> Value
        ) {
            if isBound, self.theme === theme, self.node === node { return }
            if let previous = self.theme, previous !== theme { unbindLater(from: previous) }
            self.theme = theme
            self.node = node
            isBound = true
            generation += 1
            let generation = generation
            hasDelivered = false
            theme.bind(
                self, \.deliveredValue, set: { box, value in box.deliver(value, generation: generation) },
                in: node ?? theme.root
            ) { env in provider(env) }
            hasDelivered = true
        }

        /// Unbinds the box (the view reads the theme through Observation instead).
        func disconnect() {
            guard isBound else { return }
            if let theme { unbindLater(from: theme) }
            generation += 1
            theme = nil
            node = nil
            isBound = false
            value = nil
        }

        /// Removes the box's binding from `theme` on the main queue, after the view update, unless the box
        /// is bound in `theme` again by then (a view that went back to it within the turn).
        private func unbindLater(from theme: Theme) {
            DispatchQueue.main.async { [weak self] in
                guard let self, !(isBound && self.theme === theme) else { return }
                theme.unbindAll(self)
            }
        }

        /// The key path the binding is identified by; writes go through ``deliver(_:)``.
        var deliveredValue: Value? {
            get { value }
            set { if let newValue { receive(newValue) } }
        }

        /// Hands a value delivered by the binding of connection `generation` to the main actor.
        nonisolated func deliver(_ value: Value?, generation: Int) {
            guard let value else { return }
            performOnMain {
                guard generation == self.generation else { return }
                self.receive(value)
            }
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
