/// The delivering thread's claim on the engine, and who delivers pending work: the one
/// owner of those rules.
///
/// The engine (binding table, node tree, recorder) has no lock of its own: one thread
/// at a time holds it through this claim. A pass's deliverer holds it for the whole
/// delivery; a direct `bind`, a node's creation and ``Theme/bindingCount`` hold it for
/// the moment they take. Every change of the claim goes through these methods, which
/// run under the core's lock and only decide (a state machine, after
/// swift-async-algorithms' split of state and storage): each returns the `Handoff` the
/// caller performs once it has released the lock (`_ThemeCore.unlock(releasingClaim:policy:)`).
struct EngineClaim {
    /// Whether a thread holds the engine.
    private(set) var isHeld = false
    /// Under main-thread delivery: one delivery is queued on the main queue and will take
    /// whatever is pending when it runs.
    private(set) var isMainDeliveryScheduled = false

    /// What the thread that released the lock does next.
    enum Handoff {
        /// Nothing: nothing is pending, a batch is open, or someone delivers or is scheduled to.
        case none
        /// This thread delivers the pending work; the claim is its own.
        case deliverHere
        /// This thread schedules the one delivery on the main queue.
        case scheduleOnMain
    }

    /// Who may deliver pending work at a hand-off.
    enum Policy {
        /// After a change: the changing thread delivers, where the theme's delivery allows.
        case deliverWhereAllowed
        /// After a call that delivers nothing but its own work (`bind`, a node's creation):
        /// under main-thread delivery the pending work waits for its main-queue delivery,
        /// even on the main thread; under synchronous delivery it is delivered here.
        case neverOthersWorkOnMain
    }

    /// Claims the engine for a call that runs its own work; `false` when another thread
    /// (or this one, further up the stack) holds it.
    mutating func claim() -> Bool {
        guard !isHeld else { return false }
        isHeld = true
        return true
    }

    /// Releases the engine without handing anything on (the deliverer found nothing more
    /// to deliver, or a batch is open: its end hands on).
    mutating func release() {
        precondition(isHeld, "ThemeKit: the engine was released twice")
        isHeld = false
    }

    /// The main-queue delivery that was scheduled now runs.
    mutating func mainDeliveryStarts() { isMainDeliveryScheduled = false }

    /// Decides who delivers the pending work, releasing the claim first when
    /// `releasing` (its holder is done).
    /// - Parameters:
    ///   - hasPendingWork: Whether the model holds undelivered work.
    ///   - batchIsOpen: Whether a batch is open (its end hands on).
    ///   - delivery: The theme's delivery.
    ///   - isOnMain: Whether the calling thread is the main thread or the main queue,
    ///     asked only under main-thread delivery.
    mutating func handOff(
        releasing: Bool, hasPendingWork: Bool, batchIsOpen: Bool, delivery: Theme.Delivery, policy: Policy,
        isOnMain: () -> Bool
    ) -> Handoff {
        if releasing { release() }
        guard !isHeld, !batchIsOpen, hasPendingWork else { return .none }
        if delivery == .synchronous || (policy == .deliverWhereAllowed && isOnMain()) {
            isHeld = true
            return .deliverHere
        }
        guard !isMainDeliveryScheduled else { return .none }
        isMainDeliveryScheduled = true
        return .scheduleOnMain
    }
}

/// Work a pass (or a direct bind) runs on named objects, beside what the indexes find.
enum DirectWork {
    /// The new binding at `index` of the object in `slot`, with the object's other new
    /// bindings (an object's new bindings, made one after another, run on one weak load).
    case newBinding(slot: Int32, index: Int32)
    /// The bindings of the object in `slot` that read what `changed` names (an
    /// appearance that differs after a move), plus any that never ran.
    case changed(slot: Int32, changed: UInt64)
    /// Every binding of the object in `slot` (``Theme/refresh(_:)``).
    case refresh(slot: Int32)

    /// The object's slot.
    var slot: Int32 {
        switch self {
        case .newBinding(let slot, _), .changed(let slot, _), .refresh(let slot): slot
        }
    }
}
