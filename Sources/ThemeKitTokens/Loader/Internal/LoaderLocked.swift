import Foundation

// ThemeKit's `Locked` is internal to the ThemeKit module, so the loader cannot reuse it from here. Until it is
// shared with `package` access, this mirrors its API over Foundation's NSLock (available on every platform the
// package supports), keeping the loader's few shared fields behind one small type.

/// A value guarded by a lock.
// Sound: `value` is only read or written inside `lock`.
final class LoaderLocked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
