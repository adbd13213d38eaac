/// Delivers a theme's ``ThemeEvent``s to closures and `AsyncStream`s.
///
/// Events are delivered synchronously, on the thread that delivers the change,
/// in the order they happened, after every binding and observer of that change
/// has run. The subscriber list is fixed when a delivery starts: a subscription
/// made during a delivery receives the next event. A subscription cancelled on the
/// delivering thread (from a subscriber, or a `deinit` one caused) receives nothing
/// more, not even the rest of the delivery under way; one cancelled on another thread
/// while a delivery runs may still receive that delivery's events, then nothing more.
///
/// ```swift
/// let subscription = theme.events.subscribe { event in print(event) }
/// Task { for await event in theme.events.stream { print(event) } }
/// ```
public final class ThemeEventBus: Sendable {
    /// A subscriber's closure (a class, see `SubscriberList`).
    private final class Handler: Sendable {
        let call: @Sendable (ThemeEvent) -> Void
        init(call: @escaping @Sendable (ThemeEvent) -> Void) { self.call = call }
    }

    /// The subscribers, and the posts under way (see `DeliveryScopes`).
    private struct State {
        var subscribers = SubscriberList(placeholder: Handler(call: { _ in }))
        var scopes = DeliveryScopes()
    }

    private let state = Locked(State())

    init() {}

    /// Calls `handler` with every later event until the returned subscription is
    /// cancelled or released.
    /// - Parameter handler: Called on the delivering thread with no internal lock held.
    /// - Returns: The subscription; keep it alive as long as you want events.
    /// - Complexity: O(1) amortised.
    public func subscribe(_ handler: @escaping @Sendable (ThemeEvent) -> Void) -> ThemeSubscription {
        let id = state.withLock { $0.subscribers.append(Handler(call: handler)) }
        return ObserverToken { [weak self] in self?.unsubscribe(id) }
    }

    /// A new stream of every later event; it ends when the consuming task is cancelled.
    ///
    /// The stream subscribes when it is made, not when iteration starts, so it buffers events
    /// from that moment. A cancelled task's stream ends, and its subscription goes, when the task
    /// next waits for an event (or when the stream is released): until then it still receives.
    ///
    /// Each access creates an independent stream. Events are buffered without
    /// bound while the consumer is slow (theme events are rare); use
    /// ``stream(bufferingNewest:)`` to bound the buffer.
    public var stream: AsyncStream<ThemeEvent> { stream(bufferingNewest: nil) }

    /// A new stream of every later event, keeping at most `limit` undelivered events
    /// (the newest) when the consumer falls behind; `nil` keeps all.
    public func stream(bufferingNewest limit: Int?) -> AsyncStream<ThemeEvent> {
        let policy: AsyncStream<ThemeEvent>.Continuation.BufferingPolicy =
            limit.map { .bufferingNewest(max(1, $0)) } ?? .unbounded
        let (stream, continuation) = AsyncStream<ThemeEvent>.makeStream(bufferingPolicy: policy)
        let subscription = subscribe { event in continuation.yield(event) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }

    /// The number of live subscribers.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Delivers `events` to the subscribers registered now.
    /// - Complexity: O(events × subscribers); two lock round-trips per call.
    func post(_ events: [ThemeEvent]) {
        guard !events.isEmpty else { return }
        delivering { deliver in for event in events { deliver(event) } }
    }

    /// Delivers one event to the subscribers registered now.
    public func post(_ event: ThemeEvent) {
        delivering { deliver in deliver(event) }
    }

    /// Runs `body` with a function that delivers an event to the subscribers registered now,
    /// inside one delivery scope (see `DeliveryScopes`).
    private func delivering(_ body: ((ThemeEvent) -> Void) -> Void) {
        let (handlers, scope) = state.withLock { ($0.subscribers.handlers, $0.scopes.begin()) }
        body { event in
            // Each handler is called where it lies (holes hold a handler that does nothing).
            SubscriberList.forEach(in: handlers, scope: scope) { handler in handler.call(event) }
        }
        state.withLock { $0.scopes.end(scope) }
    }

    private func unsubscribe(_ id: Int) {
        // The removed closure is released after the lock, in case its captures' deinit calls back.
        let removed = state.withLock { state in
            let removed = state.subscribers.remove(id)
            if let removed { state.scopes.removed(removed) }
            return removed
        }
        // Kept until here, after the lock: the optimiser may otherwise end its lifetime early.
        withExtendedLifetime(removed) {}
    }
}

/// A live subscription to a ``ThemeEventBus``; cancelled when released.
public typealias ThemeSubscription = ObserverToken
