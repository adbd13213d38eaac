/// Keeps an observer registered; dropping the token (or calling ``cancel()``) unsubscribes.
///
/// ```swift
/// var token: ObserverToken? = theme.observe(Palette.self) { palette in print(palette.text) }
/// token = nil   // unsubscribed
/// ```
public final class ObserverToken: Sendable {
    /// The closure inside a struct: a bare closure as a `Locked` value gains two
    /// reabstraction thunks on every access (see `ObservationSink`).
    private struct Cancellation {
        var action: (@Sendable () -> Void)?
    }

    private let cancellation: Locked<Cancellation>

    init(cancel: @escaping @Sendable () -> Void) { cancellation = Locked(Cancellation(action: cancel)) }

    /// Unsubscribes the observer. Calling it again does nothing.
    ///
    /// On the thread that delivers the theme's changes (the main thread under the
    /// default delivery), including from inside an observer, a provider or a
    /// subscriber, the handler is never called after this returns — not even by the
    /// delivery under way. Called on another thread while a delivery runs, that
    /// delivery may still call the handler once; the deliveries that start after this
    /// returns do not.
    public func cancel() {
        let action = cancellation.withLock { state -> (@Sendable () -> Void)? in
            defer { state.action = nil }
            return state.action
        }
        action?()
    }

    /// Whether the observer is still registered.
    public var isActive: Bool { cancellation.withLock { $0.action != nil } }

    deinit { cancel() }
}
