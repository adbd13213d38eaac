/// One binding: its work and what it read on its last run.
///
/// Plain data (`BindingRecord` is trivial), stored in the table's `BindingPool`.
struct BindingRecord {
    /// `nil` marks a removed binding whose position may be reused. Owned manually: the
    /// table retains the work when it stores it and releases it when the binding goes
    /// (`releaseBinding`), so the refresh loop calls it without reference counting.
    var work: Unmanaged<_BindingWork>?
    /// The dependency bits recorded on the last run.
    var dependencies: UInt64
    /// Extension bits for which this position has an entry in the reverse index
    /// (possibly stale: the entry is valid only while `dependencies` has the bit).
    var indexed: UInt64
    /// The pass that last ran this binding, so a pass runs it at most once.
    var epoch: UInt32
    /// The binding's index in its runner (`_Runner`); `-1` for a
    /// work of its own or a themed property's.
    var payload: Int32
    /// Whether the binding has not run yet.
    var isNew: Bool

    /// A free position.
    static let empty = BindingRecord(work: nil, dependencies: 0, indexed: 0, epoch: 0, payload: -1, isNew: false)
}

/// A tracked object: one weak reference shared by all its bindings, which are stored
/// contiguously in the table's `BindingPool`.
struct ObjectRecord {
    /// The object; reads `nil` once it is released. The runtime never keeps it alive.
    weak var object: AnyObject?
    /// The object's identity while the slot is in use (also after the object is
    /// released, until the slot is pruned); `nil` for a free slot.
    var identifier: ObjectIdentifier?
    var generation: UInt32
    var node: Int32
    var previousInNode: Int32
    var nextInNode: Int32
    /// The object's block in the pool (`0` with no block: a free slot).
    var firstBinding: Int32
    /// The records of the block in use, `0..<bindingCount`.
    var bindingCount: Int32
    /// The union of the bindings' dependencies.
    var dependencies: UInt64
    var nextFree: Int32
    /// Whether some binding has not run yet.
    var hasNewBindings: Bool
    /// The block's size class (see `BindingPool`).
    var sizeClass: UInt8
}

