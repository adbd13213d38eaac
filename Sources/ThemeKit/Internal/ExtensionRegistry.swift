/// Process-wide small integer ids for ``ThemeExtension`` types, assigned at first use.
///
/// Dependency sets are bitsets over these ids, so they must be compact and stable
/// for the life of the process. Ids are never reused.
@usableFromInline
enum _ExtensionRegistry {
    struct Entry: Sendable {
        let identifier: ObjectIdentifier
        let id: Int
        let fallback: _AnyExtensionBox
        let extensionID: ThemeExtensionID
        /// Whether another type in use has the same name (two `private` types of one name in one
        /// module, see ``ThemeExtensionID/name``): then neither type's variant is persisted, since
        /// each would read and overwrite the other's.
        var sharesName = false

        /// The name a theme persists the type's variant under; `nil` when it shares its name.
        var persistenceName: String? { sharesName ? nil : extensionID.name }
    }

    /// The registered types: by identity, and by id (with their identities and
    /// fallbacks also in arrays of their own, which snapshots share).
    private struct Table {
        var ids: [ObjectIdentifier: Int] = [:]
        /// The first type registered under each name.
        var idsByName: [String: Int] = [:]
        var entries: [Entry] = []
        var identifiers: ContiguousArray<ObjectIdentifier> = []
        var fallbacks: ContiguousArray<_AnyExtensionBox> = []
    }

    private static let table = Locked(Table())

    /// The id of `type`, registering it on first use.
    @usableFromInline
    static func id<Extension: ThemeExtension>(of type: Extension.Type) -> Int {
        let identifier = ObjectIdentifier(type)
        if let id = table.withLock({ $0.ids[identifier] }) { return id }
        // Evaluate the user's `fallback` outside the lock.
        let fallback = _ExtensionBox(Extension.fallback)
        return table.withLock { table in
            if let id = table.ids[identifier] { return id }
            let id = table.entries.count
            let extensionID = ThemeExtensionID(type)
            var entry = Entry(identifier: identifier, id: id, fallback: fallback, extensionID: extensionID)
            if let other = table.idsByName[extensionID.name] {
                entry.sharesName = true
                table.entries[other].sharesName = true
            } else {
                table.idsByName[extensionID.name] = id
            }
            table.entries.append(entry)
            table.ids[identifier] = id
            table.identifiers.append(identifier)
            table.fallbacks.append(fallback)
            return id
        }
    }

    /// The identities and fallback boxes of registered types, indexed by id.
    typealias Registered = (
        identifiers: ContiguousArray<ObjectIdentifier>, fallbacks: ContiguousArray<_AnyExtensionBox>
    )

    /// The identities and fallback boxes of every type registered so far.
    static var registered: Registered { table.withLock { ($0.identifiers, $0.fallbacks) } }

    static func entry(_ id: Int) -> Entry { table.withLock { $0.entries[id] } }

    /// The fallback box of the type with registry id `id` (for types registered after a snapshot).
    @usableFromInline
    static func fallback(_ id: Int) -> _AnyExtensionBox { entry(id).fallback }
}

/// Bits of a dependency set.
///
/// Bit 0 is the style, bit 1 the contrast, bits 2...62 the extension types with
/// ids 0...60. Extension ids above 60 share bit 63: bindings that read any of them
/// are re-run when any of them changes — conservative, never missing a change.
@usableFromInline
enum _DependencyBits {
    @inlinable static var style: UInt64 { 1 }
    @inlinable static var contrast: UInt64 { 2 }
    @inlinable static var appearance: UInt64 { 3 }
    static let overflowBit = 63

    @inlinable
    static func bitIndex(forExtension id: Int) -> Int { id < 61 ? id + 2 : 63 }

    @inlinable
    static func bit(forExtension id: Int) -> UInt64 { 1 << UInt64(bitIndex(forExtension: id)) }

    static let extensions: UInt64 = ~appearance
}
