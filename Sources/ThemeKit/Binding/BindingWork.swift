/// What one binding does to its object: a function made at `bind` time, in the
/// caller's module, where `Object` and `Value` are concrete types. It is called with
/// the binding's work, the object, the context, and the binding's payload: for a
/// closure binding, the index of its provider (and setter) in its runner (`SetterRunner`,
/// `KeyPathRunner`); `-1` for other works.
///
/// `bind`, `customize` and ``ThemedProperty``'s initialisers are `@inlinable` so that
/// the function they make is compiled for the caller's types: the refresh loop then
/// calls specialised code — no generic metadata lookups, no value witnesses, no
/// dynamic casts — where methods of a generic class (which run unspecialised, through
/// their vtable, whatever the instance) cost about 2,400 instructions and an allocation
/// per binding. A runner's body captures nothing (its state is the runner's).
@usableFromInline
typealias BindingBody = (BindingWork, AnyObject, ThemeContext, Int32) -> Void

/// What makes two bindings of one object the same binding, so binding it again
/// replaces the earlier one.
@usableFromInline
enum BindingIdentity {
    /// The key path written (or named, for a setter closure).
    case keyPath(AnyKeyPath)
    /// A `customize` closure's id.
    case customize(String)
    /// A `customize` closure without an id: every call adds one.
    case unique
}

/// What runs bindings: its body and the identity of the bindings it runs.
///
/// The closure bindings of one key path (and object and value types) in one theme share a
/// runner (`SetterRunner`, `KeyPathRunner`), the bindings of one ``ThemedProperty`` in one
/// theme share one work (see `SharedPropertyTemplate`), and a `customize` closure has a
/// work of its own.
@usableFromInline
// Sound: `identity` and `body` are `let`s set in `init`; `keyID` and the body's captured
// state are touched only by the owning theme's delivering thread (see ThemeCore).
class BindingWork: @unchecked Sendable {
    // The fields the refresh loop reads come first, next to the subclass's.
    /// Runs the binding on the object it was bound to, with the context whose
    /// recorder notes what the run reads.
    final let body: BindingBody
    /// The theme's small integer id of the key path (see `KeyPathIDs`), given when the
    /// table adds the binding; `0` for a `customize` closure. Not checked for exclusivity
    /// at run time: only the delivering thread touches it, outside user code.
    @exclusivity(unchecked) final var keyID: Int32 = 0
    final let identity: BindingIdentity
    /// Forgets a binding's payload in a runner (made in the caller's module, like `body`);
    /// `nil` for other works.
    final let release: ((BindingWork, Int32) -> Void)?

    @usableFromInline
    init(identity: BindingIdentity, body: @escaping BindingBody, release: ((BindingWork, Int32) -> Void)? = nil) {
        self.identity = identity
        self.body = body
        self.release = release
    }

    /// The work of a `customize` closure, replaced by a later one with the same `id`.
    @usableFromInline
    convenience init(customizeID id: String?, body: @escaping BindingBody) {
        self.init(identity: id.map { .customize($0) } ?? .unique, body: body)
    }

    /// Whether this work and `other` are the same binding of an object (both added to
    /// the table, so key paths have their ids).
    final func hasSameIdentity(as other: BindingWork) -> Bool {
        if keyID != 0 || other.keyID != 0 { return keyID == other.keyID }
        if case .customize(let id) = identity, case .customize(let otherID) = other.identity { return id == otherID }
        return false
    }

    /// Runs the work on `object` (the object it was bound to) with `context`, for the
    /// binding whose payload is `payload`.
    @inline(__always)
    final func run(_ object: AnyObject, _ context: ThemeContext, payload: Int32) {
        body(self, object, context, payload)
    }

    /// Forgets the binding whose payload is `payload` (a runner's provider and setter);
    /// nothing for a work of one binding or a shared one.
    final func releasePayload(_ payload: Int32) { release?(self, payload) }
}