/// The binding storage of one theme: object slots with a free list and generation
/// counters, per-node object lists, and a reverse index from extension bits to bindings.
///
/// Only the delivering thread touches it (see `_ThemeCore`), so it has no lock.
@usableFromInline
final class _BindingTable {
    // Exclusivity is not checked at run time on the table's fields: only the delivering
    // thread touches them, and no access to one of them is ever open while user code
    // runs (providers run against pointers into the records, and cannot reach the table).
    /// Object records, indexed by slot. Manually managed so the refresh loop reads
    /// them through a pointer: no copy-on-write or exclusivity checks per access.
    @exclusivity(unchecked) private(set) var objects: UnsafeMutablePointer<ObjectRecord>
    @exclusivity(unchecked) private(set) var objectCount = 0
    @exclusivity(unchecked) private var objectCapacity = 0
    @exclusivity(unchecked) private var freeHead: Int32 = -1
    private let slotByIdentifier = ObjectSlotMap()
    /// Every object's binding records.
    @exclusivity(unchecked) private(set) var pool = BindingPool()
    /// Reverse index for extension bits (bits 0 and 1 are handled by the node tree).
    let reverse = ReverseIndex()
    /// Small integer ids of the key paths bound in this theme (see `_BindingWork.keyID`).
    private let keyPathIDs = KeyPathIDs()
    /// The runners of this theme's closure bindings.
    private let runners = _RunnerCache()
    @exclusivity(unchecked) private var staleEntries: [Int] = Array(repeating: 0, count: 64)
    /// Head of each node's object list, indexed by node id.
    @exclusivity(unchecked) private(set) var nodeHeads: ContiguousArray<Int32> = []
    @exclusivity(unchecked) private(set) var liveObjectCount = 0
    /// The work of each ``ThemedProperty`` bound in this theme, by property (see
    /// `_SharedPropertyTemplate`). Each entry holds its template, so the identifier it is
    /// keyed by stays that template's while the entry exists; `sweep` drops the entries
    /// whose work no binding uses any more.
    @exclusivity(unchecked) private var sharedWorks: [ObjectIdentifier: SharedWorkEntry] = [:]
    /// Memo: the works of the entries of `sharedWorks` looked up lately, by template (an
    /// object's bindings use a few properties in turn, object after object). Holds nothing:
    /// each entry of `sharedWorks` holds its template and work, so a memoised template's
    /// address names no other object. Invalidated by `dropUnusedSharedWorks`, the only place
    /// entries go. Pays for: `register-shared` (a hash lookup, and a retain and release of
    /// the entry, per bind).
    @exclusivity(unchecked) private var recentSharedWorks = RecentList<UnsafeRawPointer, Unmanaged<_BindingWork>>()
    /// Memo: the slot returned by the last `slot(for:node:)`, so an object's bindings,
    /// made one after another, find it without a hash lookup (`-1`: none). Compared by
    /// the slot's weak reference (`===` on a live object), never by address alone.
    /// Invalidated by: pruning that slot (`prune` resets it). Pays for: `register*` rows.
    @exclusivity(unchecked) private(set) var lastSlot: Int32 = -1
    @exclusivity(unchecked) private var registrationsSinceSweep = 0
    /// Tracked objects after the last sweep: the next sweep runs once as many new objects
    /// were registered (at least 1024), so sweeping costs O(1) amortised per registration.
    @exclusivity(unchecked) private var trackedAtLastSweep = 0
    /// Key paths with an id at which `collectKeyPathsIfNeeded` next collects.
    @exclusivity(unchecked) private var keyPathCollectionThreshold = 256

    init() {
        objectCapacity = 64
        objects = Buffer.grow(nil, count: 0, to: objectCapacity)
    }

    deinit {
        for slot in 0..<objectCount {
            let bindings = bindings(of: Int32(slot))
            for position in bindings.indices { releaseBinding(bindings.baseAddress! + position) }
        }
        // Releases the weak references.
        objects.deinitialize(count: objectCount)
        objects.deallocate()
        pool.deallocate()
        slotByIdentifier.deallocate()
        reverse.deallocate()
    }

    /// The slots in use or free, `0..<objectCount`.
    var slots: Range<Int> { 0..<objectCount }

    var bindingCount: Int {
        var count = 0
        for slot in slots where objects[slot].identifier != nil {
            count += bindings(of: Int32(slot)).lazy.filter { $0.work != nil }.count
        }
        return count
    }

    /// The binding records of the object in `slot` (empty for a free slot). Valid until
    /// a binding is added to any object.
    @inline(__always)
    func bindings(of slot: Int32) -> UnsafeMutableBufferPointer<BindingRecord> {
        let record = objects + Int(slot)
        return UnsafeMutableBufferPointer(
            start: pool.records + Int(record.pointee.firstBinding), count: Int(record.pointee.bindingCount))
    }

    private func appendObject(_ record: consuming ObjectRecord) {
        if objectCount == objectCapacity {
            // Records hold `weak` references: they move with `moveInitialize`, never bitwise.
            objectCapacity *= 2
            objects = Buffer.grow(objects, count: objectCount, to: objectCapacity)
        }
        // Moved in (`consume`): copying would copy the weak reference and destroy the
        // original, two operations on the object's side table.
        (objects + objectCount).initialize(to: consume record)
        objectCount += 1
    }

    // MARK: Objects

