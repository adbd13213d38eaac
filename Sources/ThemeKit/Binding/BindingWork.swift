/// What one binding does to its object: a function made at `bind` time, in the
/// caller's module, where `Object` and `Value` are concrete types. It is called with
/// the binding's work, the object, the context, and the binding's payload: for a
/// closure binding, the index of its entry (provider and write) in its runner (`_Runner`);
/// `-1` for other works.
///
/// `bind`, `customize` and ``ThemedProperty``'s initialisers are `@inlinable` so that
/// the function they make is compiled for the caller's types: the refresh loop then
/// calls specialised code — no generic metadata lookups, no value witnesses, no
/// dynamic casts (Docs/Benchmarks.md, "Measurements behind the code", says what the
/// unspecialised alternative cost). A runner's body captures nothing (its state is the
/// runner's).
///
/// The object is the refresh loop's own reference, lent `inout` so that a key-path write
/// can take it as an `inout` root of its concrete type (see `_KeyPathWrite`): a body
/// reads it, or moves it out and back; it never replaces it with another object.
@usableFromInline
typealias _BindingBody = (_BindingWork, inout AnyObject, ThemeContext, Int32) -> Void

/// A binding's run on the object its `bind` caller passed, borrowed: the first run of a
/// binding added at once. The same as the work's `_BindingBody`, except that the object
/// is the caller's: making it a variable to lend `inout` would cost every `bind` a retain
/// and release, on the side table of an object with a weak reference.
@usableFromInline
typealias _BindingFirstRun = (_BindingWork, AnyObject, ThemeContext, Int32) -> Void

/// What makes two bindings of one object the same binding, so binding it again
/// replaces the earlier one.
@usableFromInline
enum _BindingIdentity {
    /// The key path written (or named, for a setter closure).
    case keyPath(AnyKeyPath)
    /// A `customize` closure's id.
    case customize(String)
    /// A `customize` closure without an id: every call adds one.
    case unique
}

/// What runs bindings: its body and the identity of the bindings it runs.
///
/// The closure bindings of one key path (and entry type) in one theme share a runner
/// (`_Runner`), the bindings of one ``ThemedProperty`` in one theme share one work (see
/// `_SharedPropertyTemplate`), and a `customize` closure has a work of its own
/// (`_CustomizeWork`).
@usableFromInline
// Sound: `identity` and `body` are `let`s set in `init`; `keyID` and the body's captured
// state are touched only by the owning theme's delivering thread (see _ThemeCore).
class _BindingWork: @unchecked Sendable {
    // The fields the refresh loop reads come first, next to the subclass's.
    /// Runs the binding on the object it was bound to, with the context whose
    /// recorder notes what the run reads.
    final let body: _BindingBody
    /// `body` for the first run of a binding added at once (see `_BindingFirstRun`).
    final let firstRun: _BindingFirstRun
    /// The theme's small integer id of the key path (see `KeyPathIDs`), given when the
    /// table adds the binding; `0` for a `customize` closure. Not checked for exclusivity
    /// at run time: only the delivering thread touches it, outside user code.
    @exclusivity(unchecked) final var keyID: Int32 = 0
    final let identity: _BindingIdentity
    /// Forgets a binding's payload in a runner (made in the caller's module, like `body`);
    /// `nil` for other works.
    final let release: ((_BindingWork, Int32) -> Void)?

    @usableFromInline
    init(
        identity: _BindingIdentity, body: @escaping _BindingBody, firstRun: @escaping _BindingFirstRun,
        release: ((_BindingWork, Int32) -> Void)? = nil
    ) {
        self.identity = identity
        self.body = body
        self.firstRun = firstRun
        self.release = release
    }

    /// Whether this work and `other` are the same binding of an object (both added to
    /// the table, so key paths have their ids).
    final func hasSameIdentity(as other: _BindingWork) -> Bool {
        if keyID != 0 || other.keyID != 0 { return keyID == other.keyID }
        if case .customize(let id) = identity, case .customize(let otherID) = other.identity { return id == otherID }
        return false
    }

    /// Runs the work on `object` (the object it was bound to) with `context`, for the
    /// binding whose payload is `payload`.
    @inline(__always)
    final func run(_ object: inout AnyObject, _ context: ThemeContext, payload: Int32) {
        body(self, &object, context, payload)
    }

