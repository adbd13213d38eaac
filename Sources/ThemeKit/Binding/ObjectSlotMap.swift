/// The slot of each tracked object, by object identity: an open-addressing hash
/// table with linear probing and backward-shift deletion (no tombstones).
///
/// It replaces a `[ObjectIdentifier: Int32]` on the registration path: a pointer
/// hash is one multiplication instead of a SipHash round, and the state lives behind
/// a pointer, so lookups from the binding table need no dynamic exclusivity checks.
/// Owned by one `_BindingTable`, which calls `deallocate()` in its `deinit`.
struct ObjectSlotMap {
    private struct Storage {
        /// Object addresses; `0` marks an empty bucket (no object lives at address 0).
        var keys: UnsafeMutablePointer<UInt>
        var slots: UnsafeMutablePointer<Int32>
        /// A power of two.
        var capacity: Int
        /// `64 - log2(capacity)`: a key's bucket is the top `log2(capacity)` bits of its hash.
        var shift: UInt64
        var count: Int
    }

    private let storage: UnsafeMutablePointer<Storage>

    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: Self.makeStorage(capacity: 64))
    }

    private static func makeStorage(capacity: Int) -> Storage {
        // Keys start zero (empty).
        let keys = UnsafeMutablePointer<UInt>.allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        let slots = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        slots.initialize(repeating: -1, count: capacity)
        return Storage(
            keys: keys, slots: slots, capacity: capacity, shift: UInt64(64 - capacity.trailingZeroBitCount), count: 0)
    }

    /// Frees the table. Call once.
    func deallocate() {
        Self.free(storage.pointee)
        storage.deallocate()
    }

    private static func free(_ table: Storage) {
        table.keys.deallocate()
        table.slots.deallocate()
    }

    /// The number of objects in the table.
    var count: Int { storage.pointee.count }

    @inline(__always)
    private static func bucket(of key: UInt, in table: Storage) -> Int {
        // Fibonacci hashing (Knuth): the top bits of the product, which every bit of the address
        // reaches. Bits 32 and up of it, masked, clustered a registration's sequential
        // addresses into long probe runs (RESULTS.md, session 22).
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> table.shift)
    }

    /// The slot of `identifier`, if it is in the table.
    subscript(identifier: ObjectIdentifier) -> Int32? {
        let key = UInt(bitPattern: identifier)
        let table = storage.pointee
        let mask = table.capacity - 1
        var index = Self.bucket(of: key, in: table)
        while true {
            let found = table.keys[index]
            if found == key { return table.slots[index] }
            if found == 0 { return nil }
            index = (index + 1) & mask
        }
    }

    /// Records that `identifier` lives in `slot`, replacing an earlier slot.
    func set(_ slot: Int32, for identifier: ObjectIdentifier) {
        if (storage.pointee.count + 1) * 4 > storage.pointee.capacity * 3 { grow() }
        insert(UInt(bitPattern: identifier), slot: slot)
    }

    private func insert(_ key: UInt, slot: Int32) {
        let table = storage.pointee
        let mask = table.capacity - 1
        var index = Self.bucket(of: key, in: table)
        while table.keys[index] != 0 && table.keys[index] != key { index = (index + 1) & mask }
        if table.keys[index] == 0 { storage.pointee.count += 1 }
        table.keys[index] = key
        table.slots[index] = slot
    }

    /// Removes `identifier` if it maps to `slot`.
    func remove(_ identifier: ObjectIdentifier, ifSlot slot: Int32) {
        let key = UInt(bitPattern: identifier)
        let table = storage.pointee
        let mask = table.capacity - 1
        var index = Self.bucket(of: key, in: table)
        while table.keys[index] != key {
            if table.keys[index] == 0 { return }
            index = (index + 1) & mask
        }
        guard table.slots[index] == slot else { return }
        // Backward-shift deletion: move later members of the probe run into the hole.
        var hole = index
        var next = (hole + 1) & mask
        while table.keys[next] != 0 {
            let home = Self.bucket(of: table.keys[next], in: table)
            // The entry at `next` may fill the hole when its home is not in (hole, next].
            let distanceToHome = (next - home) & mask
            let distanceToHole = (next - hole) & mask
            if distanceToHome >= distanceToHole {
                table.keys[hole] = table.keys[next]
                table.slots[hole] = table.slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        table.keys[hole] = 0
        table.slots[hole] = -1
        storage.pointee.count -= 1
    }

    private func grow() {
        let old = storage.pointee
        storage.pointee = Self.makeStorage(capacity: old.capacity * 2)
        for index in 0..<old.capacity where old.keys[index] != 0 {
            insert(old.keys[index], slot: old.slots[index])
        }
        Self.free(old)
    }
}
