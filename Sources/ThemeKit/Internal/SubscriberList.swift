/// An ordered list of callbacks with O(1) amortised append and O(log n) removal.
///
/// Handlers are kept in subscription order beside their increasing ids, so removal
/// finds a handler by binary search over the ids and leaves a hole; holes are
/// compacted away once they make up half the list. Delivery iterates a copy
/// (`handlers`), so the list can change while callbacks run. The ids live in an
/// array of their own: delivery reads only the handlers, 16 bytes each for a
/// closure, which halves the memory a post to many subscribers walks.
struct SubscriberList<Handler> {
    /// A handler, or `nil` for a removed one. A struct around the closure, not the
    /// closure itself, as the array's element: an array stores a bare function value in
    /// its most general representation, and reading one back wraps it in a thunk.
    struct Slot {
        var handler: Handler?
    }

    /// The handlers in subscription order.
    private(set) var handlers: ContiguousArray<Slot> = []
    /// `ids[i]` is the id of `handlers[i]`, increasing.
    private var ids: ContiguousArray<Int> = []
    private var nextID = 0
    private var holes = 0

    /// The number of live subscribers.
    var count: Int { handlers.count - holes }

    var isEmpty: Bool { count == 0 }

    /// Adds a handler; returns its id.
    mutating func append(_ handler: Handler) -> Int {
        let id = nextID
        nextID += 1
        handlers.append(Slot(handler: handler))
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
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        guard low < ids.count, ids[low] == id, let handler = handlers[low].handler else { return nil }
        handlers[low].handler = nil
        holes += 1
        if holes > 32 && holes * 2 > handlers.count { compact() }
        return handler
    }

    /// Drops the holes, keeping handlers and ids side by side.
    private mutating func compact() {
        var kept = 0
        for index in handlers.indices where handlers[index].handler != nil {
            if kept != index {
                handlers.swapAt(kept, index)
                ids[kept] = ids[index]
            }
            kept += 1
        }
        handlers.removeLast(handlers.count - kept)
        ids.removeLast(ids.count - kept)
        holes = 0
    }
}
