/// The refresh loop: running bindings and recording what they read.
///
/// Everything here runs on the delivering thread. User code (providers) runs
/// inside these loops, but it cannot reach the table: every change it makes is
/// queued for the next pass, so the storage stays put while we iterate it.
extension BindingTable {
    /// Runs the bindings of the object in `slot` whose dependencies meet `mask`
    /// (all of them for `.max`), plus any that never ran, each at most once per `epoch`.
    /// - Parameter key: The shared-result key of `style` and `contrast` under the
    ///   recorder's values (`SharedResultCache.appearanceKey`), which the caller computes
    ///   once for all the objects of one appearance.
    @inline(__always)
    func runObject(
        slot: Int32, mask: UInt64, epoch: UInt32, style: ThemeStyle, contrast: ThemeContrast, key: UInt64,
        recorder: DependencyRecorder
    ) {
        let record = objects + Int(slot)
        guard record.pointee.identifier != nil,
            record.pointee.dependencies & mask != 0 || mask == .max || record.pointee.hasNewBindings
        else { return }
        // One load per object per pass, shared by all its bindings.
        guard let object = record.pointee.reference?.load() else {
            prune(slot: slot)
            return
        }
        // Most objects of a switch need only copies of shared values whose reads equal
        // what the binding already depends on; a loop that does just that keeps little
        // state alive across the copy calls. Anything else is left to the full loop.
        if !copySharedValues(
            of: slot, object: object, mask: mask, epoch: epoch, key: key, results: recorder.sharedResults)
        {
            runBindings(
                of: slot, object: object, mask: mask, epoch: epoch, style: style, contrast: contrast, key: key,
                recorder: recorder)
        }
        record.pointee.hasNewBindings = false
    }

    /// Runs `runObject` for each object of the node list that starts at `head`.
    ///
    /// One loop for the whole list, so what stays the same from object to object (the
    /// appearance, its key, the table's storage) stays in registers.
    func runObjects(
        from head: Int32, mask: UInt64, epoch: UInt32, style: ThemeStyle, contrast: ThemeContrast, key: UInt64,
        recorder: DependencyRecorder
    ) {
        var slot = head
        while slot >= 0 {
            // Read first: a dead object is unlinked from the list when it is pruned.
            let next = objects[Int(slot)].nextInNode
            runObject(
                slot: slot, mask: mask, epoch: epoch, style: style, contrast: contrast, key: key, recorder: recorder)
            slot = next
        }
    }

    /// The full loop of `runObject` over the bindings of `object`, the live object in
    /// `slot`: runs what is due, or copies its shared value, and records what each read.
    @inline(never)
    private func runBindings(
        of slot: Int32, object: AnyObject, mask: UInt64, epoch: UInt32, style: ThemeStyle, contrast: ThemeContrast,
        key: UInt64, recorder: DependencyRecorder
    ) {
        let record = objects + Int(slot)
        let generation = record.pointee.generation
        var unionChanged = false
        // Made once per object, as a `let`: each run gets it at +0. (An optional made at
        // the first run was copied out for every call, a retain and release of the
        // recorder per binding. Objects whose due bindings all copy shared values take
        // the copy loop and never get here.)
        let context = ThemeContext(style: style, contrast: contrast, recorder: recorder)
        do {
            let bindings = bindings(of: slot)
            for position in bindings.indices {
                guard let runner = bindings[position].runner,
                    bindings[position].dependencies & mask != 0 || mask == .max || bindings[position].isNew,
                    bindings[position].epoch != epoch
                else { continue }
                bindings[position].epoch = epoch
                if bindings[position].isShareable,
                    let read = copySharedValue(
                        into: object, binding: bindings.baseAddress! + position, key: key,
                        results: recorder.sharedResults)
                {
                    // A shared provider whose value this pass, or an earlier one under the
                    // same values, computed for this appearance: copied, running nothing.
                    if updateDependencies(
                        of: &bindings[position], to: read, slot: slot, index: Int32(position), generation: generation)
                    {
                        unionChanged = true
                    }
                    continue
                }
                recorder.begin(isInitial: bindings[position].isNew)
                bindings[position].isNew = false
                // Providers cannot add bindings (they only queue work), so the pool stays put.
                runner._withUnsafeGuaranteedRef {
                    $0.run(object, context, UnsafeMutableRawPointer(bindings.baseAddress! + position))
                }
                if updateDependencies(
                    of: &bindings[position], to: recorder.read, slot: slot, index: Int32(position),
                    generation: generation)
                {
                    unionChanged = true
                }
            }
        }
        if unionChanged { recomputeUnion(slot: slot) }
    }

