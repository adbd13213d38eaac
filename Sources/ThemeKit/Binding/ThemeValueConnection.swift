import Dispatch

/// The binding behind one SwiftUI view's `@ThemeValue` or `@ThemeAppearance`: a value resolved at the
/// view's node, kept up to date by a binding in the theme, with a call before each change that the view
/// must see. ThemeKitSwiftUI's `ThemeValueBox` holds one and turns ``willChange`` into
/// `objectWillChange`; everything it decides is here, so that it is tested on Linux.
///
/// The theme holds the connection weakly; when SwiftUI releases the view's state the binding goes with
/// it. Only changes of what the provider read reach it, so a connection to `Palette` never redraws its
/// view for `Metrics`.
///
/// ``connect(theme:node:provider:)`` and ``disconnect()`` run in `DynamicProperty.update()`, inside a
/// view update, where the theme must not deliver anything else (a delivery would make other views
/// publish). So a connection never unbinds there:
/// - a new node is a bind of the same key path, which replaces the binding and moves the connection in
///   one call that runs only its own binding;
/// - the binding in a theme it left (another theme, or ``disconnect()``) is removed on the main queue
///   after the update, unless it is connected to that theme again by then;
/// - until then that binding's deliveries are dropped: each binding writes with the generation of the
///   connection that made it, and a delivery of an older generation changes nothing.
///
/// The first value, delivered while ``connect(theme:node:provider:)`` runs, is taken without
/// ``willChange`` (the view being updated reads it); later ones are handed to the main actor, and call
/// ``willChange`` first when they differ from the value held.
@MainActor
package final class ThemeValueConnection<Value: Equatable & Sendable> {
    /// The value last delivered, `nil` before the first delivery and after ``disconnect()``.
    package private(set) var value: Value?
    /// Called on the main actor before ``value`` changes to a different value, except for the first
    /// value of a connection (delivered while ``connect(theme:node:provider:)`` runs).
    package var willChange: (@MainActor () -> Void)?
    private weak var theme: Theme?
    private weak var node: ThemeNode?
    private var isBound = false
    /// Counts connections; a delivery of an earlier one's binding is dropped.
    private var generation = 0
    /// Whether the current connection's first value has been taken.
    private var hasDelivered = false

    /// A connection to nothing.
    package nonisolated init() {}

    /// The theme the connection is bound in, `nil` when it is not.
    package var connectedTheme: Theme? { isBound ? theme : nil }

    /// Binds the connection in `theme` at `node` (the root when `nil`), unless it already is: its value
    /// is then `provider` run at that node, now and on every change of what it read.
    /// - Parameters:
    ///   - theme: The theme.
    ///   - node: The scope to resolve at, `nil` for the root.
    ///   - provider: Computes the value; runs on the delivering thread.
    package func connect(theme: Theme, node: ThemeNode?, provider: @escaping @Sendable (ThemeContext) -> Value) {
        if isBound, self.theme === theme, self.node === node { return }
        if let previous = self.theme, previous !== theme { unbindLater(from: previous) }
        self.theme = theme
        self.node = node
        isBound = true
        generation += 1
        let generation = generation
        hasDelivered = false
        theme.bind(
            self, \.deliveredValue, set: { connection, value in connection.deliver(value, generation: generation) },
            in: node ?? theme.root
        ) { env in provider(env) }
        hasDelivered = true
    }

    /// Unbinds the connection (the view reads the theme some other way) and forgets its value; the
    /// binding itself is removed on the main queue, after the update under way.
    package func disconnect() {
        guard isBound else { return }
        if let theme { unbindLater(from: theme) }
        generation += 1
        theme = nil
        node = nil
        isBound = false
        value = nil
    }

    /// Removes the connection's binding from `theme` on the main queue, after the view update, unless it
    /// is bound in `theme` again by then (a view that went back to it within the turn).
    private func unbindLater(from theme: Theme) {
        DispatchQueue.main.async { [weak self] in
            guard let self, !(isBound && self.theme === theme) else { return }
            theme.unbindAll(self)
        }
    }

    /// The key path the binding is identified by; its writes go through ``deliver(_:generation:)``.
    package var deliveredValue: Value? {
        get { value }
        set { if let newValue { receive(newValue) } }
    }

    /// Hands a value delivered by the binding of connection `generation` to the main actor: now on the
    /// main thread (the first value, inside ``connect(theme:node:provider:)``, is taken there), else on
    /// the main queue.
    nonisolated func deliver(_ value: Value?, generation: Int) {
        guard let value else { return }
        performOnMain {
            guard generation == self.generation else { return }
            self.receive(value)
        }
    }

    private func receive(_ newValue: Value) {
        guard newValue != value else { return }
        if hasDelivered { willChange?() }
        value = newValue
    }
}