    /// Runs the work on `object`, the caller's (see `_BindingFirstRun`).
    @inline(__always)
    final func runFirst(_ object: AnyObject, _ context: ThemeContext, payload: Int32) {
        firstRun(self, object, context, payload)
    }

    /// Forgets the binding whose payload is `payload` (a runner's provider and setter);
    /// nothing for a work of one binding or a shared one.
    final func releasePayload(_ payload: Int32) { release?(self, payload) }
}

/// A closure binding queued for the delivering thread (made only when `bind` cannot
/// add it at once: during a delivery, inside a batch after other work, or from another
/// thread under main-thread delivery). `install` adds it to the runner of its key path.
@usableFromInline
// Sound: immutable after init; used by the one thread that adds the binding.
final class _PendingBinding: @unchecked Sendable {
    let path: AnyKeyPath
    /// Made in the caller's module (see `_BindingBodies.install`).
    let install: (_RunnerCache, Int32) -> (runner: Unmanaged<_BindingWork>, payload: Int32)

    @usableFromInline
    init(
        path: AnyKeyPath, install: @escaping (_RunnerCache, Int32) -> (runner: Unmanaged<_BindingWork>, payload: Int32)
    ) {
        self.path = path
        self.install = install
    }
}

/// The runners of one theme, by key-path id and runner type (`_BindingTable` owns it; only
/// its delivering thread touches it).
@usableFromInline
final class _RunnerCache {
    private struct Key: Hashable {
        var keyID: Int32
        var type: ObjectIdentifier
    }

    /// The runners, held here for as long as the cache keeps them (`keep(only:)`).
    @exclusivity(unchecked) private var runners: [Key: _BindingWork] = [:]
    // Memo: the runners found lately, scanned before hashing. Holds nothing: each runner is
    // in `runners` too, which holds it. Invalidated by `keep(only:)`, which drops the entries
    // of the runners it drops (and so of the ids it drops, before `KeyPathIDs` gives those ids
    // again). Pays for: `register*` rows (a dictionary lookup per bind).
    @exclusivity(unchecked) private var recent = RecentList<Key, Unmanaged<_BindingWork>>()

    init() {}

    /// The runner of type `type` for key-path id `keyID`, made by `make` the first time;
    /// not retained for the caller: the cache holds it until `keep(only:)` drops it, and the
    /// table collects (`collectKeyPathsIfNeeded`) before it asks, then retains the runner for
    /// its record before anything else runs.
    ///
    /// Unretained, so that adding a binding retains its runner once, for its record, instead
    /// of three times and releasing twice (RESULTS.md, session 21).
    @usableFromInline
    func runner(keyID: Int32, type: ObjectIdentifier, make: () -> _BindingWork) -> Unmanaged<_BindingWork> {
        let key = Key(keyID: keyID, type: type)
        if let known = recent.value(for: key) { return known }
        let runner: Unmanaged<_BindingWork>
        if let known = runners[key] {
            runner = .passUnretained(known)
        } else {
            let made = make()
            made.keyID = keyID
            runners[key] = made
            runner = .passUnretained(made)
        }
        recent.remember(runner, for: key)
        return runner
    }

    /// How many runners exist.
    var count: Int { runners.count }

    /// The memo's entries that are not the runners the cache holds for their keys (for the
    /// invariant checks: each must be).
    var staleMemoEntries: [String] {
        // Addresses compared, never a reference taken from the entry: it may be stale.
        recent.all.compactMap { entry in
            runners[entry.key].map { Unmanaged.passUnretained($0).toOpaque() } == entry.value.toOpaque()
                ? nil : "runner memo entry for key-path id \(entry.key.keyID) is not the cached runner"
        }
    }

    /// Drops the runners of key-path ids not in `used` (no binding uses them).
    func keep(only used: Set<Int32>) {
        // The memo's entries first: they hold nothing, and must not outlive their runners.
        recent.removeAll { !used.contains($0.keyID) }
        runners = runners.filter { used.contains($0.key.keyID) }
    }
}

