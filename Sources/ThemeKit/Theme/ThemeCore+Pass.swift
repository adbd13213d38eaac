import Foundation

/// Values to persist, captured under the lock at the start of a pass.
struct PersistedValues {
    var settings = ChosenSettings()
    /// Extension type name → active variant id (`nil`: none).
    var variants: [(name: String, id: String?)] = []
    /// The types with a persisted variant as the theme knows them (`ThemeModel.variantIndex`):
    /// the index written when the stored one is corrupt.
    var knownVariantIndex: Set<String> = []

    /// These values, with `newer`'s where it has them.
    func overlaid(by newer: PersistedValues) -> PersistedValues {
        var result = newer
        result.settings = settings.overlaid(by: newer.settings)
        let newerNames = Set(newer.variants.map(\.name))
        result.variants = variants.filter { !newerNames.contains($0.name) } + newer.variants
        return result
    }
}

/// Observers to consider in a pass: an extension id, its group, and its root value now.
struct ObservedGroup {
    let id: Int
    let group: ObserverGroup
}

extension _ThemeCore {
    func persistenceValues(for work: PendingWork) -> PersistedValues? {
        guard !work.persistence.isEmpty || !work.persistedVariants.isEmpty else { return nil }
        var values = PersistedValues(settings: work.persistence)
        for id in work.persistedVariants.sorted() {
            // A type that shares its name with another one in use is not persisted.
            guard let name = _ExtensionRegistry.entry(id).persistenceName else { continue }
            let variantID = model.variant(id: id)?.variantID
            values.variants.append((name, variantID))
            if variantID == nil { model.variantIndex.remove(name) } else { model.variantIndex.insert(name) }
        }
        values.knownVariantIndex = model.variantIndex
        return values
    }

    func observerGroups(for work: PendingWork, snapshot: _ValueSnapshot) -> [ObservedGroup] {
        guard !model.observers.isEmpty else { return [] }
        let appearanceChanged =
            snapshot.style != deliveredStyleSeenByModel || snapshot.contrast != deliveredContrastSeenByModel
        var result: [ObservedGroup] = []
        for (id, group) in model.observers where !group.observers.isEmpty {
            if work.changedExtensions.contains(id) || (appearanceChanged && model.variant(id: id) != nil) {
                result.append(ObservedGroup(id: id, group: group))
            }
        }
        return result.sorted { $0.id < $1.id }
    }

    /// The root appearance the last pass delivered, readable under the lock.
    var deliveredStyleSeenByModel: ThemeStyle { model.lastDeliveredStyle }
    var deliveredContrastSeenByModel: ThemeContrast { model.lastDeliveredContrast }

    // MARK: The pass