    /// The slot of `object`, creating one attached to `node` when it is new.
    func slot(for object: AnyObject, node: Int32) -> (slot: Int32, isNew: Bool) {
        // An object's bindings are usually made one after another: skip the lookup. The
        // identities are compared first, so the next object's first bind does not load the
        // remembered object's weak reference; equal identities may still be a new object at
        // a dead one's address, which the weak reference (then `nil`) tells apart.
        let identifier = ObjectIdentifier(object)
        if lastSlot >= 0, objects[Int(lastSlot)].identifier == identifier, objects[Int(lastSlot)].object === object {
            return (lastSlot, false)
        }
        let found = lookUpSlot(for: object, identifier: identifier, node: node)
        lastSlot = found.slot
        return found
    }

    private func lookUpSlot(
        for object: AnyObject, identifier: ObjectIdentifier, node: Int32
    ) -> (slot: Int32, isNew: Bool) {
        if let slot = slotByIdentifier[identifier] {
            if objects[Int(slot)].object === object { return (slot, false) }
            // A dead object's address was reused by a new one.
            prune(slot: slot)
        }
        registrationsSinceSweep += 1
        if registrationsSinceSweep > max(1024, trackedAtLastSweep) { sweep() }
        let slot: Int32
        let block = pool.allocateBlock(sizeClass: 0)
        if freeHead >= 0 {
            slot = freeHead
            freeHead = objects[Int(slot)].nextFree
            objects[Int(slot)].object = object
            objects[Int(slot)].identifier = identifier
            objects[Int(slot)].nextFree = -1
            objects[Int(slot)].firstBinding = block
            objects[Int(slot)].sizeClass = 0
        } else {
            slot = Int32(objectCount)
            appendObject(
                ObjectRecord(
                    object: object, identifier: identifier, generation: 0, node: node, previousInNode: -1,
                    nextInNode: -1, firstBinding: block, bindingCount: 0, dependencies: 0, nextFree: -1,
                    hasNewBindings: false, sizeClass: 0))
        }
        slotByIdentifier.set(slot, for: identifier)
        liveObjectCount += 1
        objects[Int(slot)].node = node
        link(slot: slot, to: node)
        return (slot, true)
    }

    /// The slot of `object` when it is tracked.
    func existingSlot(for object: AnyObject) -> Int32? {
        guard let slot = slotByIdentifier[ObjectIdentifier(object)],
            objects[Int(slot)].object === object
        else {
            return nil
        }
        return slot
    }

    /// Frees a slot: its bindings are dropped and every reverse entry to it turns stale.
    func prune(slot: Int32) {
        let index = Int(slot)
        guard let identifier = objects[index].identifier else { return }
        if slot == lastSlot { lastSlot = -1 }
        let bindings = bindings(of: slot)
        for position in bindings.indices {
            markStale(bindings[position].indexed)
            releaseBinding(bindings.baseAddress! + position)
        }
        unlink(slot: slot)
        slotByIdentifier.remove(identifier, ifSlot: slot)
        objects[index].object = nil
        objects[index].identifier = nil
        pool.freeBlock(objects[index].firstBinding, sizeClass: objects[index].sizeClass)
        objects[index].firstBinding = 0
        objects[index].bindingCount = 0
        objects[index].dependencies = 0
        objects[index].hasNewBindings = false
        objects[index].generation &+= 1
        objects[index].nextFree = freeHead
        freeHead = slot
        liveObjectCount -= 1
    }

    /// Frees the slots of every released object.
    @discardableResult
    func sweep() -> Int {
        registrationsSinceSweep = 0
        var freed = 0
        for slot in slots where objects[slot].identifier != nil && objects[slot].object == nil {
            prune(slot: Int32(slot))
            freed += 1
        }
        compactReverseIndex(force: false)
        dropUnusedSharedWorks()
        trackedAtLastSweep = liveObjectCount
        return freed
    }

    // MARK: Bindings

