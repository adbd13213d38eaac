import Foundation

/// The implementation behind ``Theme``: a lock-protected model that any thread may
/// change, and an engine (binding table, node tree) that only the delivering thread
/// touches.
///
/// A mutation updates the model under the lock and queues its consequences. The
/// first thread to find work and nobody delivering becomes the deliverer: it takes
/// the queue, releases the lock, and runs passes until the queue is empty. User
/// code runs only in those passes, never under the lock. Changes made by user code
/// during a pass — or by other threads meanwhile — are queued and delivered by the
/// same deliverer in the next pass, so passes never overlap and never deadlock.
// (`table`, `tree`, `recorder`, `epoch`, the delivered* fields, the scratch buffers, `notificationPayloads` and
// `batchedDirect` belong to the thread that set `model.isDelivering`, claimed and released
// under `lock`: a pass's deliverer, a `bind` inside a batch for the moment it takes, or
// the thread whose batch claimed the engine (`batchClaim`) until that batch ends.)
// Sound: `model` is only touched under `lock`, the engine only by the one thread holding `isDelivering`.
final class ThemeCore: @unchecked Sendable {
    // Exclusivity is not checked at run time on these fields: `model` is only accessed
    // under `lock`, and no user code runs while the lock is held; the engine fields are
    // only accessed by the delivering thread, outside any user callback.
    let lock = PlatformLock()
    @exclusivity(unchecked) var model = ThemeModel()

    let table = BindingTable()
    let tree: NodeTree
    @exclusivity(unchecked) var epoch: UInt32 = 0
    @exclusivity(unchecked) var deliveredStyle: ThemeStyle
    @exclusivity(unchecked) var deliveredContrast: ThemeContrast
    /// Made with the first snapshot; each pass points it at the current one.
    let recorder: DependencyRecorder
    @exclusivity(unchecked) var changedNodes: [ChangedNode] = []
    @exclusivity(unchecked) var directScratch: [(slot: Int32, index: Int32, mask: UInt64)] = []
    @exclusivity(unchecked) var dirtyScratch: [Int32] = []
    /// The `userInfo` of recent notifications, to post again.
    @exclusivity(unchecked) var notificationPayloads = NotificationPayloads()
    /// Which thread's batch holds the engine, if any (see `beginBatch`).
    let batchClaim = BatchClaim()
    /// Direct work for bindings added inside a batch, run by the pass that ends it.
    @exclusivity(unchecked) var batchedDirect: [(slot: Int32, index: Int32, mask: UInt64)] = []

    let storage: any ThemeStorage
    let keyPrefix: String
    let settingKeys: SettingKeys
    let events = ThemeEventBus()
    /// Called after each pass with what changed, to notify Observation.
    let observationSink = Locked(ObservationSink())
    /// The facade, posted as the `object` of notifications.
    let notificationObject = Locked<WeakObject?>(nil)

    /// Passes one delivery may run before it stops re-triggering callbacks.
    static let maximumPasses = 100

    init(storage: any ThemeStorage, namespace: String) {
        self.storage = storage
        keyPrefix = "ThemeKit.\(namespace)."
        settingKeys = SettingKeys(prefix: keyPrefix)
        let restored = Self.restore(from: storage, prefix: keyPrefix)
        model.style = restored.style ?? .light
        model.contrast = restored.contrast ?? .standard
        model.followsSystem = restored.followsSystem ?? true
        model.followsSystemContrast = restored.followsSystemContrast ?? true
        model.restorableVariants = restored.variants
        storageIssues = restored.issues
        deliveredStyle = model.style
        deliveredContrast = model.contrast
        model.lastDeliveredStyle = model.style
        model.lastDeliveredContrast = model.contrast
        tree = NodeTree(style: model.style, contrast: model.contrast)
        recorder = DependencyRecorder(snapshot: model.currentSnapshot())
    }

    deinit {
        // Bindings still queued (a theme let go of inside its own batch) own their providers.
        model.pending.operations.forEach { operation in
            if case .bind(_, let source, _) = operation { source.discard() }
        }
    }

    /// Problems met while reading storage at start-up.
    let storageIssues: [ThemeStorageError]

    // MARK: Mutation

    /// Changes the model under the lock, then delivers if this thread may.
    @inline(__always)
    func mutate<Result>(_ body: (inout ThemeModel) -> Result) -> Result {
        lock.lock()
        let result = body(&model)
        unlockAfterMutation()
        return result
    }

    /// Ends a change made under the lock (which the caller holds): releases what the
    /// model let go of and delivers, outside the lock, if this thread may.
    @inline(__always)
    func unlockAfterMutation() {
        var garbage: [AnyObject] = []
        if !model.garbage.isEmpty { swap(&garbage, &model.garbage) }
        // Binds made after this, by the batch that holds the engine, queue behind it.
        if !model.pending.operations.isEmpty, batchClaim.isHeld { batchClaim.noteQueued() }
        let shouldDeliver = model.claimDelivery()
        lock.unlock()
        garbage.removeAll()
        if shouldDeliver { deliver() }
    }