/// The bindings of one key path (and entry type) in one theme, side by side: a refresh
/// reads their providers and writes in one buffer instead of one object per binding
/// (which, past the caches, cost a memory access per binding).
@usableFromInline
// Sound: `entries` is touched only by the theme's delivering thread (see _ThemeCore);
// `isClass` and `firstRunWrite` are constants.
final class _Runner<Entry: _RunnerEntry>: _BindingWork, @unchecked Sendable {
    // Not checked for exclusivity at run time: single-owner state, and no access is open
    // while user code runs (an entry is copied out before its closures are called).
    @usableFromInline @exclusivity(unchecked) var entries = _PayloadSlots<Entry>()
    /// The write every first run uses (see `_ObjectWrite.FirstRunWrite`): the one the bind
    /// that made the runner brought. Every binding of the runner writes the same property,
    /// so any binding's would do; keeping one costs a `bind` nothing (storing each bind's
    /// cost about 175 instructions). If that bind named the key path by a variable, the
    /// first runs of later binds go through the key-path runtime; their refreshes do not.
    @usableFromInline let firstRunWrite: Entry.Write.FirstRunWrite
    /// `_isClassType(Entry.Write.Object.self)`, decided once (see `_exactCast`).
    @usableFromInline let isClass: Bool

    /// Inlinable, so the body and first run are made in the caller's module, specialised
    /// for `Entry` (see `_BindingBody`).
    @inlinable
    init(path: AnyKeyPath, firstRunWrite: Entry.Write.FirstRunWrite) {
        isClass = _isClassType(Entry.Write.Object.self)
        self.firstRunWrite = firstRunWrite
        super.init(
            identity: .keyPath(path),
            body: { work, object, context, payload in
                // Sound: the table runs a body only with the work it belongs to.
                let runner = unsafeDowncast(work, to: _Runner.self)
                guard let entry = runner.entries[payload] else { return }
                entry.run(on: &object, isClass: runner.isClass, context: context)
            },
            firstRun: { work, object, context, payload in
                // Sound: as in `body`.
                let runner = unsafeDowncast(work, to: _Runner.self)
                guard let entry = runner.entries[payload] else { return }
                entry.runFirst(on: object, isClass: runner.isClass, context: context, using: runner.firstRunWrite)
            },
            // Sound: the table releases a payload only through the work it belongs to.
            release: { work, payload in unsafeDowncast(work, to: _Runner.self).entries.remove(payload) }
        )
    }
}

/// One closure binding in a `_Runner`: its provider and its write. Entries are copied out
/// of the runner before they are called (no access to `entries` is open while user code
/// runs).
@usableFromInline
protocol _RunnerEntry {
    associatedtype Write: _ObjectWrite
    /// Runs the binding on the refresh loop's reference (see `_BindingBody`).
    func run(on object: inout AnyObject, isClass: Bool, context: ThemeContext)
    /// Runs the binding on the `bind` caller's object (see `_BindingFirstRun`) with `write`.
    func runFirst(on object: AnyObject, isClass: Bool, context: ThemeContext, using write: Write.FirstRunWrite)
}

/// A closure binding whose provider reads the context.
@usableFromInline
struct _ContextEntry<Write: _ObjectWrite>: _RunnerEntry {
    @usableFromInline let provider: @Sendable (ThemeContext) -> Write.Value
    @usableFromInline let write: Write

    @inlinable
    init(provider: @escaping @Sendable (ThemeContext) -> Write.Value, write: Write) {
        self.provider = provider
        self.write = write
    }

    @inlinable @inline(__always)
    func run(on object: inout AnyObject, isClass: Bool, context: ThemeContext) {
        write.write(into: &object, isClass: isClass) { _ in provider(context) }
    }

    @inlinable @inline(__always)
    func runFirst(on object: AnyObject, isClass: Bool, context: ThemeContext, using firstRunWrite: Write.FirstRunWrite)
    {
        write.write(intoBorrowed: object, isClass: isClass, using: firstRunWrite) { _ in provider(context) }
    }
}

/// A closure binding whose provider receives the object it themes.
@usableFromInline
struct _ObjectEntry<Write: _ObjectWrite>: _RunnerEntry {
    @usableFromInline let provider: @Sendable (Write.Object, ThemeContext) -> Write.Value
    @usableFromInline let write: Write

    @inlinable
    init(provider: @escaping @Sendable (Write.Object, ThemeContext) -> Write.Value, write: Write) {
        self.provider = provider
        self.write = write
    }