    func performPass(
        _ work: inout PendingWork, snapshot: _ValueSnapshot, persisted: PersistedValues?,
        observed: [ObservedGroup], observerScope: DeliveryScope?, handsOffToObservation: Bool, runsCallbacks: Bool,
        defersNotifications: Bool = false
    ) {
        beginPass(snapshot: snapshot)
        var events = work.events

        // 1. Storage.
        if let persisted { write(persisted, into: &events) }

        // 2. Structure, in call order, and the direct work it gives.
        // Engine-owned scratch buffers, reused from pass to pass.
        var direct = directScratch
        var dirtyNodes = dirtyScratch
        directScratch = []
        dirtyScratch = []
        // Bindings added inside a batch come first: they were made before anything queued.
        if work.hasBatchedBindings { swap(&direct, &batchedDirect) }
        defer {
            // Keep small buffers for the next pass, not ones a large batch grew.
            direct.removeAll(keepingCapacity: direct.capacity <= ThemeModel.retainedOperationCapacity)
            dirtyNodes.removeAll(keepingCapacity: dirtyNodes.capacity <= ThemeModel.retainedOperationCapacity)
            directScratch = direct
            dirtyScratch = dirtyNodes
        }
        // Each operation is moved out of the queue, so applying it neither copies nor
        // later releases its payload twice.
        work.operations.drain { operation in apply(operation, direct: &direct, dirtyNodes: &dirtyNodes) }

        // 3. Re-resolve the tree where the theme's appearance or a node changed.
        let rootChanged = snapshot.style != deliveredStyle || snapshot.contrast != deliveredContrast
        var styleEvent: ThemeEvent?
        var contrastEvent: ThemeEvent?
        if snapshot.style != deliveredStyle { styleEvent = .styleChanged(snapshot.style) }
        if snapshot.contrast != deliveredContrast { contrastEvent = .contrastChanged(snapshot.contrast) }
        deliveredStyle = snapshot.style
        deliveredContrast = snapshot.contrast
        if rootChanged { dirtyNodes.append(0) }
        changedNodes.removeAll(keepingCapacity: true)
        if !dirtyNodes.isEmpty {
            tree.reresolve(
                roots: dirtyNodes, themeStyle: snapshot.style, themeContrast: snapshot.contrast, into: &changedNodes)
        }
        if !defersNotifications {
            // What observers were told last: a pass that defers its notifications leaves it, so the
            // pass that posts them tells the observers of variants.
            lock.withLock {
                model.lastDeliveredStyle = snapshot.style
                model.lastDeliveredContrast = snapshot.contrast
            }
        }

        guard runsCallbacks else {
            // A stopped pass posts nothing but the stop itself: its other events (a setting or a
            // variant changed, a storage failure) would reach subscribers, user code that may answer
            // them with the change that posts them again, and the loop would never end.
            let stopped = events.filter { if case .refreshLoopStopped = $0 { true } else { false } }
            if !stopped.isEmpty { self.events.post(stopped) }
            return
        }

        // 4. Providers and customize closures.
        run(direct)
        for change in changedNodes {
            let head = Int(change.node) < table.nodeHeads.count ? table.nodeHeads[Int(change.node)] : -1
            contexts.withContext(style: tree.style(of: change.node), contrast: tree.contrast(of: change.node)) {
                table.runObjects(from: head, mask: change.changed, epoch: epoch, context: $0)
            }
        }
        var extensionBits = work.changed & _DependencyBits.extensions
        while extensionBits != 0 {
            let bit = extensionBits.trailingZeroBitCount
            extensionBits &= extensionBits - 1
            table.runReaders(of: bit, epoch: epoch, tree: tree, contexts: contexts)
        }

        if defersNotifications {
            carryNotifications(
                events + [styleEvent, contrastEvent].compactMap { $0 }, extensions: work.changedExtensions,
                appearanceChanged: rootChanged || work.carriesAppearanceChange)
            return
        }

        // 5. Observer tokens.
        if let observerScope {
            for entry in observed { notify(entry, snapshot: snapshot, scope: observerScope) }
        }

        // 6. Observation (SwiftUI), once a tracked getter has read the theme.
        let changedExtensions = work.changedExtensions.isEmpty ? [] : work.changedExtensions.sorted()
        if handsOffToObservation {
            var summary = ObservedChanges()
            summary.style = styleEvent != nil
            summary.contrast = contrastEvent != nil
            for event in work.events {
                switch event {
                case .followsSystemChanged: summary.followsSystem = true
                case .followsSystemContrastChanged: summary.followsSystemContrast = true
                // Carried from a pass that deferred its notifications.
                case .styleChanged: summary.style = true
                case .contrastChanged: summary.contrast = true
                default: break
                }
            }
            summary.extensions = changedExtensions
            if rootChanged || work.carriesAppearanceChange {
                for id in snapshot.variants.indices
                where snapshot.variants[id] != nil && !summary.extensions.contains(id) {
                    summary.extensions.append(id)
                }
            }
            if summary.style || summary.contrast || summary.followsSystem || summary.followsSystemContrast
                || !summary.extensions.isEmpty
            {
                observationSink.withLock { $0.handler }?(summary)
            }
        }

        // 7. Bus, then NotificationCenter.
        if let styleEvent { events.append(styleEvent) }
        if let contrastEvent { events.append(contrastEvent) }
        for id in changedExtensions {
            events.append(.extensionChanged(_ExtensionRegistry.entry(id).extensionID))
        }
        if !events.isEmpty {
            self.events.post(events)
            let object = notificationObject.withLock { $0 }?.object
            for event in events {
                NotificationCenter.default.post(
                    name: .themeDidChange, object: object, userInfo: notificationPayloads.userInfo(for: event))
            }
        }
    }

    /// Leaves a pass's notifications to the next pass, which posts them before its own (see
    /// `PendingWork.defersNotifications`): its events first in the queue, its extensions marked changed
    /// for observers and Observation (not for bindings, which have run).
    private func carryNotifications(_ events: [ThemeEvent], extensions: Set<Int>, appearanceChanged: Bool) {
        lock.withLock {
            model.pending.events.insert(contentsOf: events, at: 0)
            model.pending.changedExtensions.formUnion(extensions)
            model.pending.carriesNotifications = true
            if appearanceChanged { model.pending.carriesAppearanceChange = true }
        }
    }

