import Foundation

/// What a `bind` call adds: a closure binding (whose provider the table adds to the
/// runner of its key path), a work of its own (a `customize` closure), or a themed
/// property, whose work for this theme the table keeps.
@usableFromInline
enum _BindingSource {
    case pending(_PendingBinding)
    case work(_BindingWork)
    case property(_SharedPropertyTemplate)
}

/// Work handed from mutating threads to the delivering thread.
enum EngineOperation {
    case bind(object: AnyObject, source: _BindingSource, node: ThemeNode?)
    case unbind(object: AnyObject, keyPath: AnyKeyPath)
    case unbindAll(object: AnyObject)
    case refresh(object: AnyObject)
    case attach(object: AnyObject, node: ThemeNode)
    case addNode(Int32, parent: Int32)
    case removeNode(Int32)
    case moveNode(Int32, parent: Int32)
    case setOverrides(Int32, style: ThemeStyle?, contrast: ThemeContrast?)
    case prune
}

/// The settings to write to storage at the next pass: the values the user chose, taken when
/// they were chosen (what shows later in the same pass may come from the system instead), each
/// written on its own (a setting that could not be read at launch is not written for another's
/// change).
struct ChosenSettings {
    var style: ThemeStyle?
    var contrast: ThemeContrast?
    var followsSystem: Bool?
    var followsSystemContrast: Bool?

    var isEmpty: Bool { style == nil && contrast == nil && followsSystem == nil && followsSystemContrast == nil }

    /// These settings, with `newer`'s where it has them.
    func overlaid(by newer: ChosenSettings) -> ChosenSettings {
        ChosenSettings(
            style: newer.style ?? style, contrast: newer.contrast ?? contrast,
            followsSystem: newer.followsSystem ?? followsSystem,
            followsSystemContrast: newer.followsSystemContrast ?? followsSystemContrast)
    }
}

/// See `ThemeModel.pendingMark`.
struct PendingMark: Equatable {
    var revision: UInt64
    var operations: Int
}

/// Changes accumulated since the last pass.
struct PendingWork {
    /// Style/contrast bits (a change at the root) and extension bits.
    var changed: UInt64 = 0
    /// The exact ids of the extension types that changed.
    var changedExtensions: Set<Int> = []
    var operations: OperationQueue
    /// Bindings were added inside a batch: the engine's `batchedDirect` holds their work.
    var hasBatchedBindings = false
    var persistence = ChosenSettings()
    /// Extension ids whose active variant must be persisted.
    var persistedVariants: Set<Int> = []
    /// Events that are not derived from value changes.
    var events: [ThemeEvent] = []
    /// Some of this work was queued, while a delivery ran, by the delivering thread: by its
    /// own callbacks (or the `deinit`s they caused). A pass of such work alone is re-triggered,
    /// what counts towards a refresh loop (`_ThemeCore.loopPasses`).
    var queuedByDeliverer = false
    /// Some of this work was queued by other threads while a delivery ran. A pass with any
    /// such work is not part of a refresh loop, however much of its own it has too.
    var queuedByOthers = false

    /// The pass of this work runs its bindings but leaves its notifications (observers,
    /// Observation, the bus, NotificationCenter) to the next main-queue delivery: set by a change
    /// made inside a SwiftUI view update (`Theme.systemAppearanceDidChange(style:contrast:notifyingLater:)`),
    /// where user code must not publish. Only under main-thread delivery.
    var defersNotifications = false
    /// Notifications a deferring pass left (`events` holds its events, `changedExtensions` its
    /// extensions): the next pass posts them, before its own, and runs no binding for them.
    var carriesNotifications = false
    /// The notifications carried include a change of the root's style or contrast (Observation
    /// then reports the extensions that have variants too).
    var carriesAppearanceChange = false

    /// The work is the delivering thread's callbacks' alone: a pass of it is re-triggered.
    var isRetriggeredAlone: Bool { queuedByDeliverer && !queuedByOthers }

    init(operations: OperationQueue = OperationQueue()) { self.operations = operations }

    var isEmpty: Bool {
        changed == 0 && !hasBatchedBindings && operations.isEmpty && persistence.isEmpty && persistedVariants.isEmpty
            && events.isEmpty && !carriesNotifications
    }
}

/// The intent of a node, as the node's own accessors report it.
struct NodeIntent {
    var parent: Int32
    var overrideStyle: ThemeStyle?
    var overrideContrast: ThemeContrast?
    var isAlive: Bool
    var children: [Int32] = []
    /// This node's position in its parent's `children`, for O(1) removal.
    var indexInParent = -1
}

/// Observers of one extension type and the value they last saw.
struct ObserverGroup {
    var baseline: _AnyExtensionBox?
    var observers = SubscriberList(placeholder: ObserverHandler.placeholder)
}