    @inlinable @inline(__always)
    func run(on object: inout AnyObject, isClass: Bool, context: ThemeContext) {
        write.write(into: &object, isClass: isClass) { provider($0, context) }
    }

    @inlinable @inline(__always)
    func runFirst(on object: AnyObject, isClass: Bool, context: ThemeContext, using firstRunWrite: Write.FirstRunWrite)
    {
        write.write(intoBorrowed: object, isClass: isClass, using: firstRunWrite) { provider($0, context) }
    }
}

/// How a binding writes its value into the object: a `set:` closure (`_SetterWrite`) or a
/// key path (`_KeyPathWrite`). Both are called with the object as their own `Object` (the
/// table runs a binding only on the object it was bound to), and `value` computes the
/// value from it; the value goes straight into the write, which takes it (`consuming`:
/// no copy of it).
@usableFromInline
protocol _ObjectWrite {
    associatedtype Object: AnyObject
    associatedtype Value
    /// What a first run writes with besides this write (`Void` for a setter; a key path's
    /// write of a borrowed object): kept once per runner, not per binding.
    associatedtype FirstRunWrite
    /// Writes what `value` returns into `object`, the refresh loop's reference (see
    /// `_BindingBody`), which is the same object afterwards.
    func write(into object: inout AnyObject, isClass: Bool, _ value: (Object) -> Value)
    /// Writes what `value` returns into the `bind` caller's `object` (see `_BindingFirstRun`).
    func write(
        intoBorrowed object: AnyObject, isClass: Bool, using firstRunWrite: FirstRunWrite, _ value: (Object) -> Value)
}

/// The write of a `set:` binding: the user's closure, given the object borrowed.
@usableFromInline
struct _SetterWrite<Object: AnyObject, Value>: _ObjectWrite {
    @usableFromInline let setter: @Sendable (Object, consuming Value) -> Void

    @inlinable @inline(__always)
    init(_ setter: @escaping @Sendable (Object, consuming Value) -> Void) { self.setter = setter }

    /// The loop's reference, read borrowed: a setter needs no variable.
    @inlinable @inline(__always)
    func write(into object: inout AnyObject, isClass: Bool, _ value: (Object) -> Value) {
        write(intoBorrowed: object, isClass: isClass, using: (), value)
    }

    @inlinable @inline(__always)
    func write(intoBorrowed object: AnyObject, isClass: Bool, using _: Void, _ value: (Object) -> Value) {
        _withExactCast(object, to: Object.self, isClass: isClass) { setter($0, value($0)) }
    }
}

/// The write of a key-path binding, made where the caller wrote the key path (see
/// `_BindingBodies.keyPathWrite`). The refresh loop gives it the object `inout`: its root
/// is then a memory location, so the specialised write of a computed property calls the
/// setter on it as it is, where from a borrowed reference the key-path write would first
/// copy the reference into a temporary: a retain and release per write, on the side table
/// of an object with a weak reference (RESULTS.md, issue #31).
@usableFromInline
struct _KeyPathWrite<Object: AnyObject, Value>: _ObjectWrite {
    /// A first run writes through the `bind` caller's reference, borrowed (which a variable
    /// for `inoutWrite` would have to retain), with a write of its own, made from the key
    /// path's own evaluation: a key-path value that two closures capture stays a runtime key
    /// path in both.
    @usableFromInline typealias FirstRunWrite = @Sendable (Object, consuming Value) -> Void

    @usableFromInline let inoutWrite: @Sendable (inout Object, consuming Value) -> Void

    @inlinable @inline(__always)
    init(_ inoutWrite: @escaping @Sendable (inout Object, consuming Value) -> Void) { self.inoutWrite = inoutWrite }

    /// Computes the value from the object borrowed, then moves the reference out of
    /// `object` as an `Object` (the downcast of an owned reference forwards it: no retain),
    /// writes through it, and moves it back.
    @inlinable @inline(__always)
    func write(into object: inout AnyObject, isClass: Bool, _ value: (Object) -> Value) {
        let result = _withExactCast(object, to: Object.self, isClass: isClass, value)
        var typed = isClass ? unsafeDowncast(consume object, to: Object.self) : (consume object) as! Object
        inoutWrite(&typed, consume result)
        object = typed
    }

