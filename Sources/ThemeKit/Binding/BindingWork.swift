/// What one binding does to its object: a function made at `bind` time, in the
/// caller's module, where `Object` and `Value` are concrete types. It is called with
/// the binding's work (which holds what it needs: the provider, the setter or key
/// path), the object, and the context.
///
/// `bind`, `customize` and ``ThemedProperty``'s initialisers are `@inlinable` so that
/// the function they make is compiled for the caller's types: the refresh loop then
/// calls specialised code — no generic metadata lookups, no value witnesses, no
/// dynamic casts — where methods of a generic class (which run unspecialised, through
/// their vtable, whatever the instance) cost about 2,400 instructions and an allocation
/// per binding. For key-path and setter bindings it captures nothing (its state is the
/// work's: `KeyPathWork`, `SetterWork`), so making one allocates nothing besides the work.
@usableFromInline
typealias BindingBody = (BindingWork, AnyObject, ThemeContext) -> Void

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

/// The work of one binding: its body and its identity.
///
/// A closure binding and a `customize` closure each have a work of their own; the
/// bindings of one ``ThemedProperty`` in one theme share one (see `SharedPropertyTemplate`).
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

    @usableFromInline
    init(identity: BindingIdentity, body: @escaping BindingBody) {
        self.identity = identity
        self.body = body
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

    /// Runs the work on `object` (the object it was bound to) with `context`.
    @inline(__always)
    final func run(_ object: AnyObject, _ context: ThemeContext) { body(self, object, context) }
}

/// The work of a closure binding that writes through a key path: the provider and the
/// key path. Its body (`BindingBodies.keyPath`) reads them from here.
@usableFromInline
// Sound: immutable after init (see BindingWork).
final class KeyPathWork<Object: AnyObject, Value>: BindingWork, @unchecked Sendable {
    @usableFromInline let provider: @Sendable (ThemeContext) -> Value
    @usableFromInline let path: ReferenceWritableKeyPath<Object, Value>
    /// `isClassType(Object.self)`, decided once (see `exactCast`).
    @usableFromInline let isClass: Bool

    @usableFromInline
    init(
        path: ReferenceWritableKeyPath<Object, Value>, provider: @escaping @Sendable (ThemeContext) -> Value,
        body: @escaping BindingBody
    ) {
        self.provider = provider
        self.path = path
        isClass = isClassType(Object.self)
        super.init(identity: .keyPath(path), body: body)
    }
}

/// The work of a closure binding that writes through a setter closure: the provider and
/// the setter. Its body (`BindingBodies.setter`) reads them from here.
@usableFromInline
// Sound: immutable after init (see BindingWork).
final class SetterWork<Object: AnyObject, Value>: BindingWork, @unchecked Sendable {
    @usableFromInline let provider: @Sendable (ThemeContext) -> Value
    @usableFromInline let setter: @Sendable (Object, Value) -> Void
    /// `isClassType(Object.self)`, decided once (see `exactCast`).
    @usableFromInline let isClass: Bool

    @usableFromInline
    init(
        path: AnyKeyPath, setter: @escaping @Sendable (Object, Value) -> Void,
        provider: @escaping @Sendable (ThemeContext) -> Value, body: @escaping BindingBody
    ) {
        self.provider = provider
        self.setter = setter
        isClass = isClassType(Object.self)
        super.init(identity: .keyPath(path), body: body)
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
    ) -> BindingWork {
        KeyPathWork(path: path, provider: provider) { work, object, context in
            // Sound: the table runs a body only with the work it belongs to.
            let work = unsafeDowncast(work, to: KeyPathWork<Object, Value>.self)
            // The provider runs before the write's access begins, so it may read the property.
            let value = work.provider(context)
            withExactCast(object, to: Object.self, isClass: work.isClass) { $0[keyPath: work.path] = value }
        }
    }

    /// A closure binding that writes through a setter closure (a computed or
    /// Objective-C property, without the key-path runtime).
    @inlinable
    static func setter<Object: AnyObject, Value>(
        _ path: ReferenceWritableKeyPath<Object, Value>, _ setter: @escaping @Sendable (Object, Value) -> Void,
        _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) -> BindingWork {
        SetterWork(path: path, setter: setter, provider: provider) { work, object, context in
            // Sound: the table runs a body only with the work it belongs to.
            let work = unsafeDowncast(work, to: SetterWork<Object, Value>.self)
            let value = work.provider(context)
            withExactCast(object, to: Object.self, isClass: work.isClass) { work.setter($0, value) }
        }
    }

    /// A `customize` closure.
    @inlinable
    static func customize<Object: AnyObject>(
        id: String?, _ body: @escaping @Sendable (Object, ThemeContext) -> Void
    ) -> BindingWork {
        BindingWork(customizeID: id) { _, object, context in
            withExactCast(object, to: Object.self) { body($0, context) }
        }
    }
}