    /// Adds the binding of `source` to the object in `slot`, replacing a binding with
    /// the same identity (the same key path, or the same `customize` id).
    /// - Returns: The binding's index within the object.
    func addBinding(_ source: _BindingSource, slot: Int32) -> Int32 {
        switch source {
        case .pending(let pending):
            // Collects (if due) itself, before it installs.
            return addClosureBinding(path: pending.path, slot: slot, install: pending.install)
        case .work(let owned):
            collectKeyPathsIfNeeded()
            return place(.passRetained(owned), payload: -1, slot: slot)
        case .property(let template):
            collectKeyPathsIfNeeded()
            return place(sharedWork(for: template).retain(), payload: -1, slot: slot)
        }
    }

    /// Adds a closure binding of `path` to the object in `slot`: `install` adds its
    /// provider and setter to the runner of the key path's id and returns the runner and
    /// the binding's payload (see `_BindingBodies.install`).
    /// - Returns: The binding's index within the object.
    @usableFromInline
    func addClosureBinding(
        path: AnyKeyPath, slot: Int32,
        install: (_RunnerCache, Int32) -> (runner: Unmanaged<_BindingWork>, payload: Int32)
    ) -> Int32 {
        collectKeyPathsIfNeeded()
        // The cache holds the runner (unretained here): retained once, for the record.
        let installed = install(runners, keyPathIDs.id(of: path))
        return place(installed.runner.retain(), payload: installed.payload, slot: slot)
    }

    /// Stores a binding of `work` (retained for the record) with `payload` on the object
    /// in `slot`, replacing a binding with the same identity or reusing a free position.
    private func place(_ work: Unmanaged<_BindingWork>, payload: Int32, slot: Int32) -> Int32 {
        let index = Int(slot)
        objects[index].hasNewBindings = true
        work._withUnsafeGuaranteedRef { work in
            if work.keyID == 0, case .keyPath(let path) = work.identity { work.keyID = keyPathIDs.id(of: path) }
        }
        // One walk finds an earlier binding with the same identity (replaced) and the
        // first free position (reused).
        let bindings = bindings(of: slot)
        var free = -1
        for position in bindings.indices {
            guard let existing = bindings[position].work else {
                if free < 0 { free = position }
                continue
            }
            // Both borrowed: the record holds each (`takeUnretainedValue` would retain `work`).
            let isSame = work._withUnsafeGuaranteedRef { new in
                existing._withUnsafeGuaranteedRef { $0.hasSameIdentity(as: new) }
            }
            guard isSame else { continue }
            releaseBinding(bindings.baseAddress! + position)
            bindings[position].work = work
            bindings[position].payload = payload
            bindings[position].isNew = true
            return Int32(position)
        }
        if free >= 0 {
            // Keep `indexed`: the stale entries of the old binding still point here.
            bindings[free].work = work
            bindings[free].payload = payload
            bindings[free].isNew = true
            bindings[free].epoch = 0
            return Int32(free)
        }
        let count = Int(objects[index].bindingCount)
        if count == BindingPool.blockSize(objects[index].sizeClass) { growBlock(slot: slot) }
        (pool.records + Int(objects[index].firstBinding) + count).pointee = BindingRecord(
            work: work, dependencies: 0, indexed: 0, epoch: 0, payload: payload, isNew: true)
        objects[index].bindingCount += 1
        return Int32(count)
    }

    /// This theme's work for the themed property whose template is `template`; not retained
    /// for the caller: its entry in `sharedWorks` holds it, and entries go only when the table
    /// collects (`collectKeyPathsIfNeeded`, `sweep`), which `addBinding` does before it asks;
    /// it then retains the work for its record before anything else runs.
    private func sharedWork(for template: _SharedPropertyTemplate) -> Unmanaged<_BindingWork> {
        // Compared with addresses that the entries of `sharedWorks` hold alive: equal only for that object.
        let address = UnsafeRawPointer(Unmanaged.passUnretained(template).toOpaque())
        if let known = recentSharedWorks.value(for: address) { return known }
        let identifier = ObjectIdentifier(template)
        let entry: SharedWorkEntry
        if let existing = sharedWorks[identifier] {
            entry = existing
        } else {
            entry = SharedWorkEntry(template: template, work: template.makeWork())
            sharedWorks[identifier] = entry
        }
        let work = Unmanaged.passUnretained(entry.work)
        recentSharedWorks.remember(work, for: address)
        return work
    }

