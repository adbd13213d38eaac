#if os(Linux)
    internal import ThemeKitRuntimeShims
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The one lock of the package.
//
// `Synchronization.Mutex` needs iOS 18 / macOS 15 while the product supports
// iOS 14 / macOS 11, and offers no separate lock and unlock. On Linux this is a
// futex word (ThemeKitFutexLock.h: one atomic instruction to lock and one to
// unlock when uncontended); elsewhere a heap-allocated, never-moved
// pthread_mutex_t (moving a pthread mutex after init is undefined).

#if os(Linux)
    /// A mutual-exclusion lock: a futex word.
    // Sound: the word is allocated once, never moved, and only touched by the futex lock's atomic operations.
    package final class PlatformLock: @unchecked Sendable {
        private let word: UnsafeMutablePointer<UInt32>

        init() {
            word = .allocate(capacity: 1)
            word.initialize(to: 0)
        }

        deinit { word.deallocate() }

        @inline(__always)
        func lock() { themekit_futex_lock(word) }

        @inline(__always)
        func unlock() { themekit_futex_unlock(word) }
    }
#else
    /// A mutual-exclusion lock over the platform mutex.
    // Sound: the mutex is allocated once, never moved, and only touched through pthread calls.
    package final class PlatformLock: @unchecked Sendable {
        private let mutex: UnsafeMutablePointer<pthread_mutex_t>

        init() {
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        @inline(__always)
        func lock() { pthread_mutex_lock(mutex) }

        @inline(__always)
        func unlock() { pthread_mutex_unlock(mutex) }
    }
#endif

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
