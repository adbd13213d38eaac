/// An ordered list of callbacks with O(1) amortised append and O(log n) removal.
///
/// Handlers are kept in subscription order beside their increasing ids, so removal
/// finds a handler by binary search over the ids and leaves a hole; holes are
/// compacted away once they make up half the list. Delivery iterates a copy
/// (`handlers`), so the list can change while callbacks run. The ids live in an
/// array of their own: delivery reads only the handlers.
///
/// A hole holds the list's `placeholder` (a handler that does nothing), not `nil`:
/// delivery then loads and calls each handler where it lies, where unwrapping an
/// optional closure went through an outlined copy of it per call.
///
/// `Handler` should be a final class with the closure in a `let` (see
/// `ThemeEventBus.Handler`), delivered with `forEach(in:_:)`. Not a bare function type:
/// a generic type stores a function value in its most general representation, so each
/// closure would be wrapped in a thunk on the way in (an allocation per subscriber) and
/// called through it on the way out (a generic wrapper struct has the same problem).
/// Not a struct either: a closure loaded out of an array is retained and released
/// around its call, two atomic operations per subscriber. A `let` closure of a class
/// instance that the caller borrows is called without either. (The measurements:
/// Docs/Benchmarks.md, "Measurements behind the code".)
struct SubscriberList<Handler: AnyObject> {
    /// The handlers as a delivery takes them: the list's own array, which keeps every
    /// handler alive, and the same references unretained, to call them by.
    struct Handlers {
        /// The handlers in subscription order; `placeholder` where one was removed.
        fileprivate(set) var objects: ContiguousArray<Handler> = []
        /// `Unmanaged.passUnretained(objects[i])` for each `i`, kept in step with `objects`.
        fileprivate(set) var references: ContiguousArray<Unmanaged<Handler>> = []
        var count: Int { objects.count }
    }

    /// The handlers in subscription order; `placeholder` where one was removed.
    private(set) var handlers = Handlers()
    /// `ids[i]` is the id of `handlers[i]` (increasing), with `removedFlag` set once it is removed.
    private var ids: ContiguousArray<Int> = []
    private let placeholder: Handler
    private var nextID = 0
    private var holes = 0

    /// The bit of an entry of `ids` that marks a hole (ids themselves never reach it).
    private static var removedFlag: Int { Int.min }

    /// An empty list whose holes hold `placeholder`.
    init(placeholder: Handler) {
        self.placeholder = placeholder
    }

    /// The number of live subscribers.
    var count: Int { handlers.count - holes }

    var isEmpty: Bool { count == 0 }

    /// Whether `handlers[index]` is a live handler (not a hole).
    func isLive(at index: Int) -> Bool { ids[index] & Self.removedFlag == 0 }

    /// Adds a handler; returns its id.
    mutating func append(_ handler: Handler) -> Int {
        let id = nextID
        nextID += 1
        handlers.objects.append(handler)
        handlers.references.append(.passUnretained(handler))
        ids.append(id)
        return id
    }

    /// Removes the handler with `id`; returns it (so it can be released outside a lock).
    @discardableResult
    mutating func remove(_ id: Int) -> Handler? {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] & ~Self.removedFlag < id { low = middle + 1 } else { high = middle }
        }
        guard low < ids.count, ids[low] == id else { return nil }
        let handler = handlers.objects[low]
        handlers.objects[low] = placeholder
        handlers.references[low] = .passUnretained(placeholder)
        ids[low] |= Self.removedFlag
        holes += 1
        if holes > 32 && holes * 2 > handlers.count { compact() }
        return handler
    }

    /// Drops the holes, keeping handlers and ids side by side.
    private mutating func compact() {
        var kept = 0
        for index in handlers.objects.indices where isLive(at: index) {
            if kept != index {
                handlers.objects.swapAt(kept, index)
                handlers.references.swapAt(kept, index)
                ids[kept] = ids[index]
            }
            kept += 1
        }
        handlers.objects.removeLast(handlers.objects.count - kept)
        handlers.references.removeLast(handlers.references.count - kept)
        ids.removeLast(ids.count - kept)
        holes = 0
    }
}

extension SubscriberList {
    /// Calls `body` with each of `handlers`, in order, without retaining and releasing
    /// each one around the call: `handlers` is a copy the caller holds (as delivery
    /// does), whose `objects` keep every handler alive until this returns. Skips the
    /// handlers removed on this thread since `scope` began (see `DeliveryScopes`).
    @inline(__always)
    static func forEach(in handlers: Handlers, scope: DeliveryScope, _ body: (Handler) -> Void) {
        withExtendedLifetime(handlers.objects) {
            // Sound: each reference is one of `handlers.objects`, alive for this whole call.
            for reference in handlers.references {
                reference._withUnsafeGuaranteedRef { handler in
                    if !scope.skips(handler) { body(handler) }
                }
            }
        }
    }
}
