/// The handler loops (observer notifications, event posts) under way, so that a handler
/// removed on the thread that runs a loop is skipped by that loop: a ``ObserverToken``
/// cancelled on the delivering thread (from a handler, a provider, a `deinit` a handler
/// caused) is never called again, not even by the delivery under way.
///
/// A loop calls the handlers of a copy of its list, taken when it starts; removals on
/// other threads reach only the loops that start after them. Kept beside the list it
/// serves, under the same lock.
struct DeliveryScopes {
    private var active: [DeliveryScope] = []

    /// Starts a loop on the calling thread; call under the lock.
    mutating func begin() -> DeliveryScope {
        let scope = DeliveryScope()
        active.append(scope)
        return scope
    }

    /// Ends a loop begun with ``begin()``; call under the lock.
    mutating func end(_ scope: DeliveryScope) {
        if let index = active.lastIndex(where: { $0 === scope }) { active.remove(at: index) }
    }

    /// Notes that `handler` was removed from the list, on the calling thread: the loops
    /// this thread is running skip it from now on. Call under the lock.
    func removed(_ handler: AnyObject) {
        for scope in active where scope.thread.isCurrent { scope.skip(handler) }
    }
}

/// One handler loop: its thread and the handlers removed on that thread since it began.
// Sound: `skipped` is read and written only on `thread` (`DeliveryScopes.removed` writes
// it only when called there; the loop reads it there), and `thread` is a `let`.
final class DeliveryScope: @unchecked Sendable {
    let thread = ThreadIdentity()
    /// The removed handlers, by identity: each is alive in the loop's copy of the list
    /// until the loop ends, so no identity here names another object.
    private var skipped: [ObjectIdentifier] = []

    fileprivate func skip(_ handler: AnyObject) { skipped.append(ObjectIdentifier(handler)) }

    /// Whether the loop must skip `handler` (removed on this thread after the loop began).
    @inline(__always)
    func skips(_ handler: AnyObject) -> Bool {
        !skipped.isEmpty && skipped.contains(ObjectIdentifier(handler))
    }
}