    /// Starts a pass (or a direct bind) over `snapshot`: a new epoch, and the recorder reading it.
    /// (Returns nothing: the caller reads `recorder`, which `self` keeps, so no reference is taken.)
    private func beginPass(snapshot: _ValueSnapshot?) {
        epoch &+= 1
        if epoch == 0 { epoch = 1 }
        if let snapshot, !recorder.reads(snapshot) { recorder.snapshot = snapshot }
    }

    /// Runs the bindings and objects named by direct work items.
    private func run(_ direct: [DirectWork]) {
        // A new binding's item runs all the object's new bindings at once (the items of
        // an object's bindings, made one after another, follow each other): one load of
        // the object.
        var newBindingsRan: Int32 = -1
        for item in direct {
            let slot = item.slot
            let changed: UInt64
            switch item {
            case .newBinding:
                if slot == newBindingsRan { continue }
                newBindingsRan = slot
                changed = 0
            case .changed(_, let bits):
                newBindingsRan = -1
                changed = bits
            case .refresh:
                newBindingsRan = -1
                changed = .max
            }
            let node = table.objects[Int(slot)].node
            recorder.isRefresh = changed == .max
            contexts.withContext(style: tree.style(of: node), contrast: tree.contrast(of: node)) { context in
                table.runObject(slot: slot, mask: changed, epoch: epoch, context: context)
            }
            recorder.isRefresh = false
        }
    }

    /// Adds a binding made by `source`.
    func bind(_ object: AnyObject, _ source: _BindingSource, node: ThemeNode?) {
        bind(object, node: node, add: { table, slot in table.addBinding(source, slot: slot) }, queued: { source })
    }

    /// Adds the closure binding of `path` that `add` adds, or `queued` makes: `bind(_:node:add:queued:)`,
    /// with the key path handed to the closures rather than captured by them (see `Theme._bind`).
    @usableFromInline
    func bind(
        _ object: AnyObject, path: AnyKeyPath, node: ThemeNode?, add: (_BindingTable, Int32, AnyKeyPath) -> Int32,
        queued: (AnyKeyPath) -> _BindingSource
    ) {
        bind(object, node: node, add: { table, slot in add(table, slot, path) }, queued: { queued(path) })
    }

    /// Adds a binding and runs its first value, delivering nothing else.
    ///
    /// When no delivery runs, no batch holds other work and no operation waits, the
    /// binding is added with `add` and run at once, without a pass: a screen binding its
    /// views one by one. Values changed but not yet delivered (under main-thread
    /// delivery, a change made on another thread) stay for the delivery that is
    /// scheduled for them; the new binding runs against what was last delivered, and
    /// that delivery re-runs it if it read what changed. Otherwise the binding is queued
    /// (`queued` makes it: the only allocation of a closure binding) after the waiting
    /// operations, keeping call order.
    ///
    /// A change the provider makes is delivered before this returns under synchronous
    /// delivery, and scheduled on the main queue under main-thread delivery.
    /// - Parameters:
    ///   - add: Adds the binding to the table for the object in a slot; returns its index.
    ///   - queued: Makes the binding as a value to queue.
    @usableFromInline
    func bind(
        _ object: AnyObject, node: ThemeNode?, add: (_BindingTable, Int32) -> Int32, queued: () -> _BindingSource
    ) {
        // Under main-thread delivery, a bind made elsewhere is queued for the main thread.
        let mayRunHere = delivery == .synchronous || MainQueue.isCurrent
        lock.lock()
        guard mayRunHere, !model.claim.isHeld, model.pending.operations.isEmpty else {
            model.pending.operations.append(.bind(object: object, source: queued(), node: node))
            unlock(releasingClaim: false, policy: .neverOthersWorkOnMain)
            return
        }
        if model.batchDepth > 0 {
            addInBatch(object, node: node, add: add)
            return
        }
        let workWaits = !model.pending.isEmpty
        // Work that waits for its delivery: the release takes the lock, to hand it on as before.
        _ = model.claim.claim(contended: workWaits)
        // The recorder reads the delivered values: take the current snapshot only when
        // nothing waits to be delivered, and then usually the recorder reads it already.
        let snapshot: _ValueSnapshot?
        if workWaits || model.snapshot.map({ self.recorder.reads($0) }) == true {
            snapshot = nil
        } else {
            snapshot = model.currentSnapshot()
        }
        // What the model let go of (the snapshot this one replaced) is released after the claim.
        let garbage = takeGarbage()
        lock.unlock()
        beginPass(snapshot: snapshot)
        let (slot, isNew) = table.slot(for: object, node: node?.id ?? 0)
        if let node, !isNew, table.objects[Int(slot)].node != node.id {
            // The object moves: its other bindings may have to re-run too.
            var direct = directScratch
            directScratch = []
            moveObject(slot: slot, to: node.id, direct: &direct)
            direct.append(.newBinding(slot: slot, index: add(table, slot)))
            run(direct)
            direct.removeAll(keepingCapacity: true)
            directScratch = direct
        } else {
            // The common case: one new binding to run, on an object the caller holds.
            let hadNewBindings = table.objects[Int(slot)].hasNewBindings
            let index = add(table, slot)
            let nodeID = table.objects[Int(slot)].node
            contexts.withContext(style: tree.style(of: nodeID), contrast: tree.contrast(of: nodeID)) { context in
                table.runBinding(
                    object, slot: slot, index: Int(index), epoch: epoch, context: context, othersAreNew: hadNewBindings)
            }
        }
        checkMemosIfEnabled(after: "a direct bind")
        releaseClaim(policy: .neverOthersWorkOnMain)
        withExtendedLifetime(garbage) {}
    }