    @inlinable @inline(__always)
    func write(
        intoBorrowed object: AnyObject, isClass: Bool, using firstRunWrite: FirstRunWrite, _ value: (Object) -> Value
    ) {
        _withExactCast(object, to: Object.self, isClass: isClass) { firstRunWrite($0, value($0)) }
    }
}

/// A runner's per-binding elements, indexed by payload; the payloads of removed elements
/// are reused.
@usableFromInline
struct _PayloadSlots<Element> {
    @usableFromInline var elements: ContiguousArray<Element?> = []
    /// Payloads whose elements were removed, for reuse.
    @usableFromInline var free: [Int32] = []

    @usableFromInline
    init() {}

    /// The element of `payload`; `nil` once removed.
    @inlinable
    subscript(payload: Int32) -> Element? { elements[Int(payload)] }

    /// Adds `element`; returns its payload. Takes the element (`consuming`), so its
    /// closures move into the buffer without a retain and release each.
    @inlinable
    mutating func add(_ element: consuming Element) -> Int32 {
        // `isEmpty` first: `popLast` on an empty array still checks it is unique.
        if !free.isEmpty {
            let payload = free.removeLast()
            elements[Int(payload)] = consume element
            return payload
        }
        elements.append(consume element)
        return Int32(elements.count - 1)
    }

    /// Forgets the element of `payload`.
    @inlinable
    mutating func remove(_ payload: Int32) {
        elements[Int(payload)] = nil
        free.append(payload)
    }
}

/// `object` as `Object`.
///
/// The table runs a binding only on the object it was bound with, which is an
/// `Object`; for a class type (not a class-bound existential) that makes the unchecked
/// downcast exact, which `unsafeDowncast` documents as its precondition.
@inlinable @inline(__always)
func _exactCast<Object: AnyObject>(_ object: AnyObject, to type: Object.Type, isClass: Bool) -> Object {
    isClass ? unsafeDowncast(object, to: Object.self) : (object as! Object)
}

/// Calls `body` with `object` as `Object` (see `_exactCast`), borrowed.
///
/// Without it the optimiser retains and releases the cast result around the user's
/// setter call — on an object that has a weak reference, that is two slow-path
/// reference-count operations on its side table per binding.
// Sound: `object` is the caller's borrowed argument, alive for the whole call, so the
// unretained reference stays valid while `body` runs (the ownership rule
// `_withUnsafeGuaranteedRef` documents).
@inlinable @inline(__always)
func _withExactCast<Object: AnyObject, Result>(
    _ object: AnyObject, to type: Object.Type, isClass: Bool = _isClassType(Object.self), _ body: (Object) -> Result
) -> Result {
    Unmanaged.passUnretained(_exactCast(object, to: Object.self, isClass: isClass))._withUnsafeGuaranteedRef(body)
}

/// Whether `Object` is a class type (not an existential such as `any P & AnyObject`).
/// Inlined into specialised code, where it folds to a constant.
@inlinable @inline(__always)
func _isClassType<Object: AnyObject>(_ type: Object.Type) -> Bool { (type as Any.Type) is AnyClass }

/// The bodies `bind` and `customize` make, inlined into their callers.
@usableFromInline
enum _BindingBodies {
    /// The writes of a key-path binding: each assigns through its key path, so the
    /// property's setter runs (`didSet`, Observation, computed properties). `write` is the
    /// refresh loop's (the object `inout`), `firstRun` a first run's (the object borrowed;
    /// see `_KeyPathWrite`).
    ///
    /// Called from inlinable code with key paths that the caller evaluated from its literal
    /// for each closure alone (`bind` takes the key path as an autoclosure and calls it three
    /// times: once for the binding's identity, once for each write). A key-path literal whose
    /// only use is one closure is specialised by the optimiser into a direct store or setter
    /// call (Docs/Benchmarks.md shows the code); a key path that is not a literal still
    /// works, through the key-path runtime. Keep it so: a key-path value with any other use
    /// (stored, returned, captured by a second closure) stays a runtime key path.
    ///
    /// The value is moved into the write (`consume`): without it the key path's setter
    /// convention (value passed borrowed) costs one more copy of it than the `set:`
    /// spelling — a retain and release for a class value such as `UIColor`. The root is
    /// `inout`: SILGen copies a key-path write's root into a temporary unless the root is
    /// already in memory, and the copy of an object with a weak reference is a retain and
    /// release on its side table (RESULTS.md, issue #31). See `_KeyPathWrite`.
    @inlinable @inline(__always)
    static func keyPathWrite<Object: AnyObject, Value>(
        _ path: ReferenceWritableKeyPath<Object, Value>, borrowing borrowedPath: ReferenceWritableKeyPath<Object, Value>
    ) -> (write: _KeyPathWrite<Object, Value>, firstRun: _KeyPathWrite<Object, Value>.FirstRunWrite) {
        let inoutBox = _SendableKeyPath(path)
        let borrowedBox = _SendableKeyPath(borrowedPath)
        return (
            _KeyPathWrite { object, value in object[keyPath: inoutBox.path] = consume value },
            { object, value in object[keyPath: borrowedBox.path] = consume value }
        )
    }

