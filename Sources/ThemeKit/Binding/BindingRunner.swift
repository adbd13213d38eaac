/// One binding's work, specialised at `bind` time for its object and value types,
/// so the refresh loop performs no dynamic cast and no key-path hashing.
@usableFromInline
// Sound: created on the binding thread and handed over through the theme's lock;
// from then on only the delivering thread reads or writes it (the `var`s are
// caches set by the binding table and by `run`) — deliveries never overlap.
class BindingRunner: @unchecked Sendable {
    /// Byte offset of the property inside the object when the key path names a plain
    /// stored property; `0` when it does not (computed, observed, or through another
    /// object); `-1` while unknown.
    final var storedOffset: Int32 = -1
    /// The low bits of the key path's hash (`0` for `customize` runners), so the table
    /// compares an object's bindings without hashing key paths again.
    final var keyPathHash: Int32 = 0
    /// Whether one runner serves many bindings (a ``ThemedProperty``): it then keeps
    /// what it learns in the running theme, and `storedOffset` is unused.
    final let isShared: Bool
    /// Whether the object type is a class (not a class-bound existential), so an
    /// unchecked downcast to it is exact. (Stored here, next to the other small
    /// fields, to keep a runner in a 64-byte heap block.)
    final let isConcreteClass: Bool
    /// The process-wide serial of a shared runner (the key of its cache slot), `0` for
    /// every other runner — and for a shared one made after 2³² − 1 others, which then
    /// runs its provider per object: the refresh loop finds a shared value without
    /// calling `run`. (32 bits, beside the other small fields, keep the runner in a
    /// 64-byte heap block.)
    final let serial: UInt32

    @usableFromInline
    init(isShared: Bool = false, isConcreteClass: Bool = true, serial: UInt32 = 0) {
        self.isShared = isShared
        self.isConcreteClass = isConcreteClass
        self.serial = serial
    }

    /// The key path this runner writes; `nil` for `customize` runners.
    var keyPath: AnyKeyPath? { nil }

    /// Runs the provider and writes the result into `object`.
    func run(_ object: AnyObject, _ context: ThemeContext) { fatalError("abstract") }

    /// Copies the value at `source` — a value of this runner's property type, computed
    /// by this shared runner earlier in the pass — into the stored property at `offset`
    /// in `object` (see `SharedPropertyRunner`).
    func copyShared(from source: UnsafeRawPointer, to object: AnyObject, offset: Int) { fatalError("abstract") }
}

@usableFromInline
// Sound: see BindingRunner.
final class KeyPathBindingRunner<Object: AnyObject, Value>: BindingRunner, @unchecked Sendable {
    private let path: ReferenceWritableKeyPath<Object, Value>
    private let provider: @Sendable (ThemeContext) -> Value

    @usableFromInline
    init(path: ReferenceWritableKeyPath<Object, Value>, provider: @escaping @Sendable (ThemeContext) -> Value) {
        self.path = path
        self.provider = provider
        super.init(isConcreteClass: (Object.self as Any.Type) is AnyClass)
    }

    override var keyPath: AnyKeyPath? { path }

    override func run(_ object: AnyObject, _ context: ThemeContext) {
        // The provider runs before any access to the property begins, so it may read it.
        let value = provider(context)
        if storedOffset > 0 {
            // A plain stored property at a fixed offset in this very object (the runner
            // only ever runs on the object it was bound with, and a stored property has
            // the same offset in every instance of a class and of its subclasses): write
            // it directly, skipping the key-path runtime's retain and exclusivity bookkeeping.
            let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
            (base + Int(storedOffset)).assumingMemoryBound(to: Value.self).pointee = value
            return
        }
        // The table stores exactly the object bound with this runner, so for a
        // concrete class the unchecked downcast is exact.
        let typed = isConcreteClass ? unsafeDowncast(object, to: Object.self) : (object as! Object)
        if storedOffset == 0 {
            typed[keyPath: path] = value
        } else {
            storedOffset = Int32(StoredProperty.write(value, to: typed, at: path))
        }
    }
}

/// Finds whether a key path names a plain stored property of the object itself.
enum StoredProperty {
    /// Writes `value` through `path` as an in-out access and returns the property's
    /// offset inside `object` when the access projected storage inside the object's
    /// own instance — a plain stored property — or `0` otherwise (a computed or
    /// observed property is accessed through a temporary outside the object; a path
    /// through another object points into that object).
    static func write<Object: AnyObject, Value>(
        _ value: Value, to object: Object, at path: ReferenceWritableKeyPath<Object, Value>
    ) -> Int {
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
        let size = instanceSize(of: object)
        var offset = 0
        withUnsafeMutablePointer(to: &object[keyPath: path]) { pointer in
            pointer.pointee = value
            let distance = UnsafeMutableRawPointer(pointer) - base
            // Swift object headers are 16 bytes; the property must end inside the instance.
            if let size, distance >= 16, distance + MemoryLayout<Value>.size <= size { offset = distance }
        }
        return offset
    }

    /// The instance size recorded in the object's class metadata (the Swift ABI's
    /// `ClassMetadata.InstanceSize`), or `nil` when it does not look sane.
    ///
    /// Unlike asking the allocator, this is also right for objects that do not live in
    /// a `malloc` block (statically initialised globals).
    static func instanceSize(of object: AnyObject) -> Int? {
        let metadata = unsafeBitCast(type(of: object) as AnyClass, to: UnsafeRawPointer.self)
        #if canImport(ObjectiveC)
            // isa, superclass, two cache words and the rodata pointer come first.
            let fieldOffset = 48
        #else
            // kind, superclass, flags (32 bits) and the instance address point (32 bits).
            let fieldOffset = 24
        #endif
        let size = Int(metadata.load(fromByteOffset: fieldOffset, as: UInt32.self))
        return size >= 16 && size < 1 << 24 ? size : nil
    }
}

// Sound: immutable after init (see BindingRunner).
final class CustomizeRunner<Object: AnyObject>: BindingRunner, @unchecked Sendable {
    private let body: @Sendable (Object, ThemeContext) -> Void

    init(body: @escaping @Sendable (Object, ThemeContext) -> Void) {
        self.body = body
        super.init(isConcreteClass: (Object.self as Any.Type) is AnyClass)
    }

    override func run(_ object: AnyObject, _ context: ThemeContext) {
        let typed = isConcreteClass ? unsafeDowncast(object, to: Object.self) : (object as! Object)
        body(typed, context)
    }
}
