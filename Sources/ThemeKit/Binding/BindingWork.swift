/// The work of one binding, specialised for its object and value types when it is
/// made (in `bind`), so the refresh loop performs no dynamic cast, no key-path hashing
/// and no lookup: it calls `run` on the object the binding was made for.
///
/// A closure binding and a `customize` closure each have a work object of their own;
/// the bindings of one ``ThemedProperty`` in one theme share one (`SharedPropertyWork`).
@usableFromInline
// Sound: every stored property is a `let` set in `init` (subclasses keep to the same rule,
// except `SharedPropertyWork`, whose cache only its theme's delivering thread touches).
class BindingWork: @unchecked Sendable {
    /// What makes two bindings of one object the same binding, so binding it again
    /// replaces the earlier one: the key path written, or a `customize` id; `nil` for
    /// a `customize` closure without an id (every call adds one).
    final let identity: AnyHashable?
    /// `identity`'s hash, computed once, so the table compares an object's bindings
    /// without hashing key paths again.
    final let identityHash: Int

    @usableFromInline
    init(identity: AnyHashable?) {
        self.identity = identity
        identityHash = identity?.hashValue ?? 0
    }

    /// Whether this work and `other` are the same binding of an object.
    final func hasSameIdentity(as other: BindingWork) -> Bool {
        guard let identity, identityHash == other.identityHash else { return false }
        return identity == other.identity
    }

    /// Runs the work on `object` (the object it was bound to) with `context`, whose
    /// recorder notes what the run reads.
    func run(_ object: AnyObject, _ context: ThemeContext) {
        preconditionFailure("ThemeKit: BindingWork.run is abstract")
    }
}

/// `object` as `Object`.
///
/// The table runs a binding only on the object it was bound with, which is an
/// `Object`; for a class type (not a class-bound existential) that makes the unchecked
/// downcast exact, which `unsafeDowncast` documents as its precondition.
@inline(__always)
func exactCast<Object: AnyObject>(_ object: AnyObject, to type: Object.Type, isClass: Bool) -> Object {
    isClass ? unsafeDowncast(object, to: Object.self) : (object as! Object)
}

/// Whether `Object` is a class type (not an existential such as `any P & AnyObject`).
@usableFromInline
func isClassType<Object: AnyObject>(_ type: Object.Type) -> Bool { (type as Any.Type) is AnyClass }

/// A closure binding that writes through a key path.
@usableFromInline
// Sound: immutable after init (see BindingWork).
final class KeyPathWork<Object: AnyObject, Value>: BindingWork, @unchecked Sendable {
    private let path: ReferenceWritableKeyPath<Object, Value>
    private let provider: @Sendable (ThemeContext) -> Value
    private let isClass: Bool

    @usableFromInline
    init(path: ReferenceWritableKeyPath<Object, Value>, provider: @escaping @Sendable (ThemeContext) -> Value) {
        self.path = path
        self.provider = provider
        isClass = isClassType(Object.self)
        super.init(identity: path)
    }

    override func run(_ object: AnyObject, _ context: ThemeContext) {
        // The provider runs before the write's access begins, so it may read the property.
        let value = provider(context)
        exactCast(object, to: Object.self, isClass: isClass)[keyPath: path] = value
    }
}

/// A closure binding that writes through a setter closure made at `bind` time (a
/// computed or Objective-C property without the key-path runtime); the key path is
/// its identity only.
@usableFromInline
// Sound: immutable after init (see BindingWork).
final class SetterWork<Object: AnyObject, Value>: BindingWork, @unchecked Sendable {
    private let setter: @Sendable (Object, Value) -> Void
    private let provider: @Sendable (ThemeContext) -> Value
    private let isClass: Bool

    @usableFromInline
    init(
        identity: AnyKeyPath, setter: @escaping @Sendable (Object, Value) -> Void,
        provider: @escaping @Sendable (ThemeContext) -> Value
    ) {
        self.setter = setter
        self.provider = provider
        isClass = isClassType(Object.self)
        super.init(identity: identity)
    }

    override func run(_ object: AnyObject, _ context: ThemeContext) {
        let value = provider(context)
        setter(exactCast(object, to: Object.self, isClass: isClass), value)
    }
}

/// The identity of a `customize` closure given an id (distinct from any key path).
struct CustomizeID: Hashable {
    let name: String
}

/// A `customize` closure.
// Sound: immutable after init (see BindingWork).
final class CustomizeWork<Object: AnyObject>: BindingWork, @unchecked Sendable {
    private let body: @Sendable (Object, ThemeContext) -> Void
    private let isClass: Bool

    init(id: String?, body: @escaping @Sendable (Object, ThemeContext) -> Void) {
        self.body = body
        isClass = isClassType(Object.self)
        super.init(identity: id.map { AnyHashable(CustomizeID(name: $0)) })
    }

    override func run(_ object: AnyObject, _ context: ThemeContext) {
        body(exactCast(object, to: Object.self, isClass: isClass), context)
    }
}