    /// Adds a node under `parent`, with its overrides, and returns its id, delivering
    /// nothing: the engine's tree gets it at once when no delivery runs and no operation
    /// waits (a new node has no objects, so nothing needs to run), else — and under
    /// main-thread delivery off the main thread — the operations are queued in call order.
    func addNode(parent: Int32, overrideStyle: ThemeStyle? = nil, overrideContrast: ThemeContrast? = nil) -> Int32 {
        lock.lock()
        let id: Int32
        var intent = NodeIntent(parent: parent, isAlive: true)
        intent.overrideStyle = overrideStyle
        intent.overrideContrast = overrideContrast
        let overrides = overrideStyle != nil || overrideContrast != nil
        if let free = model.freeNodes.popLast() {
            id = free
            model.nodes[Int(free)] = intent
        } else {
            id = Int32(model.nodes.count)
            model.nodes.append(intent)
        }
        model.addChild(id, to: parent)
        // Under main-thread delivery, only the main thread changes the engine's tree (as `bind`
        // binds): the nodes made elsewhere reach it in call order with the queued binds.
        let mayRunHere = delivery == .synchronous || MainQueue.isCurrent
        // Whether the engine is held, decided by marking it contended: a short claim's holder
        // releases it without the lock, so a claim seen held here could be free at this section's
        // hand-off, which would then make this thread deliver (and run others' providers). A held
        // claim marked contended is released under the lock, with this section's operation handed on.
        guard mayRunHere, model.batchDepth == 0, model.pending.operations.isEmpty, !model.claim.markContendedIfHeld()
        else {
            model.pending.operations.append(.addNode(id, parent: parent))
            if overrides {
                model.pending.operations.append(.setOverrides(id, style: overrideStyle, contrast: overrideContrast))
            }
            unlock(releasingClaim: false, policy: .neverOthersWorkOnMain)
            return id
        }
        // Under the lock, not the claim (see `withEngineLocked(_:)`): it runs no user code and
        // takes a moment, so a change another thread makes meanwhile waits for it and is
        // delivered by that thread, never left to this one.
        tree.add(id, parent: parent)
        table.ensureNode(id)
        if overrides {
            // The node has no objects yet: resolving it is all there is to do.
            tree.setOverrides(id, style: overrideStyle, contrast: overrideContrast)
            var changes: [ChangedNode] = []
            tree.reresolve(roots: [id], themeStyle: deliveredStyle, themeContrast: deliveredContrast, into: &changes)
        }
        lock.unlock()
        return id
    }