    /// Adds a closure binding (`entry`) to the runner of its key path and entry type in
    /// `runners` (made on first use, with `firstRunWrite` for its first runs); returns the
    /// runner and the binding's payload. Called by the table, with the engine held, for the
    /// key path whose id is `keyID`.
    @inlinable
    static func install<Entry: _RunnerEntry>(
        _ runners: _RunnerCache, keyID: Int32, path: AnyKeyPath, entry: Entry,
        firstRunWrite: Entry.Write.FirstRunWrite
    ) -> (runner: Unmanaged<_BindingWork>, payload: Int32) {
        let runner = runners.runner(keyID: keyID, type: ObjectIdentifier(_Runner<Entry>.self)) {
            _Runner<Entry>(path: path, firstRunWrite: firstRunWrite)
        }
        // Sound: the cache returns a runner of the type it was asked for, and holds it.
        let payload = runner._withUnsafeGuaranteedRef { unsafeDowncast($0, to: _Runner<Entry>.self).entries.add(entry) }
        return (runner, payload)
    }

    /// A `customize` closure.
    @inlinable
    static func customize<Object: AnyObject>(
        id: String?, _ body: @escaping @Sendable (Object, ThemeContext) -> Void
    ) -> _BindingWork {
        _CustomizeWork(id: id, action: body)
    }
}

/// The work of a `customize` closure, replaced by a later one with the same `id`: the closure,
/// run by a body and a first run that capture nothing (the work is a `customize` call's one
/// allocation).
@usableFromInline
// Sound: `action` and `isClass` are constants set in `init`.
final class _CustomizeWork<Object: AnyObject>: _BindingWork, @unchecked Sendable {
    @usableFromInline let action: @Sendable (Object, ThemeContext) -> Void
    /// `_isClassType(Object.self)`, decided once (see `_exactCast`).
    @usableFromInline let isClass: Bool

    /// Inlinable, so the body and first run are made in the caller's module (see `_BindingBody`).
    @inlinable
    init(id: String?, action: @escaping @Sendable (Object, ThemeContext) -> Void) {
        self.action = action
        isClass = _isClassType(Object.self)
        super.init(
            identity: id.map { .customize($0) } ?? .unique,
            body: { work, object, context, _ in _CustomizeWork.run(work, object, context) },
            firstRun: { work, object, context, _ in _CustomizeWork.run(work, object, context) })
    }

    /// Runs the closure of `work`, a work of this type, on `object`, borrowed.
    @inlinable @inline(__always)
    static func run(_ work: _BindingWork, _ object: AnyObject, _ context: ThemeContext) {
        // Sound: the table runs a body only with the work it belongs to.
        let work = unsafeDowncast(work, to: _CustomizeWork.self)
        _withExactCast(object, to: Object.self, isClass: work.isClass) { work.action($0, context) }
    }
}

/// A key path that crosses to the delivering thread inside a write closure.
@usableFromInline
// Sound: a key path is an immutable object; reading it from any thread is safe.
struct _SendableKeyPath<Object: AnyObject, Value>: @unchecked Sendable {
    @usableFromInline let path: ReferenceWritableKeyPath<Object, Value>

    @inlinable @inline(__always)
    init(_ path: ReferenceWritableKeyPath<Object, Value>) { self.path = path }
}
