/// The refresh loop: running bindings and recording what they read.
///
/// Everything here runs on the delivering thread. User code (providers) runs
/// inside these loops, but it cannot reach the table: every change it makes is
/// queued for the next pass, so the storage stays put while we iterate it.
extension _BindingTable {
    /// Runs the bindings of the object in `slot` whose dependencies meet `mask`
    /// (all of them for `.max`), plus any that never ran, each at most once per `epoch`.
    /// - Parameter context: The providers' context for the object's appearance, which
    ///   the caller makes once for all the objects of one appearance.
    @inline(__always)
    func runObject(slot: Int32, mask: UInt64, epoch: UInt32, context: ThemeContext) {
        let record = objects + Int(slot)
        guard record.pointee.identifier != nil,
            record.pointee.dependencies & mask != 0 || mask == .max || record.pointee.hasNewBindings
        else { return }
        // One weak load per object per pass, shared by all its bindings.
        guard var object = record.pointee.object else {
            prune(slot: slot)
            return
        }
        runBindings(of: slot, object: &object, mask: mask, epoch: epoch, context: context)
        record.pointee.hasNewBindings = false
    }

    /// Runs `runObject` for each object of the node list that starts at `head`.
    func runObjects(from head: Int32, mask: UInt64, epoch: UInt32, context: ThemeContext) {
        var slot = head
        while slot >= 0 {
            // Read first: a dead object is unlinked from the list when it is pruned.
            let next = objects[Int(slot)].nextInNode
            runObject(slot: slot, mask: mask, epoch: epoch, context: context)
            slot = next
        }
    }

    /// Runs the due bindings of `object`, the live object in `slot`, and records what each read.
    private func runBindings(
        of slot: Int32, object: inout AnyObject, mask: UInt64, epoch: UInt32, context: ThemeContext
    ) {
        let generation = objects[Int(slot)].generation
        let recorder = context.recorder
        var unionChanged = false
        // Providers cannot add bindings (they only queue work), so the pool stays put.
        let bindings = bindings(of: slot)
        for position in bindings.indices {
            guard let work = bindings[position].work,
                bindings[position].dependencies & mask != 0 || mask == .max || bindings[position].isNew,
                bindings[position].epoch != epoch
            else { continue }
            bindings[position].epoch = epoch
            recorder.begin(isInitial: bindings[position].isNew, context: context)
            bindings[position].isNew = false
            // The record holds a reference to the work until the binding is removed, which
            // cannot happen during the run: the call needs no retain of its own.
            work._withUnsafeGuaranteedRef { $0.run(&object, context, payload: bindings[position].payload) }
            if updateDependencies(
                of: &bindings[position], to: recorder.read, slot: slot, index: Int32(position), generation: generation)
            {
                unionChanged = true
            }
        }
        if unionChanged { recomputeUnion(slot: slot) }
    }

    /// Runs the new binding at `index` of `object`, the live object in `slot` (a bind
    /// made while nothing else was delivering).
    /// - Parameter othersAreNew: Whether other bindings of the object may not have run
    ///   yet (`false` spares a walk over them).
    func runBinding(
        _ object: AnyObject, slot: Int32, index: Int, epoch: UInt32, context: ThemeContext, othersAreNew: Bool
    ) {
        let record = objects + Int(slot)
        guard record.pointee.identifier != nil, index < record.pointee.bindingCount else { return }
        let generation = record.pointee.generation
        let bindings = bindings(of: slot)
        guard let work = bindings[index].work, bindings[index].epoch != epoch else { return }
        bindings[index].epoch = epoch
        context.recorder.begin(isInitial: bindings[index].isNew, context: context)
        bindings[index].isNew = false
        work._withUnsafeGuaranteedRef { $0.runFirst(object, context, payload: bindings[index].payload) }
        // The run cannot add bindings (user code only queues work), so `bindings` is still valid.
        if updateDependencies(
            of: &bindings[index], to: context.recorder.read, slot: slot, index: Int32(index), generation: generation)
        {
            recomputeUnion(slot: slot)
        }
        record.pointee.hasNewBindings = othersAreNew && bindings.contains { $0.isNew && $0.work != nil }
    }

    /// Runs every binding that read extension bit `bit`, each object's at once.
    ///
    /// An object's entries in the bit's list usually follow one another, so the first
    /// entry of each object runs all its bindings that read the bit, and the entries
    /// after it are skipped; one that turns up again later finds its bindings already
    /// run in this epoch. A stale entry (a binding that no longer reads the bit, or a
    /// pruned object) costs a check: `runObject` runs only the bindings whose
    /// dependencies hold the bit.
    /// - Complexity: O(entries in the bit's reverse list): its live ones, and at most as
    ///   many stale ones again, or 64 (see `compactEntriesIfMostlyStale`).
    func runReaders(of bit: Int, epoch: UInt32, tree: NodeTree, contexts: _ContextCache) {
        compactEntriesIfMostlyStale(bit: bit)
        let mask: UInt64 = 1 << UInt64(bit)
        var ranSlot: Int32 = -1
        // By position, reading each entry afresh: a run may append entries for the bits
        // its binding newly read, which can move a list.
        for position in 0..<reverse.count(bit: bit) {
            let entry = reverse.entry(bit: bit, at: position)
            guard entry.slot != ranSlot, objects[Int(entry.slot)].generation == entry.generation else { continue }
            ranSlot = entry.slot
            let node = objects[Int(entry.slot)].node
            contexts.withContext(style: tree.style(of: node), contrast: tree.contrast(of: node)) { context in
                runObject(slot: entry.slot, mask: mask, epoch: epoch, context: context)
            }
        }
    }
}
