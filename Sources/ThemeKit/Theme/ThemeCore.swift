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
///
/// Under main-thread delivery only the main thread delivers: a change made elsewhere
/// is stored and queued, and one delivery is scheduled on the main queue, which takes
/// everything queued by the time it runs.
// (`table`, `tree`, `recorder`, `epoch`, the delivered* fields, the scratch buffers, `notificationPayloads` and
// `batchedDirect` belong to the thread that holds the engine's claim (`EngineClaim`), claimed and
// released under `lock`: a pass's deliverer, or a direct `bind` for the moment it takes.)
@usableFromInline
// Sound: `model` is only touched under `lock`, the engine only by the one thread holding the claim.
final class _ThemeCore: @unchecked Sendable {
    // Exclusivity is not checked at run time on these fields: `model` is only accessed
    // under `lock`, and no user code runs while the lock is held; the engine fields are
    // only accessed by the delivering thread, outside any user callback.
    let lock = PlatformLock()
    @exclusivity(unchecked) var model = ThemeModel()
    /// The claim's word (`EngineClaim.state`), for a holder's release without the lock.
    let claimState: AtomicWord

    let table = _BindingTable()
    let tree: NodeTree
    @exclusivity(unchecked) var epoch: UInt32 = 0
    @exclusivity(unchecked) var deliveredStyle: ThemeStyle
    @exclusivity(unchecked) var deliveredContrast: ThemeContrast
    /// Made with the first snapshot; each pass points it at the current one.
    let recorder: _DependencyRecorder
    /// The recorder's contexts, lent to runs (see `_ContextCache`).
    let contexts: _ContextCache
    @exclusivity(unchecked) var changedNodes: [ChangedNode] = []
    @exclusivity(unchecked) var directScratch: [DirectWork] = []
    @exclusivity(unchecked) var dirtyScratch: [Int32] = []
    /// The `userInfo` of recent notifications, to post again.
    @exclusivity(unchecked) var notificationPayloads = NotificationPayloads()
    /// Direct work for bindings added inside a batch, run by the pass that ends it.
    @exclusivity(unchecked) var batchedDirect: [DirectWork] = []
    /// The settings and variants whose write failed, written again (under what the user chose
    /// since) by the next pass that writes anything: once storage works again, it holds what the
    /// user chose last. Engine state: only the delivering thread touches it.
    @exclusivity(unchecked) var unsaved = PersistedValues()
    /// What storage held under each key of `unsaved` when its write failed (the inner `nil`:
    /// nothing); a key with no entry is not written again. Engine state, like `unsaved`.
    @exclusivity(unchecked) var unsavedBaselines: [String: Data?] = [:]
    /// The variant index as this theme last read it at a write (`nil` until then), so that one
    /// that cannot be read later is written with what other processes had added. Engine state.
    @exclusivity(unchecked) var lastReadVariantIndex: Set<String>?

    let storage: any ThemeStorage
    /// Where callbacks run (see ``Theme/Delivery``).
    let delivery: Theme.Delivery
    let keyPrefix: String
    let settingKeys: SettingKeys
    let events = ThemeEventBus()
    /// Called after each pass with what changed, to notify Observation.
    let observationSink = Locked(ObservationSink())
    /// The facade, posted as the `object` of notifications.
    let notificationObject = Locked<WeakObject?>(nil)

    /// Passes re-triggered by the delivering thread's own callbacks alone, since the last pass
    /// without any work of theirs (see `PendingWork.queuedByDeliverer`); engine state, so it
    /// carries over when a delivery hands its work on.
    @exclusivity(unchecked) var loopPasses = 0

    /// How many passes a delivery runs before it stops a refresh loop, or leaves other
    /// threads' work to the next main-queue delivery.
    let limits: DeliveryLimits

