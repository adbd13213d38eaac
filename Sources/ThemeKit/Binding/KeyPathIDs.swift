/// Small integer ids for the key paths bound in one theme, so that finding an object's
/// earlier binding of the same property compares integers.
///
/// Equal key paths get one id (`AnyKeyPath`'s `==`, which compares components). The
/// runtime makes one instance per key-path literal, so the instances seen lately are
/// remembered by identity and most lookups are a scan of a few pointers; the others
/// hash the key path once. Every instance looked up is kept alive by this table (in
/// `ids` or `recent`), so an identity it remembers is never another key path's.
/// Owned by a `_BindingTable`; only its delivering thread touches it.
///
/// Bounded: the table calls ``keep(only:)`` with the ids its bindings still use once the
/// ids outnumber twice those found in use last time (see
/// `_BindingTable.collectKeyPathsIfNeeded`), so key paths made at run time
/// (`\Grid.cells[i]`) and then unbound do not accumulate. A dropped id is given again
/// only after no work holds it.
final class KeyPathIDs {
    // Not checked for exclusivity at run time: single-owner state (the table's delivering
    // thread), and no access is open while other code runs.
    @exclusivity(unchecked) private var ids: [AnyKeyPath: Int32] = [:]
    /// Memo: the instances looked up lately, round robin: their identities, the instances
    /// themselves (keeping the identities valid) and their ids. Each entry holds its key
    /// path, so its identity is never another's; invalidated by `keep(only:)` for the ids
    /// it drops. Pays for:
    /// `register*` rows (hashing an `AnyKeyPath` compares its components: 45–95 ns).
    @exclusivity(unchecked) private var recentIdentifiers = ContiguousArray<ObjectIdentifier?>(
        repeating: nil, count: 16)
    @exclusivity(unchecked) private var recentPaths = ContiguousArray<AnyKeyPath?>(repeating: nil, count: 16)
    @exclusivity(unchecked) private var recentIDs = ContiguousArray<Int32>(repeating: 0, count: 16)
    @exclusivity(unchecked) private var nextRecent = 0
    /// Ids dropped by `keep(only:)`, given again before new ones.
    @exclusivity(unchecked) private var freeIDs: [Int32] = []
    @exclusivity(unchecked) private var nextID: Int32 = 1

    /// How many key paths have an id.
    var count: Int { ids.count }

    /// The id of `path` when it has one; gives none.
    func existingID(of path: AnyKeyPath) -> Int32? {
        recentID(of: ObjectIdentifier(path)) ?? ids[path]
    }

    /// The id of the key-path instance `identifier`, when it was looked up lately.
    @inline(__always)
    private func recentID(of identifier: ObjectIdentifier) -> Int32? {
        for index in recentIdentifiers.indices where recentIdentifiers[index] == identifier {
            return recentIDs[index]
        }
        return nil
    }

    /// Forgets every key path whose id is not in `used`; their ids are given again later.
    func keep(only used: Set<Int32>) {
        for (path, id) in ids where !used.contains(id) {
            ids[path] = nil
            freeIDs.append(id)
        }
        for index in recentIDs.indices where recentIdentifiers[index] != nil && !used.contains(recentIDs[index]) {
            recentIdentifiers[index] = nil
            recentPaths[index] = nil
            recentIDs[index] = 0
        }
    }

    /// The id of `path` (never `0`).
    func id(of path: AnyKeyPath) -> Int32 {
        let identifier = ObjectIdentifier(path)
        if let recent = recentID(of: identifier) { return recent }
        return lookUpID(of: path, identifier: identifier)
    }

    /// `id(of:)` past the recent instances: out of line, so the common case saves and restores
    /// no registers for it.
    @inline(never)
    private func lookUpID(of path: AnyKeyPath, identifier: ObjectIdentifier) -> Int32 {
        let id: Int32
        if let known = ids[path] {
            id = known
        } else if let free = freeIDs.popLast() {
            id = free
            ids[path] = id
        } else {
            // Ids in use never exceed the key paths bound at once, far below `Int32.max`.
            id = nextID
            nextID += 1
            ids[path] = id
        }
        recentIdentifiers[nextRecent] = identifier
        recentPaths[nextRecent] = path
        recentIDs[nextRecent] = id
        nextRecent = (nextRecent + 1) % recentIDs.count
        return id
    }
}