    /// Copies the shared values of the bindings of the object in `slot` that are due
    /// under `mask` and `epoch` and whose value the cache holds for the appearance with
    /// `key`, when the copy leaves their dependencies as they are.
    /// - Returns: Whether every due binding was handled; `false` at the first one that
    ///   needs more (the caller's full loop then runs the rest, skipping the bindings
    ///   copied here, which are marked with `epoch`).
    @inline(__always)
    private func copySharedValues(
        of slot: Int32, object: AnyObject, mask: UInt64, epoch: UInt32, key: UInt64, results: SharedResultCache
    ) -> Bool {
        guard key != 0 else { return false }
        // Two loops: a full switch (`.max`) has every binding due, and its loop tests nothing for that.
        if mask == .max {
            return copySharedValues(of: slot, object: object, epoch: epoch, key: key, results: results) { _ in true }
        }
        return copySharedValues(of: slot, object: object, epoch: epoch, key: key, results: results) {
            $0.pointee.dependencies & mask != 0 || $0.pointee.isNew
        }
    }

    /// `copySharedValues(of:object:mask:epoch:key:results:)` for the bindings `isDue` accepts.
    @inline(__always)
    private func copySharedValues(
        of slot: Int32, object: AnyObject, epoch: UInt32, key: UInt64, results: SharedResultCache,
        isDue: (UnsafeMutablePointer<BindingRecord>) -> Bool
    ) -> Bool {
        let bindings = bindings(of: slot)
        for position in bindings.indices {
            let binding = bindings.baseAddress! + position
            guard let runner = binding.pointee.runner, isDue(binding), binding.pointee.epoch != epoch else { continue }
            guard binding.pointee.isShareable,
                let shared = results.currentValue(
                    of: binding, serial: runner._withUnsafeGuaranteedRef { $0.serial }, key: key),
                shared.pointee.read == binding.pointee.dependencies
            else {
                // The full loop takes over from here (it skips the bindings copied above).
                return false
            }
            binding.pointee.epoch = epoch
            copy(shared, into: object, binding: binding, runner: runner)
        }
        return true
    }

    /// Copies the value in `shared` into `object` for the binding at `binding` (run by
    /// `runner`), which counts as run.
    @inline(__always)
    private func copy(
        _ shared: UnsafeMutablePointer<SharedResultCache.Slot>, into object: AnyObject,
        binding: UnsafeMutablePointer<BindingRecord>, runner: Unmanaged<BindingRunner>
    ) {
        binding.pointee.isNew = false
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
        runner._withUnsafeGuaranteedRef { $0.sharedCopy }.copy(
            from: UnsafeRawPointer(shared.pointee.storage.unsafelyUnwrapped),
            to: base + Int(shared.pointee.storedOffset), runner: runner)
    }

    /// Runs the binding at `index` of `object`, the live object in `slot` (a new or replaced binding).
    /// - Parameter othersAreNew: Whether other bindings of the object may not have run
    ///   yet (`false` spares a walk over them).
    func runBinding(
        _ object: AnyObject, slot: Int32, index: Int, epoch: UInt32, style: ThemeStyle, contrast: ThemeContrast,
        recorder: DependencyRecorder, othersAreNew: Bool
    ) {
        let record = objects + Int(slot)
        guard record.pointee.identifier != nil, index < record.pointee.bindingCount else { return }
        runLoaded(object, slot: slot, index: index, epoch: epoch, style: style, contrast: contrast, recorder: recorder)
        record.pointee.hasNewBindings = othersAreNew && bindings(of: slot).contains { $0.isNew && $0.runner != nil }
    }