    /// Reads the model under the lock.
    @inline(__always)
    func read<Result>(_ body: (ThemeModel) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(model)
    }

    /// Reads the model under the lock for a getter that Observation tracks, noting that
    /// such a read happened (until then, passes skip the Observation hand-off).
    @inline(__always)
    func readObserved<Result>(_ body: (ThemeModel) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        model.hasObservedReads = true
        return body(model)
    }

    /// The current values, without delivering anything; `observed`: for a getter that
    /// Observation tracks (see `readObserved`).
    func snapshot(observed: Bool = false) -> ValueSnapshot {
        lock.lock()
        defer { lock.unlock() }
        if observed { model.hasObservedReads = true }
        return model.currentSnapshot()
    }

    /// Opens a batch. The thread that opens one while nothing is queued or delivering
    /// (the outermost batch of a quiet theme, usually) claims the engine until its own
    /// outermost batch ends: its binds then go straight into the binding table without
    /// the lock (`bind`). Anything another thread does meanwhile is queued, and so is
    /// every bind after an operation queued during the batch, to keep call order.
    func beginBatch() {
        lock.lock()
        model.batchDepth += 1
        if batchClaim.isHeld {
            if batchClaim.isHeldByCurrentThread { model.claimNesting += 1 }
        } else if BatchClaim.isSupported, !model.isDelivering, model.pending.isEmpty {
            model.isDelivering = true
            model.claimNesting = 1
            batchClaim.take()
        }
        lock.unlock()
    }

    /// Closes a batch; the claiming thread's outermost one gives the engine back, and
    /// the last one to close delivers.
    func endBatch() {
        lock.lock()
        model.batchDepth -= 1
        if batchClaim.isHeldByCurrentThread {
            model.claimNesting -= 1
            if model.claimNesting == 0 {
                // The claim is this thread's, so it may read the engine's buffer.
                if !batchedDirect.isEmpty { model.pending.hasBatchedBindings = true }
                batchClaim.release()
                model.isDelivering = false
            }
        }
        unlockAfterMutation()
    }

    // MARK: Delivery

    /// Runs passes until the queue is empty. Must be called after claiming delivery.
    func deliver() {
        var passes = 0
        while true {
            lock.lock()
            if model.pending.isEmpty || model.batchDepth > 0 {
                model.isDelivering = false
                lock.unlock()
                return
            }
            var work = model.takePending()
            let snapshot = model.currentSnapshot()
            var garbage: [AnyObject] = []
            swap(&garbage, &model.garbage)
            let persisted = persistenceValues(for: work)
            let observed = observerGroups(for: work, snapshot: snapshot)
            let handsOffToObservation = model.hasObservedReads
            lock.unlock()
            garbage.removeAll()

            passes += 1
            let runsCallbacks = passes <= Self.maximumPasses
            if passes == Self.maximumPasses + 1 {
                work.events.append(.refreshLoopStopped(passes: Self.maximumPasses))
            }
            performPass(
                &work, snapshot: snapshot, persisted: persisted, observed: observed,
                handsOffToObservation: handsOffToObservation, runsCallbacks: runsCallbacks)
            // Release the operations' objects and nodes before taking the lock: their
            // deinit may use the theme.
            work.operations.removeAll()
            lock.withLock { model.recycle(work.operations) }
        }
    }

    /// Runs `body` with exclusive access to the engine, delivering pending work first.
    /// Returns `nil` when called from inside a delivery (the engine is busy).
    func withEngine<Result>(_ body: () -> Result) -> Result? {
        lock.lock()
        if model.isDelivering {
            // Inside its own batch, the thread that holds the engine may use it.
            let isOwnBatch = batchClaim.isHeldByCurrentThread
            lock.unlock()
            return isOwnBatch ? body() : nil
        }
        model.isDelivering = true
        lock.unlock()
        let result = body()
        deliver()
        return result
    }
}

/// A weak reference that can cross threads.
// Sound: `weak` loads and stores are atomic in the Swift runtime, and the field is never reassigned.
final class WeakObject: @unchecked Sendable {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// The Observation bridge's callback.
///
/// A struct around the closure, not the closure itself, as a `Locked` value: a
/// generic container stores a function value in its most general representation, so
/// every `withLock` on a bare closure (an in-out access) converts it there and back,
/// and the two conversions wrap it in two more thunks each time — a theme changed
/// 20,000 times called its sink through 40,000 of them. A function-typed field of a
/// struct keeps its own representation.
struct ObservationSink {
    var handler: (@Sendable (ObservedChanges) -> Void)?
}

/// What one pass changed, for the Observation bridge.
struct ObservedChanges: Sendable {
    var style = false
    var contrast = false
    var extensions: [Int] = []
}
