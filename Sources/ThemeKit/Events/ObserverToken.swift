/// Keeps an observer registered; dropping the token (or calling ``cancel()``) unsubscribes.
///
/// ```swift
/// var token: ObserverToken? = theme.observe(Palette.self) { palette in print(palette.text) }
/// token = nil   // unsubscribed
/// ```
public final class ObserverToken: Sendable {
    private let cancellation: Locked<(@Sendable () -> Void)?>

    init(cancel: @escaping @Sendable () -> Void) { cancellation = Locked(cancel) }

    /// Unsubscribes the observer. Calling it again does nothing.
    public func cancel() {
        let action = cancellation.withLock { state -> (@Sendable () -> Void)? in
            defer { state = nil }
            return state
        }
        action?()
    }

    /// Whether the observer is still registered.
    public var isActive: Bool { cancellation.withLock { $0 != nil } }

    deinit { cancel() }
}
