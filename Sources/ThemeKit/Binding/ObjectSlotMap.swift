/// The slot of each tracked object, by object identity: an open-addressing hash
/// table with linear probing and backward-shift deletion (no tombstones).
///
/// It replaces a `[ObjectIdentifier: Int32]` on the registration path: a pointer
/// hash is one multiplication instead of a SipHash round, and the state lives behind
/// a pointer, so lookups from the binding table need no dynamic exclusivity checks.
/// A bucket holds the key and its slot side by side, so a lookup touches one cache
/// line (with a table past the caches, registering a new object misses once, not twice).
/// Owned by one `_BindingTable`, which calls `deallocate()` in its `deinit`.
struct ObjectSlotMap {
    private struct Bucket {
        /// An object's address; `0` marks an empty bucket (no object lives at address 0).
        var key: UInt
        var slot: Int32
    }

    private struct Storage {
        var buckets: UnsafeMutablePointer<Bucket>
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
        let buckets = UnsafeMutablePointer<Bucket>.allocate(capacity: capacity)
        buckets.initialize(repeating: Bucket(key: 0, slot: -1), count: capacity)
        return Storage(
            buckets: buckets, capacity: capacity, shift: UInt64(64 - capacity.trailingZeroBitCount), count: 0)
    }

    /// Frees the table. Call once.
    func deallocate() {
        storage.pointee.buckets.deallocate()
        storage.deallocate()
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
            let found = table.buckets[index]
            if found.key == key { return found.slot }
            if found.key == 0 { return nil }
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
        while table.buckets[index].key != 0 && table.buckets[index].key != key { index = (index + 1) & mask }
        if table.buckets[index].key == 0 { storage.pointee.count += 1 }
        table.buckets[index] = Bucket(key: key, slot: slot)
    }

    /// Removes `identifier` if it maps to `slot`.
    func remove(_ identifier: ObjectIdentifier, ifSlot slot: Int32) {
        let key = UInt(bitPattern: identifier)
        let table = storage.pointee
        let mask = table.capacity - 1
        var index = Self.bucket(of: key, in: table)
        while table.buckets[index].key != key {
            if table.buckets[index].key == 0 { return }
            index = (index + 1) & mask
        }
        guard table.buckets[index].slot == slot else { return }
        // Backward-shift deletion: move later members of the probe run into the hole.
        var hole = index
        var next = (hole + 1) & mask
        while table.buckets[next].key != 0 {
            let home = Self.bucket(of: table.buckets[next].key, in: table)
            // The entry at `next` may fill the hole when its home is not in (hole, next].
            let distanceToHome = (next - home) & mask
            let distanceToHole = (next - hole) & mask
            if distanceToHome >= distanceToHole {
                table.buckets[hole] = table.buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        table.buckets[hole] = Bucket(key: 0, slot: -1)
        storage.pointee.count -= 1
    }

    private func grow() {
        let old = storage.pointee
        storage.pointee = Self.makeStorage(capacity: old.capacity * 2)
        for index in 0..<old.capacity where old.buckets[index].key != 0 {
            insert(old.buckets[index].key, slot: old.buckets[index].slot)
        }
        old.buckets.deallocate()
    }
}