    /// The memos' entries that do not match what they memoise (for the invariant checks).
    var memoViolations: [String] {
        var problems = runners.staleMemoEntries
        for entry in recentSharedWorks.all {
            // Addresses compared, never a reference taken from the entry: it may be stale.
            let held = sharedWorks.values.contains {
                UnsafeRawPointer(Unmanaged.passUnretained($0.template).toOpaque()) == entry.key
                    && Unmanaged.passUnretained($0.work).toOpaque() == entry.value.toOpaque()
            }
            if !held { problems.append("themed-property memo entry \(entry.key) is not a cached work") }
        }
        if lastSlot >= 0 && (Int(lastSlot) >= objectCount || objects[Int(lastSlot)].identifier == nil) {
            problems.append("slot memo \(lastSlot) is a free slot")
        }
        return problems
    }

    /// The id this table gave `path`, if it has one (for the invariant checks).
    func keyPathID(of path: AnyKeyPath) -> Int32? { keyPathIDs.existingID(of: path) }

    /// How many key paths have an id, runners exist and themed-property works are cached.
    var keyPathBookkeeping: (keyPaths: Int, runners: Int, sharedWorks: Int) {
        (keyPathIDs.count, runners.count, sharedWorks.count)
    }

    /// Forgets the key paths, runners and themed-property works no binding uses, once the
    /// key paths with an id outnumber twice those in use at the last collection (and 256):
    /// key paths made at run time and unbound again do not accumulate. O(bindings), so
    /// O(1) amortised per key path given an id. Called before a binding is added, while
    /// every work that holds an id is in a binding or in a cache (none is in hand).
    @inline(__always)
    private func collectKeyPathsIfNeeded() {
        // The check inlined into every bind, the collection not.
        if keyPathIDs.count >= keyPathCollectionThreshold { collectKeyPaths() }
    }

    @inline(never)
    private func collectKeyPaths() {
        // Unused themed-property works first: their works hold ids too.
        dropUnusedSharedWorks()
        var used = Set<Int32>()
        for slot in slots where objects[slot].identifier != nil {
            for binding in bindings(of: Int32(slot)) {
                if let id = binding.work?._withUnsafeGuaranteedRef({ $0.keyID }), id != 0 { used.insert(id) }
            }
        }
        runners.keep(only: used)
        keyPathIDs.keep(only: used)
        keyPathCollectionThreshold = max(256, 2 * used.count)
    }

    /// Drops the themed-property works that no binding uses, with their templates.
    private func dropUnusedSharedWorks() {
        recentSharedWorks.removeAll { _ in true }
        guard !sharedWorks.isEmpty else { return }
        var unused: [ObjectIdentifier] = []
        for (identifier, entry) in sharedWorks where isKnownUniquelyReferenced(&entry.work) {
            unused.append(identifier)
        }
        for identifier in unused { sharedWorks[identifier] = nil }
    }

    /// Releases the work of the binding at `binding` (and its payload in a runner) and
    /// marks the position free.
    @inline(__always)
    private func releaseBinding(_ binding: UnsafeMutablePointer<BindingRecord>) {
        guard let work = binding.pointee.work else { return }
        binding.pointee.work = nil
        let payload = binding.pointee.payload
        if payload >= 0 {
            binding.pointee.payload = -1
            work._withUnsafeGuaranteedRef { $0.releasePayload(payload) }
        }
        work.release()
    }

