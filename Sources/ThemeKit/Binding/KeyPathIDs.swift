/// Small integer ids for the key paths bound in one theme, so that finding an object's
/// earlier binding of the same property compares integers.
///
/// Equal key paths get one id (`AnyKeyPath`'s `==`, which compares components). The
/// runtime makes one instance per key-path literal, so the instances seen lately are
/// remembered by identity and most lookups are a scan of a few pointers; the others
/// hash the key path once. Every instance looked up is kept alive by this table (in
/// `ids` or `recent`), so an identity it remembers is never another key path's.
/// Owned by a `_BindingTable`; only its delivering thread touches it.
final class KeyPathIDs {
    // Not checked for exclusivity at run time: single-owner state (the table's delivering
    // thread), and no access is open while other code runs.
    @exclusivity(unchecked) private var ids: [AnyKeyPath: Int32] = [:]
    /// Memo: the instances looked up lately, round robin: their identities, the instances
    /// themselves (keeping the identities valid) and their ids. Invalidated by nothing:
    /// each entry holds its key path, so its identity is never another's. Pays for:
    /// `register*` rows (hashing an `AnyKeyPath` compares its components: 45–95 ns).
    @exclusivity(unchecked) private var recentIdentifiers = ContiguousArray<ObjectIdentifier?>(
        repeating: nil, count: 16)
    @exclusivity(unchecked) private var recentPaths = ContiguousArray<AnyKeyPath?>(repeating: nil, count: 16)
    @exclusivity(unchecked) private var recentIDs = ContiguousArray<Int32>(repeating: 0, count: 16)
    @exclusivity(unchecked) private var nextRecent = 0

    /// The id of `path` (never `0`).
    func id(of path: AnyKeyPath) -> Int32 {
        let identifier = ObjectIdentifier(path)
        for index in recentIdentifiers.indices where recentIdentifiers[index] == identifier {
            return recentIDs[index]
        }
        let id: Int32
        if let known = ids[path] {
            id = known
        } else {
            id = Int32(truncatingIfNeeded: ids.count + 1)
            ids[path] = id
        }
        recentIdentifiers[nextRecent] = identifier
        recentPaths[nextRecent] = path
        recentIDs[nextRecent] = id
        nextRecent = (nextRecent + 1) % recentIDs.count
        return id
    }
}
