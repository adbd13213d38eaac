import Foundation

/// Proves that objects were freed: track them through weak references, drop every
/// strong reference, then count the survivors.
///
/// ```swift
/// let tracker = LifetimeTracker()
/// do {
///     let label = tracker.track(Label())
///     let canary = tracker.track(Canary())
///     theme.bind(label, \.text) { [canary] env in canary.touch(); return "" }
/// }
/// theme.pruneReleasedObjects()
/// #expect(tracker.survivors == [])
/// ```
///
/// Safe to use from any thread.
public final class LifetimeTracker: @unchecked Sendable {
    // Sound: `entries` is only accessed under `lock`.
    private struct Entry {
        weak var object: AnyObject?
        let label: String
    }

    private let lock = NSLock()
    private var entries: [Entry] = []

    /// Creates an empty tracker.
    public init() {}

    /// Tracks `object` weakly and returns it.
    /// - Parameter label: What to call the object if it survives (its type by default).
    @discardableResult
    public func track<Object: AnyObject>(_ object: Object, _ label: @autoclosure () -> String = "") -> Object {
        let name = label()
        let entry = Entry(object: object, label: name.isEmpty ? String(describing: Object.self) : name)
        lock.lock()
        entries.append(entry)
        lock.unlock()
        return object
    }

    /// The number of objects ever tracked.
    public var trackedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }

    /// The number of tracked objects still alive.
    public var survivorCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.lazy.filter { $0.object != nil }.count
    }

    /// How many objects of each label are still alive, e.g. `["Canary": 3]`; empty when all were freed.
    public var survivors: [String: Int] {
        lock.lock()
        defer { lock.unlock() }
        var result: [String: Int] = [:]
        for entry in entries where entry.object != nil { result[entry.label, default: 0] += 1 }
        return result
    }
}

/// A small object to capture in a closure: it is freed exactly when the closure is.
///
/// ```swift
/// let canary = tracker.track(Canary())
/// theme.observe(Palette.self) { [canary] _ in canary.touch() }
/// ```
public final class Canary: @unchecked Sendable {
    // Sound: `touches` is only accessed under `lock`.
    private let lock = NSLock()
    private var touches = 0

    /// Creates a canary.
    public init() {}

    /// Records a call, so the closure that captures the canary really uses it.
    public func touch() {
        lock.lock()
        touches += 1
        lock.unlock()
    }

    /// How many times ``touch()`` was called.
    public var touchCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return touches
    }
}
