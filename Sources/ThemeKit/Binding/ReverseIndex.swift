/// An entry of the reverse index: "the binding at `index` of the object in `slot`
/// (while it has `generation`) read this key".
struct ReverseEntry: Equatable {
    var slot: Int32
    var index: Int32
    var generation: UInt32
}

/// The reverse index of one binding table: for each of the 64 dependency bits, the
/// bindings that read it (entries may be stale; the table validates them).
///
/// One growable buffer per bit behind a pointer, so appending on the registration
/// path costs neither the uniqueness checks of a nested array nor a dynamic
/// exclusivity check. Entries are plain data. Owned by one `_BindingTable`, which
/// calls `deallocate()` in its `deinit`.
struct ReverseIndex {
    private struct List {
        var entries: UnsafeMutablePointer<ReverseEntry>?
        var count = 0
        var capacity = 0
    }

    static let bitCount = 64
    private let lists: UnsafeMutablePointer<List>

    init() {
        lists = .allocate(capacity: Self.bitCount)
        lists.initialize(repeating: List(), count: Self.bitCount)
    }

    /// Frees every list. Call once.
    func deallocate() {
        for bit in 0..<Self.bitCount {
            lists[bit].entries?.deallocate()
        }
        lists.deallocate()
    }

    /// The number of entries (live or stale) for `bit`.
    @inline(__always)
    func count(bit: Int) -> Int { lists[bit].count }

    /// The entry at `position` of `bit`'s list (`position < count(bit:)`, so the list has a buffer).
    @inline(__always)
    func entry(bit: Int, at position: Int) -> ReverseEntry { lists[bit].entries.unsafelyUnwrapped[position] }

    /// A copy of `bit`'s entries.
    func entries(bit: Int) -> [ReverseEntry] {
        Array(UnsafeBufferPointer(start: lists[bit].entries, count: lists[bit].count))
    }

    /// Adds `entry` to `bit`'s list.
    @inline(__always)
    func append(_ entry: ReverseEntry, bit: Int) {
        let list = lists + bit
        // After `grow`, the list has a buffer with room for one more entry.
        if list.pointee.count == list.pointee.capacity { grow(list) }
        (list.pointee.entries.unsafelyUnwrapped + list.pointee.count).initialize(to: entry)
        list.pointee.count += 1
    }

    private func grow(_ list: UnsafeMutablePointer<List>) {
        let capacity = max(16, list.pointee.capacity * 2)
        list.pointee.entries = Buffer.grow(list.pointee.entries, count: list.pointee.count, to: capacity)
        list.pointee.capacity = capacity
    }

    /// Removes the entries of `bit` for which `remove` is true, keeping the others in order.
    func removeAll(bit: Int, where remove: (ReverseEntry) -> Bool) {
        let list = lists + bit
        guard let entries = list.pointee.entries else { return }
        var kept = 0
        for position in 0..<list.pointee.count where !remove(entries[position]) {
            entries[kept] = entries[position]
            kept += 1
        }
        list.pointee.count = kept
    }
}