/// An observer's closure (a class, see `SubscriberList`).
final class ObserverHandler: Sendable {
    let call: @Sendable (_AnyExtensionBox) -> Void
    init(call: @escaping @Sendable (_AnyExtensionBox) -> Void) { self.call = call }

    /// What the holes of every observer list hold: a handler that does nothing.
    static let placeholder = ObserverHandler(call: { _ in })
}

/// The state every thread may read and change, under the core's lock.
struct ThemeModel {
    var style: ThemeStyle = .light
    var contrast: ThemeContrast = .standard
    var followsSystem = true
    var followsSystemContrast = true
    var systemStyle: ThemeStyle?
    var systemContrast: ThemeContrast?
    var values: ContiguousArray<_AnyExtensionBox?> = []
    var variants: ContiguousArray<_AnyVariantBox?> = []
    /// Counts changes of `values` and `variants` (not of style or contrast).
    var valuesVersion: UInt64 = 0
    var registeredVariants: [Int: [String: _AnyVariantBox]] = [:]
    /// Variant ids read from storage, by extension type name, not yet restored: a type's entry
    /// goes when it is restored, or when a variant of the type is chosen or cleared first.
    var restorableVariants: [String: String] = [:]
    /// The extension types with a persisted variant, as this theme knows them: the index read at
    /// launch, changed by every variant persisted since. Written as the index when the stored one
    /// is found corrupt.
    var variantIndex: Set<String> = []
    /// Whether `variantIndex` began as all of the stored index (see `RestoredState`).
    var variantIndexIsComplete = true
    var snapshot: _ValueSnapshot? {
        willSet { if let snapshot, snapshot !== newValue { garbage.append(snapshot) } }
    }
    /// Objects the model let go of, released by `_ThemeCore.mutate` after the lock:
    /// their deinit (or their captures') may be user code that uses the theme.
    var garbage: [AnyObject] = []
    var nodes: [NodeIntent] = [NodeIntent(parent: -1, isAlive: true)]
    var freeNodes: [Int32] = []
    var pending = PendingWork() { didSet { pendingRevision &+= 1 } }
    /// Counts writes to `pending`'s values (its operation queue is a reference: see `pendingMark`).
    private var pendingRevision: UInt64 = 0

    /// What changes when a mutation queues work: a write to `pending`, or an operation appended to
    /// its queue (a reference type, whose appends do not write `pending`; within a mutation the queue
    /// only grows). A mutation that leaves it equal queued nothing of its own (see
    /// `_ThemeCore.mutate(policy:_:)`).
    var pendingMark: PendingMark { PendingMark(revision: pendingRevision, operations: pending.operations.count) }
    /// A drained queue for the next `takePending` (`nil` while no pass has returned one).
    var spareOperations: OperationQueue? = OperationQueue()
    /// Who holds the engine and who delivers (see `EngineClaim`).
    var claim = EngineClaim()
    /// The thread running `_ThemeCore.deliver()`, while one does: work it queues is its
    /// own callbacks' (`PendingWork.queuedByDeliverer`).
    var deliveringThread: pthread_t?
    var batchDepth = 0
    var observers: [Int: ObserverGroup] = [:]
    /// The observer notifications under way (see `DeliveryScopes`).
    var observerScopes = DeliveryScopes()
    /// The root appearance the last pass delivered (to tell observers of variants).
    var lastDeliveredStyle: ThemeStyle = .light
    var lastDeliveredContrast: ThemeContrast = .standard
    /// Whether a getter that Observation tracks has read the theme. Before any such
    /// read, nothing can be tracking it, and passes skip the Observation hand-off.
    /// (Set under the lock before the getter reads: a read that a pass's change could
    /// make stale took the lock before that change did, so the pass sees the flag.)
    var hasObservedReads = false

    /// Appends `child` to `parent`'s children. O(1).
    mutating func addChild(_ child: Int32, to parent: Int32) {
        nodes[Int(child)].parent = parent
        nodes[Int(child)].indexInParent = nodes[Int(parent)].children.count
        nodes[Int(parent)].children.append(child)
    }

    /// Removes `child` from `parent`'s children by swapping in the last one. O(1).
    mutating func removeChild(_ child: Int32, from parent: Int32) {
        let index = nodes[Int(child)].indexInParent
        guard parent >= 0, index >= 0, index < nodes[Int(parent)].children.count,
            nodes[Int(parent)].children[index] == child
        else { return }
        let last = nodes[Int(parent)].children.removeLast()
        if last != child {
            nodes[Int(parent)].children[index] = last
            nodes[Int(last)].indexInParent = index
        }
        nodes[Int(child)].indexInParent = -1
    }

    /// The snapshot of the current values, built once per change.
    mutating func currentSnapshot() -> _ValueSnapshot {
        if let snapshot { return snapshot }
        let snapshot = _ValueSnapshot(
            values: values, variants: variants, valuesVersion: valuesVersion, style: style, contrast: contrast)
        self.snapshot = snapshot
        return snapshot
    }