    init(storage: any ThemeStorage, namespace: String, delivery: Theme.Delivery, limits: DeliveryLimits = .standard) {
        self.storage = storage
        self.delivery = delivery
        self.limits = limits
        claimState = model.claim.state
        keyPrefix = "ThemeKit.\(namespace)."
        settingKeys = SettingKeys(prefix: keyPrefix)
        let restored = Self.restore(from: storage, prefix: keyPrefix)
        model.style = restored.style ?? .light
        model.contrast = restored.contrast ?? .standard
        model.followsSystem = restored.followsSystem ?? true
        model.followsSystemContrast = restored.followsSystemContrast ?? true
        model.restorableVariants = restored.variants
        model.variantIndex = restored.variantIndex
        model.variantIndexIsComplete = restored.variantIndexIsComplete
        storageIssues = restored.issues
        deliveredStyle = model.style
        deliveredContrast = model.contrast
        model.lastDeliveredStyle = model.style
        model.lastDeliveredContrast = model.contrast
        tree = NodeTree(style: model.style, contrast: model.contrast)
        recorder = _DependencyRecorder(snapshot: model.currentSnapshot())
        contexts = _ContextCache(recorder: recorder)
    }

    /// Problems met while reading storage at start-up.
    let storageIssues: [ThemeStorageError]

    // MARK: Mutation

    /// Changes the model under the lock, then delivers if this thread may.
    ///
    /// - Parameter policy: Who may deliver what is pending (see `EngineClaim.Policy`). By default a
    ///   change that queued work of its own delivers where the theme's delivery allows, and one that
    ///   queued nothing (a value set to what it was, a variant registered again, a flush) delivers
    ///   none of others' work on the main thread under main-thread delivery: that waits for its own
    ///   main-queue delivery, so a call that changes nothing never runs providers where it is made
    ///   (inside a SwiftUI update, say).
    @inline(__always)
    func mutate<Result>(policy: EngineClaim.Policy? = nil, _ body: (inout ThemeModel) -> Result) -> Result {
        lock.lock()
        let mark = model.pendingMark
        let result = body(&model)
        let queuedWork = model.pendingMark != mark
        unlock(releasingClaim: false, policy: policy ?? (queuedWork ? .deliverWhereAllowed : .neverOthersWorkOnMain))
        return result
    }

    /// Ends a change made under the lock (which the caller holds): releases what the
    /// model let go of and delivers, outside the lock, if this thread may.
    @inline(__always)
    func unlockAfterMutation() { unlock(releasingClaim: false, policy: .deliverWhereAllowed) }

    /// Ends a section under the lock (which the caller holds): takes the garbage, lets the
    /// claim decide who delivers what is pending (releasing this thread's claim first when
    /// `releasingClaim`), unlocks, releases the garbage (its deinit may be the user's and
    /// use the theme) and carries the decision out.
    @inline(__always)
    func unlock(releasingClaim: Bool, policy: EngineClaim.Policy) {
        let garbage = takeGarbage()
        let hasPendingWork = !model.pending.isEmpty
        // While a delivery runs, who queued the pending work: its own callbacks, or other threads.
        if hasPendingWork, let deliverer = model.deliveringThread {
            if pthread_equal(deliverer, pthread_self()) != 0 {
                model.pending.queuedByDeliverer = true
            } else {
                model.pending.queuedByOthers = true
            }
        }
        let handoff = model.claim.handOff(
            releasing: releasingClaim, hasPendingWork: hasPendingWork, batchIsOpen: model.batchDepth > 0,
            delivery: delivery, policy: policy, isOnMain: { MainQueue.isCurrent })
        // The garbage must outlive the unlock: without `withExtendedLifetime` the optimiser
        // may end its lifetime (and run its deinits) before `unlock`, under the lock — a
        // deadlock only release builds showed.
        withExtendedLifetime(garbage) { lock.unlock() }
        perform(handoff)
    }

    /// Gives back a short claim (a direct `bind`):
    /// without the lock when no section under it ran meanwhile (see `EngineClaim`), else
    /// under it, handing on what is pending as any section does. By the holder.
    @inline(__always)
    func releaseClaim(policy: EngineClaim.Policy) {
        if EngineClaim.releaseIfUncontended(claimState) { return }
        lock.lock()
        unlock(releasingClaim: true, policy: policy)
    }

    /// Takes the model's garbage out under the lock (which the caller holds), for a
    /// section that ends with a plain unlock: the caller releases it after unlocking.
    @inline(__always)
    func takeGarbage() -> [AnyObject] {
        var garbage: [AnyObject] = []
        if !model.garbage.isEmpty { swap(&garbage, &model.garbage) }
        return garbage
    }

