/// A memo of the few lookups made last, scanned before a hash lookup: an object's bindings
/// (text, background, tint…) ask for a few runners or themed-property works in turn, object
/// after object. Round robin over `capacity` entries.
///
/// It holds nothing: its owner keeps each value alive (in the table it memoises) and removes
/// an entry before it lets the value go.
struct RecentList<Key: Equatable, Value> {
    /// How many entries it keeps.
    static var capacity: Int { 8 }

    private var entries: ContiguousArray<(key: Key, value: Value)> = []
    private var next = 0

    init() {}

    /// The value remembered for `key`, if any.
    @inline(__always)
    func value(for key: Key) -> Value? {
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    /// Remembers `value` for `key`, in place of the oldest entry once full.
    mutating func remember(_ value: Value, for key: Key) {
        if entries.count < Self.capacity {
            entries.append((key, value))
        } else {
            entries[next] = (key, value)
            next = (next + 1) % entries.count
        }
    }

    /// The remembered entries (for the invariant checks).
    var all: [(key: Key, value: Value)] { Array(entries) }

    /// Forgets the entries whose key `isRemoved` returns `true` for.
    mutating func removeAll(where isRemoved: (Key) -> Bool) {
        entries.removeAll { isRemoved($0.key) }
        next = 0
    }
}
