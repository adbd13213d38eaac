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