    mutating func setValue(_ box: _AnyExtensionBox?, id: Int) {
        while values.count <= id { values.append(nil) }
        if let old = values[id] { garbage.append(old) }
        values[id] = box
        valuesVersion &+= 1
        snapshot = nil
    }

    mutating func setVariant(_ box: _AnyVariantBox?, id: Int) {
        while variants.count <= id { variants.append(nil) }
        if let old = variants[id] { garbage.append(old) }
        variants[id] = box
        valuesVersion &+= 1
        snapshot = nil
    }

    /// Makes `box` the registered variant of its id for extension `id`; a box it replaces
    /// leaves the lock on the garbage list (its deinit is the user's variant's).
    mutating func registerVariant(_ box: _AnyVariantBox, id: Int) {
        if let old = registeredVariants[id, default: [:]].updateValue(box, forKey: box.variantID) {
            garbage.append(old)
        }
    }

    func variant(id: Int) -> _AnyVariantBox? { id < variants.count ? variants[id] : nil }

    /// Notes that the variant of extension `id` was chosen or cleared: persisted by the next
    /// pass, and what was read from storage at launch is no longer restored for it.
    mutating func choseVariant(forExtension id: Int) {
        guard let name = _ExtensionRegistry.entry(id).persistenceName else { return }
        pending.persistedVariants.insert(id)
        restorableVariants[name] = nil
    }

    /// Whether clearing the variant of extension `id` may change what is stored: a variant is
    /// active, or one is stored (restorable, or in the index as this theme knows it), or may be
    /// (the index could not be read at launch).
    func hasVariantToClear(forExtension id: Int) -> Bool {
        if variant(id: id) != nil { return true }
        guard let name = _ExtensionRegistry.entry(id).persistenceName else { return false }
        return restorableVariants[name] != nil || variantIndex.contains(name) || !variantIndexIsComplete
    }

    mutating func markExtensionChanged(_ id: Int) {
        pending.changed |= _DependencyBits.bit(forExtension: id)
        pending.changedExtensions.insert(id)
    }

    /// Changes the style; `persist` when it is the user's choice. A style that comes from the
    /// system is never stored: it would overwrite the user's choice when the theme follows the
    /// system only because its stored setting could not be read, or in another process sharing
    /// the storage (an app extension) whose in-memory settings are out of date.
    mutating func setStyle(_ newValue: ThemeStyle, persist: Bool = true) {
        guard newValue != style else { return }
        style = newValue
        snapshot = nil
        pending.changed |= _DependencyBits.style
        if persist { pending.persistence.style = newValue }
    }

    /// Changes the contrast; `persist` when it is the user's choice (see `setStyle`).
    mutating func setContrast(_ newValue: ThemeContrast, persist: Bool = true) {
        guard newValue != contrast else { return }
        contrast = newValue
        snapshot = nil
        pending.changed |= _DependencyBits.contrast
        if persist { pending.persistence.contrast = newValue }
    }

    /// Turns following the system's style on (the last reported system style shows, not stored)
    /// or off (the style showing becomes the user's choice, and is stored).
    mutating func setFollowsSystem(_ newValue: Bool) {
        guard newValue != followsSystem else { return }
        followsSystem = newValue
        pending.persistence.followsSystem = newValue
        pending.events.append(.followsSystemChanged(newValue))
        if newValue {
            if let systemStyle { setStyle(systemStyle, persist: false) }
        } else {
            pending.persistence.style = style
        }
    }

    /// Turns following the system's contrast on or off, like `setFollowsSystem(_:)`.
    mutating func setFollowsSystemContrast(_ newValue: Bool) {
        guard newValue != followsSystemContrast else { return }
        followsSystemContrast = newValue
        pending.persistence.followsSystemContrast = newValue
        pending.events.append(.followsSystemContrastChanged(newValue))
        if newValue {
            if let systemContrast { setContrast(systemContrast, persist: false) }
        } else {
            pending.persistence.contrast = contrast
        }
    }

    /// Takes the pending work, leaving an empty queue that reuses an old buffer.
    mutating func takePending() -> PendingWork {
        var work = PendingWork(operations: spareOperations ?? OperationQueue())
        spareOperations = nil
        swap(&work, &pending)
        return work
    }

    /// Returns a drained operations queue for reuse. A buffer grown by a large batch
    /// is freed first, so a one-off batch of a million bindings does not keep tens of
    /// megabytes of queue alive.
    mutating func recycle(_ operations: OperationQueue) {
        operations.removeAll()
        operations.shrink(toAtMost: Self.retainedOperationCapacity)
        spareOperations = operations
    }

    /// The largest operations buffer kept for reuse between passes.
    static let retainedOperationCapacity = 1024
}
