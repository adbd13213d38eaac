/// What one binding does to its object: a closure made at `bind` time, in the
/// caller's module, where `Object` and `Value` are concrete types.
///
/// `bind`, `customize` and ``ThemedProperty``'s initialisers are `@inlinable` so that
/// the closure they make is compiled for the caller's types: the refresh loop then
/// calls specialised code — no generic metadata lookups, no value witnesses, no
/// dynamic casts — where methods of a generic class (which run unspecialised, through
/// their vtable, whatever the instance) cost about 2,400 instructions and an allocation
/// per binding.
@usableFromInline
typealias BindingBody = (AnyObject, ThemeContext) -> Void

/// What makes two bindings of one object the same binding, so binding it again
/// replaces the earlier one.
enum BindingIdentity {
    /// The key path written (or named, for a setter closure).
    case keyPath(AnyKeyPath)
    /// A `customize` closure's id.
    case customize(String)
    /// A `customize` closure without an id: every call adds one.
    case unique

    /// Whether a binding with this identity replaces one with `other`.
    ///
    /// Key paths are compared by identity first: the runtime makes one instance per
    /// key-path literal, so rebinding from the same call site costs a pointer
    /// comparison; only distinct instances are compared component by component. No
    /// hashing, no `AnyHashable` (whose conversion runs dynamic casts) at `bind`.
    func matches(_ other: BindingIdentity) -> Bool {
        switch (self, other) {
        case (.keyPath(let path), .keyPath(let otherPath)): path === otherPath || path == otherPath
        case (.customize(let id), .customize(let otherID)): id == otherID
        default: false
        }
    }
}

/// The work of one binding: its body and its identity.
///
/// A closure binding and a `customize` closure each have a work of their own; the
/// bindings of one ``ThemedProperty`` in one theme share one (see `SharedPropertyTemplate`).
@usableFromInline
// Sound: every stored property is a `let` set in `init`; the body's captured state is
// touched only by the owning theme's delivering thread (see ThemeCore).
final class BindingWork: @unchecked Sendable {
    let identity: BindingIdentity
    /// Runs the binding on the object it was bound to, with the context whose
    /// recorder notes what the run reads.
    let body: BindingBody

    init(identity: BindingIdentity, body: @escaping BindingBody) {
        self.identity = identity
        self.body = body
    }

    /// The work of a binding of the property `keyPath` names.
    @usableFromInline
    convenience init(keyPath: AnyKeyPath, body: @escaping BindingBody) {
        self.init(identity: .keyPath(keyPath), body: body)
    }

    /// The work of a `customize` closure, replaced by a later one with the same `id`.
    @usableFromInline
    convenience init(customizeID id: String?, body: @escaping BindingBody) {
        self.init(identity: id.map { .customize($0) } ?? .unique, body: body)
    }

    /// Whether this work and `other` are the same binding of an object.
    func hasSameIdentity(as other: BindingWork) -> Bool { identity.matches(other.identity) }

    /// Runs the work on `object` (the object it was bound to) with `context`.
    @inline(__always)
    func run(_ object: AnyObject, _ context: ThemeContext) { body(object, context) }
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
    ) -> BindingBody {
        return { object, context in
            // The provider runs before the write's access begins, so it may read the property.
            let value = provider(context)
            withExactCast(object, to: Object.self) { $0[keyPath: path] = value }
        }
    }

    /// A closure binding that writes through a setter closure (a computed or
    /// Objective-C property, without the key-path runtime).
    @inlinable
    static func setter<Object: AnyObject, Value>(
        _ setter: @escaping @Sendable (Object, Value) -> Void, _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) -> BindingBody {
        return { object, context in
            let value = provider(context)
            withExactCast(object, to: Object.self) { setter($0, value) }
        }
    }

    /// A `customize` closure.
    @inlinable
    static func customize<Object: AnyObject>(_ body: @escaping @Sendable (Object, ThemeContext) -> Void) -> BindingBody {
        return { object, context in withExactCast(object, to: Object.self) { body($0, context) } }
    }
}