    /// Runs one binding of an already loaded object.
    @inline(__always)
    func runLoaded(
        _ object: AnyObject, slot: Int32, index: Int, epoch: UInt32, style: ThemeStyle, contrast: ThemeContrast,
        recorder: DependencyRecorder
    ) {
        let record = objects + Int(slot)
        let generation = record.pointee.generation
        let bindings = bindings(of: slot)
        guard let runner = bindings[index].runner, bindings[index].epoch != epoch else { return }
        bindings[index].epoch = epoch
        if bindings[index].isShareable,
            let read = copySharedValue(
                into: object, binding: bindings.baseAddress! + index,
                key: recorder.appearanceKey(style: style, contrast: contrast),
                results: recorder.sharedResults)
        {
            if updateDependencies(
                of: &bindings[index], to: read, slot: slot, index: Int32(index), generation: generation)
            {
                recomputeUnion(slot: slot)
            }
            return
        }
        recorder.begin(isInitial: bindings[index].isNew)
        bindings[index].isNew = false
        runner._withUnsafeGuaranteedRef {
            $0.run(
                object, ThemeContext(style: style, contrast: contrast, recorder: recorder),
                UnsafeMutableRawPointer(bindings.baseAddress! + index))
        }
        // The run cannot add bindings (user code only queues work), so `bindings` is still valid.
        if updateDependencies(
            of: &bindings[index], to: recorder.read, slot: slot, index: Int32(index), generation: generation)
        {
            recomputeUnion(slot: slot)
        }
    }

    /// Copies the shared value of the shareable binding at `binding` into `object` when
    /// the theme's result cache holds one for the appearance with `key` (see
    /// `SharedResultCache.currentValue`), marking the binding as run.
    /// - Returns: What the provider read when it computed the value, or `nil` when
    ///   there is no such value and the binding must run.
    @inline(__always)
    private func copySharedValue(
        into object: AnyObject, binding: UnsafeMutablePointer<BindingRecord>, key: UInt64,
        results: SharedResultCache
    ) -> UInt64? {
        // A binding's first run may copy too: a cached value never came from a provider
        // that asked `isInitialApplication` (see `SharedResultCache.run`).
        let runner = binding.pointee.runner.unsafelyUnwrapped
        guard
            let shared = results.currentValue(
                of: binding, serial: runner._withUnsafeGuaranteedRef { $0.serial }, key: key)
        else { return nil }
        copy(shared, into: object, binding: binding, runner: runner)
        return shared.pointee.read
    }

    /// Runs every binding that read extension bit `bit`, each object's at once.
    ///
    /// An object's entries in the bit's list usually follow one another, so the first
    /// entry of each object runs all its bindings that read the bit (`runObject`, with
    /// its copy loop), and the entries after it are skipped; one that turns up again
    /// later finds its bindings already run in this epoch. A stale entry (a binding
    /// that no longer reads the bit, or a pruned object) costs a check: `runObject` runs
    /// only the bindings whose dependencies hold the bit.
    /// - Complexity: O(entries in the bit's reverse list): its live ones, and at most as
    ///   many stale ones again, or 64 (see `compactEntriesIfMostlyStale`).
    func runReaders(of bit: Int, epoch: UInt32, tree: NodeTree, recorder: DependencyRecorder) {
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
            let style = tree.style(of: node)
            let contrast = tree.contrast(of: node)
            runObject(
                slot: entry.slot, mask: mask, epoch: epoch, style: style, contrast: contrast,
                key: recorder.appearanceKey(style: style, contrast: contrast), recorder: recorder)
        }
    }
}