    /// Adds a binding inside a batch (the caller holds the lock, and nothing is queued
    /// or delivering): straight into the table, to run when the batch ends, instead of
    /// queued as an operation that the pass would copy out and apply. Nothing queued
    /// means nothing made earlier in call order is still waiting, so the order in which
    /// the pass sees the work — these bindings first, then the queue — is call order.
    @inline(never)
    private func addInBatch(_ object: AnyObject, node: ThemeNode?, add: (_BindingTable, Int32) -> Int32) {
        _ = model.claim.claim()
        model.pending.hasBatchedBindings = true
        lock.unlock()
        applyBind(object, node: node, add: add, direct: &batchedDirect)
        // The batch is open until this thread ends it, so the release has nothing to hand on
        // unless another section ran meanwhile (then it takes the lock).
        releaseClaim(policy: .deliverWhereAllowed)
    }

    private func apply(
        _ operation: consuming EngineOperation, direct: inout [DirectWork],
        dirtyNodes: inout [Int32]
    ) {
        switch consume operation {
        case .bind(let object, let source, let node):
            applyBind(object, node: node, add: { table, slot in table.addBinding(source, slot: slot) }, direct: &direct)
        case .unbind(let object, let keyPath):
            if let slot = table.existingSlot(for: object) { table.removeBinding(keyPath: keyPath, slot: slot) }
        case .unbindAll(let object):
            if let slot = table.existingSlot(for: object) { table.removeAll(slot: slot) }
        case .refresh(let object):
            if let slot = table.existingSlot(for: object) { direct.append(.refresh(slot: slot)) }
        case .attach(let object, let node):
            if let slot = table.existingSlot(for: object) { moveObject(slot: slot, to: node.id, direct: &direct) }
        case .addNode(let node, let parent):
            tree.add(node, parent: parent)
            table.ensureNode(node)
        case .removeNode(let node):
            let parent = tree.nodes[Int(node)].parent
            let style = tree.style(of: node)
            let contrast = tree.contrast(of: node)
            dirtyNodes.append(contentsOf: tree.remove(node))
            let moved = table.moveAll(from: node, to: parent)
            let mask = appearanceDifference(style, contrast, tree.style(of: parent), tree.contrast(of: parent))
            if mask != 0 { for slot in moved { direct.append(.changed(slot: slot, changed: mask)) } }
            lock.withLock { model.freeNodes.append(node) }
        case .moveNode(let node, let parent):
            tree.move(node, to: parent)
            dirtyNodes.append(node)
        case .setOverrides(let node, let style, let contrast):
            tree.setOverrides(node, style: style, contrast: contrast)
            dirtyNodes.append(node)
        case .prune:
            table.sweep()
        }
    }

    /// Tracks `object` (moving it to `node` if given) and adds the binding of `source`.
    private func applyBind(
        _ object: AnyObject, node: ThemeNode?, add: (_BindingTable, Int32) -> Int32,
        direct: inout [DirectWork]
    ) {
        let nodeID = node.map { $0.id }
        let (slot, isNew) = table.slot(for: object, node: nodeID ?? 0)
        if let nodeID, !isNew { moveObject(slot: slot, to: nodeID, direct: &direct) }
        let index = add(table, slot)
        direct.append(.newBinding(slot: slot, index: index))
    }

    private func moveObject(slot: Int32, to node: Int32, direct: inout [DirectWork]) {
        let old = table.objects[Int(slot)].node
        guard old != node else { return }
        table.move(slot: slot, to: node)
        let mask = appearanceDifference(
            tree.style(of: old), tree.contrast(of: old), tree.style(of: node), tree.contrast(of: node))
        if mask != 0 { direct.append(.changed(slot: slot, changed: mask)) }
    }

    private func appearanceDifference(
        _ style: ThemeStyle, _ contrast: ThemeContrast, _ otherStyle: ThemeStyle, _ otherContrast: ThemeContrast
    ) -> UInt64 {
        (style != otherStyle ? _DependencyBits.style : 0) | (contrast != otherContrast ? _DependencyBits.contrast : 0)
    }

    // MARK: Observers

    private func notify(_ entry: ObservedGroup, snapshot: _ValueSnapshot, scope: DeliveryScope) {
        let box = snapshot.rootBox(id: entry.id)
        if let baseline = entry.group.baseline, baseline.isEqual(to: box) { return }
        // The old baseline is released after the lock: its deinit is the user's value's.
        let old = lock.withLock { () -> _AnyExtensionBox? in
            let old = model.observers[entry.id]?.baseline
            model.observers[entry.id]?.baseline = box
            return old
        }
        // Kept until here, after the lock: the optimiser may otherwise end its lifetime early.
        withExtendedLifetime(old) {}
        SubscriberList.forEach(in: entry.group.observers.handlers, scope: scope) { observer in observer.call(box) }
    }
}
