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
/// work's), so making one allocates nothing besides the work.
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
    final let identity: BindingIdentity
    /// Runs the binding on the object it was bound to, with the context whose
    /// recorder notes what the run reads.
    final let body: BindingBody
    /// The theme's small integer id of the key path (see `KeyPathIDs`), given when the
    /// table adds the binding; `0` for a `customize` closure. Not checked for exclusivity
    /// at run time: only the delivering thread touches it, outside user code.
    @exclusivity(unchecked) final var keyID: Int32 = 0

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

/// The work of a closure binding: the provider, and the key path or setter that writes
/// its value. Its body (`BindingBodies`) reads them from here.
@usableFromInline
// Sound: immutable after init (see BindingWork).
final class ProviderWork<Object: AnyObject, Value>: BindingWork, @unchecked Sendable {
    @usableFromInline let provider: @Sendable (ThemeContext) -> Value
    @usableFromInline let setter: (@Sendable (Object, Value) -> Void)?
    @usableFromInline let path: ReferenceWritableKeyPath<Object, Value>

    @usableFromInline
    init(
        path: ReferenceWritableKeyPath<Object, Value>, setter: (@Sendable (Object, Value) -> Void)?,
        provider: @escaping @Sendable (ThemeContext) -> Value, body: @escaping BindingBody
    ) {
        self.path = path
        self.setter = setter
        self.provider = provider
        super.init(identity: .keyPath(path), body: body)
    }
}

/// `object` as `Object`.
///
/// The table runs a binding only on the object it was bound with, which is an
/// `Object`; for a class type (not a class-bound existential) that makes the unchecked
/// downcast exact, which `unsafeDowncast` documents as its precondition.
@inlinable @inline(__always)
func exactCast<Object: AnyObject>(_ object: AnyObject, to type: Object.Type) -> Object {
    isClassType(Object.self) ? unsafeDowncast(object, to: Object.self) : (object as! Object)
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
    _ object: AnyObject, to type: Object.Type, _ body: (Object) -> Result
) -> Result {
    Unmanaged.passUnretained(exactCast(object, to: Object.self))._withUnsafeGuaranteedRef(body)
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
        ProviderWork(path: path, setter: nil, provider: provider) { work, object, context in
            // Sound: the table runs a body only with the work it belongs to.
            let work = unsafeDowncast(work, to: ProviderWork<Object, Value>.self)
            // The provider runs before the write's access begins, so it may read the property.
            let value = work.provider(context)
            withExactCast(object, to: Object.self) { $0[keyPath: work.path] = value }
        }
    }

    /// A closure binding that writes through a setter closure (a computed or
    /// Objective-C property, without the key-path runtime).
    @inlinable
    static func setter<Object: AnyObject, Value>(
        _ path: ReferenceWritableKeyPath<Object, Value>, _ setter: @escaping @Sendable (Object, Value) -> Void,
        _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) -> BindingWork {
        ProviderWork(path: path, setter: setter, provider: provider) { work, object, context in
            // Sound: the table runs a body only with the work it belongs to.
            let work = unsafeDowncast(work, to: ProviderWork<Object, Value>.self)
            let value = work.provider(context)
            guard let setter = work.setter else { return }
            withExactCast(object, to: Object.self) { setter($0, value) }
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