    /// Moves the full block of the object in `slot` to one twice its size.
    private func growBlock(slot: Int32) {
        let index = Int(slot)
        let sizeClass = objects[index].sizeClass
        precondition(sizeClass < BindingPool.largestClass, "ThemeKit: too many bindings on one object")
        let block = pool.allocateBlock(sizeClass: sizeClass + 1)
        // After the allocation: it may move the buffer. Records are trivial: assigning copies them.
        let old = objects[index].firstBinding
        (pool.records + Int(block)).update(from: pool.records + Int(old), count: Int(objects[index].bindingCount))
        pool.freeBlock(old, sizeClass: sizeClass)
        objects[index].firstBinding = block
        objects[index].sizeClass = sizeClass + 1
    }

    /// Removes the binding for `keyPath` of the object in `slot`; returns whether one existed.
    @discardableResult
    func removeBinding(keyPath: AnyKeyPath, slot: Int32) -> Bool {
        guard let id = keyPathIDs.existingID(of: keyPath) else { return false }
        let bindings = bindings(of: slot)
        for position in bindings.indices
        where bindings[position].work?._withUnsafeGuaranteedRef({ $0.keyID == id }) == true {
            removeBinding(at: position, slot: slot)
            return true
        }
        return false
    }

    /// Removes every binding of the object in `slot` and frees the slot.
    func removeAll(slot: Int32) { prune(slot: slot) }

    private func removeBinding(at position: Int, slot: Int32) {
        let bindings = bindings(of: slot)
        let dependencies = bindings[position].dependencies
        markStale(dependencies & bindings[position].indexed)
        releaseBinding(bindings.baseAddress! + position)
        bindings[position].dependencies = 0
        recomputeUnion(slot: slot)
        if bindings.allSatisfy({ $0.work == nil }) { prune(slot: slot) }
    }

    /// Records the dependencies a binding read on its run and updates the reverse index.
    func record(dependencies: UInt64, slot: Int32, index position: Int32) {
        let index = Int(slot)
        let generation = objects[index].generation
        let changed = updateDependencies(
            of: &bindings(of: slot)[Int(position)], to: dependencies, slot: slot, index: position,
            generation: generation)
        if changed { recomputeUnion(slot: slot) }
    }

    /// Stores a binding's new dependencies, adds them to the object's union, and indexes
    /// the keys it newly read.
    /// - Returns: Whether the binding stopped reading something (the object's union must
    ///   then be recomputed: another binding may still read it).
    @inline(__always)
    func updateDependencies(
        of binding: inout BindingRecord, to dependencies: UInt64, slot: Int32, index: Int32, generation: UInt32
    ) -> Bool {
        let old = binding.dependencies
        guard old != dependencies else { return false }
        binding.dependencies = dependencies
        objects[Int(slot)].dependencies |= dependencies
        let missing = dependencies & _DependencyBits.extensions & ~binding.indexed
        if missing != 0 {
            var bits = missing
            let entry = ReverseEntry(slot: slot, index: index, generation: generation)
            while bits != 0 {
                reverse.append(entry, bit: bits.trailingZeroBitCount)
                bits &= bits - 1
            }
            binding.indexed |= missing
        }
        let dropped = old & ~dependencies
        if dropped & _DependencyBits.extensions != 0 { markStale(dropped & _DependencyBits.extensions) }
        return dropped != 0
    }

    func recomputeUnion(slot: Int32) {
        let index = Int(slot)
        var union: UInt64 = 0
        for binding in bindings(of: slot) where binding.work != nil { union |= binding.dependencies }
        objects[index].dependencies = union
    }

    /// Counts one more stale entry in the reverse list of each extension bit in `bits`.
    /// The count bounds the stale entries from above: an entry counted here becomes valid
    /// again if its binding reads the bit once more (the entry is still there).
    private func markStale(_ bits: UInt64) {
        var bits = bits & _DependencyBits.extensions
        while bits != 0 {
            staleEntries[bits.trailingZeroBitCount] += 1
            bits &= bits - 1
        }
    }

    // MARK: Reverse index