    /// Carries out a hand-off (outside the lock).
    @inline(__always)
    func perform(_ handoff: EngineClaim.Handoff) {
        switch handoff {
        case .none: break
        case .deliverHere: deliver()
        case .scheduleOnMain:
            // The block keeps the core alive until it ran, so no stored change is left undelivered.
            DispatchQueue.main.async { self.deliverScheduled() }
        }
    }

    /// The delivery scheduled on the main queue: takes everything pending by now.
    private func deliverScheduled() {
        lock.lock()
        model.claim.mainDeliveryStarts()
        unlockAfterMutation()
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
    func snapshot(observed: Bool = false) -> _ValueSnapshot {
        lock.lock()
        if observed { model.hasObservedReads = true }
        let snapshot = model.currentSnapshot()
        // A new snapshot lets the old one go: released here, after the unlock.
        let garbage = takeGarbage()
        withExtendedLifetime(garbage) { lock.unlock() }
        return snapshot
    }

    /// Opens a batch: nothing is delivered until the outermost batch ends.
    func beginBatch() {
        lock.lock()
        model.batchDepth += 1
        lock.unlock()
    }

    /// Closes a batch; the last one to close delivers.
    /// - Parameter defersNotifications: The pass that delivers what is pending leaves its
    ///   notifications to the next main-queue delivery (`PendingWork.defersNotifications`).
    func endBatch(defersNotifications: Bool = false) {
        lock.lock()
        model.batchDepth -= 1
        if defersNotifications && !model.pending.isEmpty { model.pending.defersNotifications = true }
        unlockAfterMutation()
    }

    // MARK: Delivery

    /// Runs passes until the queue is empty. Under main-thread delivery it stops sooner once
    /// it has run its share (`limits.passesBeforeHandOff`) while other threads keep queuing: then it
    /// leaves the rest to the next main-queue delivery and returns. Must be called after
    /// claiming delivery.
    func deliver() {
        var passes = 0
        let thread = pthread_self()
        // The last pass left its notifications to the next main-queue delivery: so is the rest.
        var deferredNotifications = false
        while true {
            lock.lock()
            let isDone = model.pending.isEmpty || model.batchDepth > 0
            // A chain of this thread's own callbacks alone is not handed on: the refresh-loop
            // bound ends it.
            let handsOn =
                !isDone && delivery == .mainThread
                && (deferredNotifications
                    || (passes >= limits.passesBeforeHandOff && !model.pending.isRetriggeredAlone))
            if isDone || handsOn {
                model.deliveringThread = nil
                let handoff: EngineClaim.Handoff
                if handsOn {
                    handoff = model.claim.handOffToNextMainDelivery()
                } else {
                    model.claim.release()
                    handoff = .none
                }
                lock.unlock()
                perform(handoff)
                return
            }
            model.deliveringThread = thread
            var work = model.takePending()
            // Only the main queue's next turn can take the notifications later.
            deferredNotifications = work.defersNotifications && delivery == .mainThread
            let snapshot = model.currentSnapshot()
            var garbage: [AnyObject] = []
            swap(&garbage, &model.garbage)
            let persisted = persistenceValues(for: work)
            let observed = deferredNotifications ? [] : observerGroups(for: work, snapshot: snapshot)
            // From here, an observer removed on this thread is not called by this pass.
            let observerScope = observed.isEmpty ? nil : model.observerScopes.begin()
            let handsOffToObservation = model.hasObservedReads
            // Released after the unlock, never before it (see `unlock(releasingClaim:policy:)`).
            withExtendedLifetime(garbage) { lock.unlock() }

            passes += 1
            // Only passes of work this thread's callbacks alone re-triggered count towards a
            // refresh loop; a pass with none of it ends the count. A pass with other threads'
            // work too neither counts nor ends it: its callbacks always run, and a loop that runs
            // beside a flood of other threads' work is stopped once that work pauses.
            var runsCallbacks = true
            if !work.queuedByDeliverer {
                loopPasses = 0
            } else if work.isRetriggeredAlone {
                loopPasses += 1
                runsCallbacks = loopPasses < limits.maximumPasses
                if loopPasses == limits.maximumPasses {
                    work.events.append(.refreshLoopStopped(passes: limits.maximumPasses))
                }
            }
            performPass(
                &work, snapshot: snapshot, persisted: persisted, observed: observed, observerScope: observerScope,
                handsOffToObservation: handsOffToObservation, runsCallbacks: runsCallbacks,
                defersNotifications: deferredNotifications)
            // Release the operations' objects and nodes before taking the lock: their
            // deinit may use the theme.
            work.operations.removeAll()
            checkInvariantsIfEnabled(after: "a pass")
            lock.withLock {
                model.recycle(work.operations)
                if let observerScope { model.observerScopes.end(observerScope) }
            }
        }
    }

    /// Runs `body` on the engine under the lock, when no thread holds the engine; `nil` when
    /// one does (called from inside a delivery, or while another thread delivers or binds).
    ///
    /// For a section that runs no user code and takes a moment (``Theme/bindingCount``): it holds
    /// the lock, not the claim, so no section under the lock runs meanwhile to leave it work. The
    /// calling thread therefore delivers nothing, and a change another thread makes meanwhile
    /// waits for the lock and is then delivered as if the read had not happened (by the changing
    /// thread under synchronous delivery, on the main thread under main-thread delivery). Sound
    /// because every claim is made under the lock: while the lock is held and the claim free,
    /// nothing else can touch the engine, and the claim word's load acquires what its last holder
    /// published. `body` must not take the lock.
    func withEngineLocked<Result>(_ body: () -> Result) -> Result? {
        lock.lock()
        defer { lock.unlock() }
        guard !model.claim.isHeld else { return nil }
        return body()
    }
}

/// How many passes a delivery runs before it stops or hands on.
struct DeliveryLimits {
    /// Passes of the delivering thread's own re-triggered work (`_ThemeCore.loopPasses`) a
    /// delivery runs before it stops running callbacks: a refresh loop.
    let maximumPasses: Int
    /// Under main-thread delivery, passes one main-queue delivery runs before it leaves
    /// other threads' pending work to the next one and returns, so that a thread that keeps
    /// queuing (binding objects in a loop) cannot hold the main thread for as long as it does.
    /// (Under synchronous delivery the delivering thread delivers until nothing is pending:
    /// when every thread's call has returned, everything has been delivered.)
    let passesBeforeHandOff: Int

