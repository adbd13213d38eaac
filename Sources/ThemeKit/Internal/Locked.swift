#if canImport(Darwin)
    import Darwin
    import os
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// The one lock of the package, and the one place that chooses a platform primitive.
//
// `Synchronization.Mutex` needs iOS 18 / macOS 15 while the product supports iOS 14 /
// macOS 11, and it offers no separate lock and unlock. So this wraps the platform lock:
// `os_unfair_lock` on Apple platforms, a `pthread_mutex_t` elsewhere. Both must not move
// once used, so each lives in memory allocated once and freed in `deinit`.

/// A mutual-exclusion lock over the platform's lock.
// Sound: the lock word is allocated once, never moved, and only touched through the platform's lock calls.
package final class PlatformLock: @unchecked Sendable {
    #if canImport(Darwin)
        private let primitive: os_unfair_lock_t

        init() {
            primitive = .allocate(capacity: 1)
            primitive.initialize(to: os_unfair_lock())
        }

        deinit {
            primitive.deinitialize(count: 1)
            primitive.deallocate()
        }

        @inline(__always)
        func lock() { os_unfair_lock_lock(primitive) }

        @inline(__always)
        func unlock() { os_unfair_lock_unlock(primitive) }
    #else
        private let primitive: UnsafeMutablePointer<pthread_mutex_t>

        init() {
            primitive = .allocate(capacity: 1)
            primitive.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(primitive, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }

        deinit {
            pthread_mutex_destroy(primitive)
            primitive.deinitialize(count: 1)
            primitive.deallocate()
        }

        @inline(__always)
        func lock() { pthread_mutex_lock(primitive) }

        @inline(__always)
        func unlock() { pthread_mutex_unlock(primitive) }
    #endif
}

extension PlatformLock {
    /// Runs `body` with the lock held.
    @inline(__always)
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A value guarded by a ``PlatformLock``.
// Sound: `value` is only read or written inside `lock`.
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = PlatformLock()

    package init(_ value: Value) { self.value = value }

    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// The calling thread, recognised later: `pthread_self`, compared with `pthread_equal`
/// (POSIX, on every platform the package builds for).
///
/// Only compared while the thread it names is running the code that made it, so a
/// thread id reused after its thread exits never matters.
// Sound: a `pthread_t` is an opaque id that is only compared, never dereferenced.
struct ThreadIdentity: @unchecked Sendable {
    private let thread: pthread_t

    /// The calling thread.
    init() { thread = pthread_self() }

    /// Whether the calling thread is this one.
    var isCurrent: Bool { pthread_equal(thread, pthread_self()) != 0 }
}
