/// The delivering thread's claim on the engine, and who delivers pending work: the one
/// owner of those rules.
///
/// The engine (binding table, node tree, recorder) has no lock of its own: one thread
/// at a time holds it through this claim. A pass's deliverer holds it for the whole
/// delivery; a direct `bind` holds it for its first run. Sections that run no user code
/// and take a moment (a node's creation, ``Theme/bindingCount``) do not claim it: they use
/// the engine under the lock while the claim is free (`_ThemeCore.withEngineLocked(_:)`),
/// so no section can leave them work, and their thread never delivers another's change. Every change of the claim goes through these methods, which
/// run under the core's lock and only decide (a state machine, after
/// swift-async-algorithms' split of state and storage): each returns the `Handoff` the
/// caller performs once it has released the lock (`_ThemeCore.unlock(releasingClaim:policy:)`).
///
/// One change runs without the lock: the holder of a short claim (a direct `bind`) gives it
/// back with `releaseIfUncontended(_:)` when
/// no section under the lock ran meanwhile, so such a call takes the lock once, not twice
/// (issue #31). The claim is therefore an atomic word (`state`): its `held` bit, and its
/// `contended` bit, which every section under the lock that leaves work for the holder, or
/// finds the claim held at its hand-off, sets. Why the release may then skip the lock:
/// - Only the holder clears `held`, and without the lock only from exactly `held` (a
///   compare-and-exchange), so a section that set `contended` first makes it take the lock
///   and decide as it always did.
/// - A section that set `contended` after the release finds `held` clear in the same
///   compare-and-exchange and treats the claim as free; nothing can claim it meanwhile,
///   since every claim is made under the lock it holds.
/// - A section that found the claim free when it began does not depend on the holder at
///   all, and a section that ends without a hand-off (a read, a batch's opening, a
///   snapshot) leaves nothing to hand on. So work left for the holder always reaches one
///   who hands it on.
/// - The engine's memory passes from holder to holder through the word: the release
///   publishes it, the next claim acquires it.
struct EngineClaim {
    /// The claim's bits (`held`, `contended`); changed under the lock, except by the
    /// holder's `releaseIfUncontended(_:)`.
    let state = AtomicWord(0)
    /// Under main-thread delivery: one delivery is queued on the main queue and will take
    /// whatever is pending when it runs.
    private(set) var isMainDeliveryScheduled = false

    /// A thread holds the engine.
    static let held = 1
    /// A section under the lock ran while the claim was held: its release must take the lock.
    static let contended = 2

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
        /// After a call that delivers nothing but its own work (`bind`, a queued node's creation),
        /// or that queued no work (a value set to what it was, a read): under main-thread
        /// delivery the pending work waits for its main-queue delivery, even on the main
        /// thread; under synchronous delivery it is delivered here.
        case neverOthersWorkOnMain
    }

    /// Whether a thread holds the engine (under the lock).
    var isHeld: Bool { state.load() & Self.held != 0 }

    /// Claims the engine for a call that runs its own work; `false` when another thread
    /// (or this one, further up the stack) holds it. Under the lock.
    /// - Parameter contended: Whether the release must take the lock anyway (work was
    ///   pending when the claim was made).
    ///
    /// A load and a store, not a compare-and-exchange: under the lock, a free claim (`0`)
    /// has no other writer. Sections under the lock are excluded, and the one change made
    /// without it (`releaseIfUncontended(_:)`) is its holder's, from `held`. The load
    /// acquires what the last holder's release published; the store publishes nothing
    /// (the engine's memory is this thread's until it releases).
    func claim(contended: Bool = false) -> Bool {
        state.storeIfZero(contended ? Self.held | Self.contended : Self.held)
    }

    /// Releases the engine without handing anything on (the deliverer found nothing more
    /// to deliver, or a batch is open: its end hands on). Under the lock, by the holder.
    func release() {
        precondition(isHeld, "ThemeKit: the engine was released twice")
        state.store(0)
    }

    /// Gives the claim back without the lock when no section under the lock ran since it
    /// was made (see the type's comment); `false` when one did, and the holder must then
    /// release it under the lock with `handOff(releasing: true, …)`. By the holder.
    static func releaseIfUncontended(_ state: AtomicWord) -> Bool {
        state.compareExchange(expected: held, desired: 0)
    }

    /// Marks the claim contended if it is held, under the lock: its holder will hand on
    /// whatever this section left. Returns whether it was held (once marked, it stays held
    /// until its holder takes the lock). `false` is as lasting: a free claim stays free until
    /// the lock is released, since only a section under it can claim. So a section that must
    /// not deliver others' work decides with this between "queue for the holder" and "do it
    /// here", never with `isHeld`, which a holder may clear (without the lock) right after.
    func markContendedIfHeld() -> Bool {
        while true {
            let bits = state.load()
            if bits & Self.held == 0 { return false }
            if bits & Self.contended != 0 || state.compareExchange(expected: bits, desired: bits | Self.contended) {
                return true
            }
        }
    }

    /// Ends a main-queue delivery that has run its share of passes while work is still
    /// pending (other threads kept queuing): releases the claim and leaves the rest to the
    /// main queue's next delivery, scheduled unless one already is, so the main thread goes
    /// back to its run loop in between. Under main-thread delivery, under the lock, by the holder.
    mutating func handOffToNextMainDelivery() -> Handoff {
        release()
        guard !isMainDeliveryScheduled else { return .none }
        isMainDeliveryScheduled = true
        return .scheduleOnMain
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
        if releasing {
            release()
        } else if markContendedIfHeld() {
            // The holder hands on at its release, which the mark sends through the lock.
            return .none
        }
        guard !batchIsOpen, hasPendingWork else { return .none }
        if delivery == .synchronous || (policy == .deliverWhereAllowed && isOnMain()) {
            // Free, and only a section under the lock (this one) can claim it.
            let claimed = claim()
            precondition(claimed, "ThemeKit: the engine was claimed without the lock")
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