    /// The limits every theme has; tests lower them to reach them often (the reference model).
    static let standard = DeliveryLimits(maximumPasses: 100, passesBeforeHandOff: 100)
}

/// Whether code runs on the main thread or the main dispatch queue: where a theme with
/// main-thread delivery delivers.
///
/// `Thread.isMainThread` alone is not enough: the main queue is usually drained by the
/// main thread, but a process that never runs the main run loop (a test runner, a
/// command-line tool that calls `dispatchMain()` on another design) may drain it
/// elsewhere, and work on the main queue is still serialised with UI work.
enum MainQueue {
    /// The key that marks the main queue (`DispatchSpecificKey` is not `Sendable` in every
    /// SDK, so it is held by a box that is).
    // Sound: the key is created once and never changes; Dispatch uses it as an identity token only.
    private final class Marker: @unchecked Sendable {
        let key = DispatchSpecificKey<Bool>()
        init() { DispatchQueue.main.setSpecific(key: key, value: true) }
    }

    private static let marker = Marker()

    /// Whether the caller runs on the main thread or on the main queue.
    static var isCurrent: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: marker.key) == true }
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
/// and the two conversions wrap it in two more thunks each time (Docs/Benchmarks.md,
/// "Measurements behind the code"). A function-typed field of a struct keeps its own
/// representation.
struct ObservationSink {
    var handler: (@Sendable (ObservedChanges) -> Void)?
}

/// What one pass changed, for the Observation bridge.
struct ObservedChanges: Sendable {
    var style = false
    var contrast = false
    var followsSystem = false
    var followsSystemContrast = false
    var extensions: [Int] = []
}