/// What `bind` hands to the table: a closure binding not yet added. The table gives
/// its key path an id, and `install` finds or makes the runner of that key path for the
/// binding's types (`RunnerCache`) and adds the provider (and setter) to it.
@usableFromInline
// Sound: immutable after init; used by the one thread that adds the binding.
class PendingBinding: @unchecked Sendable {
    let path: AnyKeyPath
    /// Made in the caller's module (see `BindingBodies`): returns the runner and the payload.
    let install: (PendingBinding, RunnerCache, Int32) -> (runner: BindingWork, payload: Int32)

    @usableFromInline
    init(
        path: AnyKeyPath,
        install: @escaping (PendingBinding, RunnerCache, Int32) -> (runner: BindingWork, payload: Int32)
    ) {
        self.path = path
        self.install = install
    }
}

/// A pending closure binding's provider and setter (the setter writes the key path for a
/// key-path binding).
@usableFromInline
// Sound: immutable after init (see PendingBinding).
final class TypedPendingBinding<Object: AnyObject, Value>: PendingBinding, @unchecked Sendable {
    @usableFromInline let provider: @Sendable (ThemeContext) -> Value
    @usableFromInline let setter: (@Sendable (Object, consuming Value) -> Void)?
    @usableFromInline let keyPath: ReferenceWritableKeyPath<Object, Value>

    @usableFromInline
    init(
        keyPath: ReferenceWritableKeyPath<Object, Value>, setter: (@Sendable (Object, consuming Value) -> Void)?,
        provider: @escaping @Sendable (ThemeContext) -> Value,
        install: @escaping (PendingBinding, RunnerCache, Int32) -> (runner: BindingWork, payload: Int32)
    ) {
        self.provider = provider
        self.setter = setter
        self.keyPath = keyPath
        super.init(path: keyPath, install: install)
    }
}

/// The runners of one theme, by key-path id and runner type (`BindingTable` owns it; only
/// its delivering thread touches it).
@usableFromInline
final class RunnerCache {
    private struct Key: Hashable {
        var keyID: Int32
        var type: ObjectIdentifier
    }

    @exclusivity(unchecked) private var runners: [Key: BindingWork] = [:]
    // The runners found lately, scanned before hashing: an object's bindings (text,
    // background, tint…) use a few runners in turn. Round robin.
    @exclusivity(unchecked) private var recent: ContiguousArray<(key: Key, runner: BindingWork)> = []
    @exclusivity(unchecked) private var nextRecent = 0

    init() {}

    /// The runner of type `type` for key-path id `keyID`, made by `make` the first time.
    @usableFromInline
    func runner(keyID: Int32, type: ObjectIdentifier, make: () -> BindingWork) -> BindingWork {
        let key = Key(keyID: keyID, type: type)
        for entry in recent where entry.key == key { return entry.runner }
        let runner: BindingWork
        if let known = runners[key] {
            runner = known
        } else {
            runner = make()
            runner.keyID = keyID
            runners[key] = runner
        }
        if recent.count < 8 {
            recent.append((key, runner))
        } else {
            recent[nextRecent] = (key, runner)
            nextRecent = (nextRecent + 1) % recent.count
        }
        return runner
    }
}

/// The providers and setters of every setter-closure binding of one key path (and types)
/// in one theme, side by side: a refresh reads them in one buffer instead of one object
/// per binding (which, past the caches, cost a memory access per binding).
@usableFromInline
// Sound: `entries` is touched only by the theme's delivering thread (see ThemeCore).
final class SetterRunner<Object: AnyObject, Value>: BindingWork, @unchecked Sendable {
    @usableFromInline
    struct Entry {
        @usableFromInline let provider: @Sendable (ThemeContext) -> Value
        @usableFromInline let setter: @Sendable (Object, consuming Value) -> Void

        @usableFromInline
        init(
            provider: @escaping @Sendable (ThemeContext) -> Value,
            setter: @escaping @Sendable (Object, consuming Value) -> Void
        ) {
            self.provider = provider
            self.setter = setter
        }
    }

