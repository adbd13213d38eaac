/// The queue of engine operations between mutating threads and the deliverer.
///
/// A growable buffer rather than an array, so the pass can move each operation out in
/// order (taking ownership of its payload) instead of leaving a placeholder behind.
///
/// A reference type with one owner at a time: the model's pending work holds one, the
/// pass the one it took, and the model keeps a drained one for the next pass (see
/// `ThemeModel.takePending`). Guarded like the model (its lock), or owned by the
/// deliverer once taken.
final class OperationQueue {
    private var elements: UnsafeMutablePointer<EngineOperation>?
    private(set) var count = 0
    private var capacity = 0

    deinit {
        removeAll()
        elements?.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Adds `operation` at the end.
    func append(_ operation: consuming EngineOperation) {
        if count == capacity { grow() }
        (elements.unsafelyUnwrapped + count).initialize(to: operation)
        count += 1
    }

    private func grow() {
        let grown = max(16, capacity * 2)
        elements = Buffer.grow(elements, count: count, to: grown)
        capacity = grown
    }

    /// Hands each operation, in order, to `body`, which takes ownership; the queue is
    /// empty afterwards and keeps its buffer.
    func drain(_ body: (consuming EngineOperation) -> Void) {
        guard let elements else { return }
        // `count` is reset first: `body` must not see (or release) the moved operations.
        let queued = count
        count = 0
        for index in 0..<queued { body((elements + index).move()) }
    }

    /// Calls `body` with each queued operation, in order, without taking them.
    func forEach(_ body: (borrowing EngineOperation) -> Void) {
        guard let elements else { return }
        for index in 0..<count { body(elements[index]) }
    }

    /// Releases every queued operation.
    func removeAll() {
        guard let elements, count > 0 else { return }
        elements.deinitialize(count: count)
        count = 0
    }

    /// Frees the buffer when it holds room for more than `limit` operations, so a one-off
    /// batch does not keep tens of megabytes of queue alive. The queue must be empty.
    func shrink(toAtMost limit: Int) {
        guard capacity > limit else { return }
        elements?.deallocate()
        elements = nil
        capacity = 0
    }
}
