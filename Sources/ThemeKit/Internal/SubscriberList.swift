/// An ordered list of callbacks with O(1) amortised append and O(log n) removal.
///
/// Entries are kept in subscription order with increasing ids, so removal finds an
/// entry by binary search and leaves a hole; holes are compacted away once they
/// make up half the list. Delivery iterates a copy (`entries`), so the list can
/// change while callbacks run.
struct SubscriberList<Handler> {
    struct Entry {
        let id: Int
        var handler: Handler?
    }

    private(set) var entries: ContiguousArray<Entry> = []
    private var nextID = 0
    private var holes = 0

    /// The number of live subscribers.
    var count: Int { entries.count - holes }

    var isEmpty: Bool { count == 0 }

    /// Adds a handler; returns its id.
    mutating func append(_ handler: Handler) -> Int {
        let id = nextID
        nextID += 1
        entries.append(Entry(id: id, handler: handler))
        return id
    }

    /// Removes the handler with `id`; returns it (so it can be released outside a lock).
    @discardableResult
    mutating func remove(_ id: Int) -> Handler? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].id == id, let handler = entries[low].handler else { return nil }
        entries[low].handler = nil
        holes += 1
        if holes > 32 && holes * 2 > entries.count {
            entries.removeAll { $0.handler == nil }
            holes = 0
        }
        return handler
    }
}