    // Not checked for exclusivity at run time: single-owner state, and no access is open
    // while user code runs (an entry is copied out before its closures are called).
    @usableFromInline @exclusivity(unchecked) var entries = PayloadSlots<Entry>()
    /// `isClassType(Object.self)`, decided once (see `exactCast`).
    @usableFromInline let isClass: Bool

    @usableFromInline
    init(path: AnyKeyPath, body: @escaping BindingBody, release: @escaping (BindingWork, Int32) -> Void) {
        isClass = isClassType(Object.self)
        super.init(identity: .keyPath(path), body: body, release: release)
    }

}

/// The providers of every key-path binding of one key path (and types) in one theme,
/// side by side (see `SetterRunner`).
@usableFromInline
// Sound: `providers` is touched only by the theme's delivering thread (see ThemeCore).
final class KeyPathRunner<Object: AnyObject, Value>: BindingWork, @unchecked Sendable {
    @usableFromInline let path: ReferenceWritableKeyPath<Object, Value>
    // Not checked for exclusivity at run time (see SetterRunner).
    @usableFromInline @exclusivity(unchecked) var providers = PayloadSlots<@Sendable (ThemeContext) -> Value>()
    /// `isClassType(Object.self)`, decided once (see `exactCast`).
    @usableFromInline let isClass: Bool

    @usableFromInline
    init(
        path: ReferenceWritableKeyPath<Object, Value>, body: @escaping BindingBody,
        release: @escaping (BindingWork, Int32) -> Void
    ) {
        self.path = path
        isClass = isClassType(Object.self)
        super.init(identity: .keyPath(path), body: body, release: release)
    }

}

/// A runner's per-binding elements, indexed by payload; the payloads of removed elements
/// are reused.
@usableFromInline
struct PayloadSlots<Element> {
    @usableFromInline var elements: ContiguousArray<Element?> = []
    /// Payloads whose elements were removed, for reuse.
    @usableFromInline var free: [Int32] = []

    @usableFromInline
    init() {}

    /// The element of `payload`; `nil` once removed.
    @inlinable
    subscript(payload: Int32) -> Element? { elements[Int(payload)] }