    /// Whether a reverse entry still denotes a live binding that depends on `bit`.
    @inline(__always)
    func isValid(_ entry: ReverseEntry, bit: Int) -> Bool {
        let object = objects + Int(entry.slot)
        guard object.pointee.identifier != nil, object.pointee.generation == entry.generation,
            entry.index < object.pointee.bindingCount
        else { return false }
        let binding = bindings(of: entry.slot)[Int(entry.index)]
        return binding.work != nil && binding.dependencies & (1 << UInt64(bit)) != 0
    }

    /// Compacts the reverse list of `bit`, so that it holds only live entries.
    func compactEntries(bit: Int) {
        let mask: UInt64 = 1 << UInt64(bit)
        reverse.removeAll(bit: bit) { entry in
            if isValid(entry, bit: bit) { return false }
            if objects[Int(entry.slot)].identifier != nil,
                objects[Int(entry.slot)].generation == entry.generation,
                entry.index < objects[Int(entry.slot)].bindingCount
            {
                // The binding no longer reads this key: forget that it is indexed.
                bindings(of: entry.slot)[Int(entry.index)].indexed &= ~mask
            }
            return true
        }
        staleEntries[bit] = 0
    }

    /// Compacts the lists whose stale entries outnumber the live ones.
    func compactReverseIndex(force: Bool) {
        for bit in 0..<64 {
            if force { compactEntries(bit: bit) } else { compactEntriesIfMostlyStale(bit: bit) }
        }
    }

    /// Compacts the reverse list of `bit` when its stale entries (counted from above,
    /// see `markStale`) are more than a few and outnumber the live ones.
    func compactEntriesIfMostlyStale(bit: Int) {
        if staleEntries[bit] > 64 && staleEntries[bit] * 2 > reverse.count(bit: bit) { compactEntries(bit: bit) }
    }

    // MARK: Node lists

    func ensureNode(_ node: Int32) {
        while nodeHeads.count <= Int(node) { nodeHeads.append(-1) }
    }

    func link(slot: Int32, to node: Int32) {
        ensureNode(node)
        let head = nodeHeads[Int(node)]
        objects[Int(slot)].node = node
        objects[Int(slot)].previousInNode = -1
        objects[Int(slot)].nextInNode = head
        if head >= 0 { objects[Int(head)].previousInNode = slot }
        nodeHeads[Int(node)] = slot
    }

    func unlink(slot: Int32) {
        let index = Int(slot)
        let previous = objects[index].previousInNode
        let next = objects[index].nextInNode
        if previous >= 0 {
            objects[Int(previous)].nextInNode = next
        } else {
            nodeHeads[Int(objects[index].node)] = next
        }
        if next >= 0 { objects[Int(next)].previousInNode = previous }
        objects[index].previousInNode = -1
        objects[index].nextInNode = -1
    }

    /// Moves the object in `slot` to `node`.
    func move(slot: Int32, to node: Int32) {
        guard objects[Int(slot)].node != node else { return }
        unlink(slot: slot)
        link(slot: slot, to: node)
    }

    /// Moves every object of `node` to `target`; returns the moved slots.
    func moveAll(from node: Int32, to target: Int32) -> [Int32] {
        var moved: [Int32] = []
        guard Int(node) < nodeHeads.count else { return moved }
        var slot = nodeHeads[Int(node)]
        while slot >= 0 {
            let next = objects[Int(slot)].nextInNode
            moved.append(slot)
            slot = next
        }
        for slot in moved {
            unlink(slot: slot)
            link(slot: slot, to: target)
        }
        return moved
    }
}

/// A themed property's work in one table, with the property's template: holding the
/// template keeps its `ObjectIdentifier` (the table's key) from naming another object.
final class SharedWorkEntry {
    let template: _SharedPropertyTemplate
    var work: _BindingWork

    init(template: _SharedPropertyTemplate, work: _BindingWork) {
        self.template = template
        self.work = work
    }
}
