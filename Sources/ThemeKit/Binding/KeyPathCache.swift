/// What the binding table learned about key paths: their hash and whether they
/// name a plain stored property (and at which offset).
///
/// Key-path literals are uniqued objects, so lookups go by identity; each entry
/// keeps its key path alive, so an address cannot be reused by another key path
/// while it is cached. Owned by the delivering thread; bounded.
struct KeyPathCache {
    struct Entry {
        let path: AnyKeyPath
        let hash: Int
        var offset: Int32
    }

    private var recent: [Entry] = []
    private var entries: [ObjectIdentifier: Entry] = [:]
    private static let recentLimit = 8
    private static let limit = 1024

    /// The hash and known offset (`-1`: unknown) of `path`.
    @inline(__always)
    mutating func info(for path: AnyKeyPath) -> (hash: Int, offset: Int32) {
        for entry in recent where entry.path === path { return (entry.hash, entry.offset) }
        let entry = entries[ObjectIdentifier(path)] ?? Entry(path: path, hash: path.hashValue, offset: -1)
        remember(entry)
        return (entry.hash, entry.offset)
    }

    /// Records the offset found by a runner's first run.
    mutating func learn(offset: Int32, for path: AnyKeyPath) {
        guard offset >= 0 else { return }
        if let index = recent.firstIndex(where: { $0.path === path }) { recent[index].offset = offset }
        entries[ObjectIdentifier(path)]?.offset = offset
    }

    private mutating func remember(_ entry: Entry) {
        if entries.count >= Self.limit {
            entries.removeAll(keepingCapacity: true)
            recent.removeAll(keepingCapacity: true)
        }
        entries[ObjectIdentifier(entry.path)] = entry
        if recent.count == Self.recentLimit { recent.removeFirst() }
        recent.append(entry)
    }
}