    /// Adds `element`; returns its payload.
    @inlinable
    mutating func add(_ element: Element) -> Int32 {
        if let payload = free.popLast() {
            elements[Int(payload)] = element
            return payload
        }
        elements.append(element)
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
func exactCast<Object: AnyObject>(_ object: AnyObject, to type: Object.Type, isClass: Bool) -> Object {
    isClass ? unsafeDowncast(object, to: Object.self) : (object as! Object)
}

/// Calls `body` with `object` as `Object` (see `exactCast`), borrowed.
///
/// Without it the optimiser retains and releases the cast result around the user's
/// setter call — on an object that has a weak reference, that is two slow-path
/// reference-count operations on its side table per binding.
// Sound: `object` is the caller's borrowed argument, alive for the whole call, so the
// unretained reference stays valid while `body` runs (the ownership rule
// `_withUnsafeGuaranteedRef` documents).
@inlinable @inline(__always)
func withExactCast<Object: AnyObject, Result>(
    _ object: AnyObject, to type: Object.Type, isClass: Bool = isClassType(Object.self), _ body: (Object) -> Result
) -> Result {
    Unmanaged.passUnretained(exactCast(object, to: Object.self, isClass: isClass))._withUnsafeGuaranteedRef(body)
}

/// Whether `Object` is a class type (not an existential such as `any P & AnyObject`).
/// Inlined into specialised code, where it folds to a constant.
@inlinable @inline(__always)
func isClassType<Object: AnyObject>(_ type: Object.Type) -> Bool { (type as Any.Type) is AnyClass }

/// The bodies `bind` and `customize` make, inlined into their callers.
@usableFromInline
enum BindingBodies {
    /// A closure binding that writes through a key path (the property's setter runs,
    /// through the key-path runtime).
    @inlinable
    static func keyPath<Object: AnyObject, Value>(
        _ path: ReferenceWritableKeyPath<Object, Value>, _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) -> PendingBinding {
        TypedPendingBinding(keyPath: path, setter: nil, provider: provider) { pending, runners, keyID in
            // Sound: `install` is only ever called with the pending binding it belongs to.
            let pending = unsafeDowncast(pending, to: TypedPendingBinding<Object, Value>.self)
            let runner = runners.runner(keyID: keyID, type: ObjectIdentifier(KeyPathRunner<Object, Value>.self)) {
                KeyPathRunner<Object, Value>(
                    path: pending.keyPath,
                    body: { work, object, context, payload in
                        // Sound: the table runs a body only with the work it belongs to.
                        let runner = unsafeDowncast(work, to: KeyPathRunner<Object, Value>.self)
                        guard let provider = runner.providers[payload] else { return }
                        // The provider runs before the write's access begins, so it may read the property.
                        let value = provider(context)
                        withExactCast(object, to: Object.self, isClass: runner.isClass) {
                            $0[keyPath: runner.path] = value
                        }
                    },
                    // Sound: the table releases a payload only through the work it belongs to.
                    release: { work, payload in
                        unsafeDowncast(work, to: KeyPathRunner<Object, Value>.self).providers.remove(payload)
                    }
                )
            }
            // Sound: the cache returns a runner of the type it was asked for.
            return (
                runner, unsafeDowncast(runner, to: KeyPathRunner<Object, Value>.self).providers.add(pending.provider)
            )
        }
    }

    /// A closure binding that writes through a setter closure (a computed or
    /// Objective-C property, without the key-path runtime).
    @inlinable
    static func setter<Object: AnyObject, Value>(
        _ path: ReferenceWritableKeyPath<Object, Value>,
        _ setter: @escaping @Sendable (Object, consuming Value) -> Void,
        _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) -> PendingBinding {
        TypedPendingBinding(keyPath: path, setter: setter, provider: provider) { pending, runners, keyID in
            // Sound: `install` is only ever called with the pending binding it belongs to.
            let pending = unsafeDowncast(pending, to: TypedPendingBinding<Object, Value>.self)
            let runner = runners.runner(keyID: keyID, type: ObjectIdentifier(SetterRunner<Object, Value>.self)) {
                SetterRunner<Object, Value>(
                    path: pending.keyPath,
                    body: { work, object, context, payload in
                        // Sound: the table runs a body only with the work it belongs to.
                        let runner = unsafeDowncast(work, to: SetterRunner<Object, Value>.self)
                        guard let entry = runner.entries[payload] else { return }
                        // One call, no closure around it: the provider's result goes straight
                        // into the setter, which takes it (`consuming`: no copy of the value),
                        // and the downcast `object` (the loop's borrowed argument) is passed
                        // borrowed, with no retain.
                        entry.setter(
                            exactCast(object, to: Object.self, isClass: runner.isClass), entry.provider(context))
                    },
                    // Sound: the table releases a payload only through the work it belongs to.
                    release: { work, payload in
                        unsafeDowncast(work, to: SetterRunner<Object, Value>.self).entries.remove(payload)
                    }
                )
            }
            guard let setter = pending.setter else {
                preconditionFailure("ThemeKit: a setter binding without a setter")
            }
            // Sound: the cache returns a runner of the type it was asked for.
            let typed = unsafeDowncast(runner, to: SetterRunner<Object, Value>.self)
            return (runner, typed.entries.add(.init(provider: pending.provider, setter: setter)))
        }
    }

    /// A `customize` closure.
    @inlinable
    static func customize<Object: AnyObject>(
        id: String?, _ body: @escaping @Sendable (Object, ThemeContext) -> Void
    ) -> BindingWork {
        BindingWork(customizeID: id) { _, object, context, _ in
            withExactCast(object, to: Object.self) { body($0, context) }
        }
    }
}
