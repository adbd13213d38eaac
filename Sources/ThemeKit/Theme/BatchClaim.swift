#if os(Linux)
    import Glibc
    import Synchronization
#endif

/// Which thread's `batch` holds a theme's engine, so that its binds go straight into
/// the binding table without taking the lock (see `ThemeCore.beginBatch`).
///
/// A `bind` inside a batch used to claim the engine and give it back under the lock
/// every time: two lock round trips, four atomic operations, per binding (about 25 ns
/// on the benchmark's Xeon, a fifth of a batched registration there). Now the thread
/// that opens the outermost batch, while nothing is queued or delivering, keeps the
/// engine claimed until its own outermost batch ends, and its binds check two words.
///
/// Linux only: elsewhere `Synchronization.Atomic` needs iOS 18 / macOS 15, and binds
/// inside a batch claim the engine per binding as before. `owner` is written only by
/// the thread that takes or gives back the claim (under the core's lock), `queued` under
/// the core's lock.
final class BatchClaim: Sendable {
    #if os(Linux)
        /// The claiming thread (`pthread_self`), or 0.
        private let owner = Atomic<UInt>(0)
        /// Set once an operation was queued while the claim is held: from then on the
        /// owner's binds are queued too, behind it, to keep call order.
        private let queued = Atomic<Bool>(false)
    #endif

    /// Whether the current thread holds the claim and may bind straight into the table.
    @inline(__always)
    var allowsDirectBind: Bool {
        #if os(Linux)
            // Usually no batch holds the engine: one load, no call for the thread's identity.
            let holder = owner.load(ordering: .relaxed)
            return holder != 0 && holder == UInt(pthread_self()) && !queued.load(ordering: .relaxed)
        #else
            return false
        #endif
    }

    /// Whether some thread holds the claim.
    var isHeld: Bool {
        #if os(Linux)
            return owner.load(ordering: .relaxed) != 0
        #else
            return false
        #endif
    }

    /// Whether the current thread holds the claim.
    var isHeldByCurrentThread: Bool {
        #if os(Linux)
            return owner.load(ordering: .relaxed) == UInt(pthread_self())
        #else
            return false
        #endif
    }

    /// Whether claims are made on this platform.
    static var isSupported: Bool {
        #if os(Linux)
            return true
        #else
            return false
        #endif
    }

    /// Records the current thread as the holder (the caller holds the core's lock).
    func take() {
        #if os(Linux)
            queued.store(false, ordering: .relaxed)
            owner.store(UInt(pthread_self()), ordering: .relaxed)
        #endif
    }

    /// Clears the holder (the caller holds the core's lock and the claim).
    func release() {
        #if os(Linux)
            owner.store(0, ordering: .relaxed)
        #endif
    }

    /// Notes that an operation was queued while the claim is held (under the core's lock).
    func noteQueued() {
        #if os(Linux)
            queued.store(true, ordering: .relaxed)
        #endif
    }
}
