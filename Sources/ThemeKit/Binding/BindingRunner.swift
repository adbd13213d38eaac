/// One kind of binding work, specialised for its object and value types, so the
/// refresh loop performs no dynamic cast and no key-path hashing.
///
/// A closure binding's runner is shared by every binding of its key path in one theme
/// (the binding's own provider lives in its record, see `ProviderStorage`); a themed
/// property's runner by every binding of that property; a `customize` runner is its
/// binding's own.
@usableFromInline
// Sound: after its hand-over under the theme's lock only the (never overlapping) delivering thread touches its `var`s (`tableUses` only on runners of one theme's cache; shared runners keep -1, never written).
class BindingRunner: @unchecked Sendable {
    /// Byte offset of the property inside the object when the key path names a plain
    /// stored property; `0` when it does not (computed, observed, or through another
    /// object); `-1` while unknown.
    final var storedOffset: Int32 = -1
    /// The low bits of the key path's hash (`0` for `customize` runners), so the table
    /// compares an object's bindings without hashing key paths again.
    final var keyPathHash: Int32 = 0
    /// Whether the object type is a class (not a class-bound existential), so an
    /// unchecked downcast to it is exact.
    final let isConcreteClass: Bool
    /// The process-wide serial of a runner that shares values (the key of its cache
    /// slots): a themed property's, or a closure runner's for the closures that capture
    /// nothing. `0` for every other runner — and for one made after 2³² − 1 others,
    /// which then runs its providers per object. The refresh loop finds a shared value
    /// without calling `run`.
    final let serial: UInt32
    /// The key path this runner writes; `nil` for `customize` runners.
    final let keyPath: AnyKeyPath?
    /// Copies a value of this runner's property type, computed by this runner earlier in
    /// the pass, into an object's stored property (see `SharedAssign`).
    final let assignShared: SharedAssign
    /// How the refresh loop copies such a value: inline for the common types, else by
    /// `assignShared`.
    final let sharedCopy: SharedCopy
    /// For a runner made by a table's `KeyPathRunnerCache` (which belongs to that one
    /// table and keeps the runner alive): how many of the table's bindings use it, so
    /// they need not each retain it. `-1` for every other runner: each binding retains it.
    final var tableUses = -1

    @usableFromInline
    init(
        keyPath: AnyKeyPath?, isConcreteClass: Bool = true, serial: UInt32 = 0,
        assignShared: @escaping SharedAssign = { _, _ in }, sharedCopy: SharedCopy = .call
    ) {
        self.keyPath = keyPath
        self.isConcreteClass = isConcreteClass
        self.serial = serial
        self.assignShared = assignShared
        self.sharedCopy = sharedCopy
        if let keyPath { keyPathHash = Int32(truncatingIfNeeded: keyPath.hashValue) }
    }

    /// A new serial (see `serial`), `0` once they have run out.
    static func makeSerial() -> UInt32 {
        serials.withLock { next -> UInt32 in
            guard next < .max else { return 0 }
            next += 1
            return next
        }
    }

    /// The runner for closure bindings of `keyPath` (a key path of the type this class
    /// is specialised for), copying shared values with `assign` (made for its value
    /// type); only `KeyPathBindingRunner` makes one.
    class func makeRunner(for keyPath: AnyKeyPath, assign: @escaping SharedAssign) -> BindingRunner {
        fatalError("abstract")
    }

    /// Gives back the provider in `provider`, the storage of a binding run by a runner
    /// of this class (nothing to do for runners without per-binding providers).
    class func destroyProvider(_ provider: UnsafeMutableRawPointer) {}

    /// Gives back the provider in `provider`, the storage of a binding of this runner.
    func destroyProvider(_ provider: UnsafeMutableRawPointer) {}

    /// Runs the provider — this runner's own, or the binding's at `provider` — and
    /// writes the result into `object`.
    func run(_ object: AnyObject, _ context: ThemeContext, _ provider: UnsafeMutableRawPointer) {
        fatalError("abstract")
    }
}

/// Copies the value at `source` into the property at `destination` (both of one type,
/// fixed by whoever made the function); `source` stays initialised.
@usableFromInline
typealias SharedAssign = @Sendable (_ destination: UnsafeMutableRawPointer, _ source: UnsafeRawPointer) -> Void

/// The `SharedAssign` for `Value`. Inlined where `Value` is known, so the copy is
/// specialised there (a direct copy of the value's fields, not a call through the
/// type's value witnesses), and the closure captures nothing.
@inlinable
func sharedAssign<Value>(_ type: Value.Type) -> SharedAssign {
    { destination, source in
        destination.assumingMemoryBound(to: Value.self).pointee = source.assumingMemoryBound(to: Value.self).pointee
    }
}

/// The runner of every closure binding of one key path in one theme.
@usableFromInline
// Sound: see BindingRunner.
final class KeyPathBindingRunner<Object: AnyObject, Value>: BindingRunner, @unchecked Sendable {
    private let path: ReferenceWritableKeyPath<Object, Value>
    /// `ProviderBox<Value>`, kept so destroying a provider passes the metadata along
    /// instead of looking it up in the runtime's generic-metadata cache (~300
    /// instructions) per binding.
    private let boxType: Any.Type

    init(path: ReferenceWritableKeyPath<Object, Value>, assign: @escaping SharedAssign) {
        self.path = path
        boxType = ProviderBox<Value>.self
        // Providers of objects run per object: each view gets its own instance.
        super.init(
            keyPath: path, isConcreteClass: (Object.self as Any.Type) is AnyClass,
            serial: StoredProperty.holdsObjects(Value.self) ? 0 : BindingRunner.makeSerial(), assignShared: assign,
            sharedCopy: SharedCopy(Value.self))
    }

    override class func makeRunner(for keyPath: AnyKeyPath, assign: @escaping SharedAssign) -> BindingRunner {
        // The caller passes the key path it bound with this very class.
        KeyPathBindingRunner(path: keyPath as! ReferenceWritableKeyPath<Object, Value>, assign: assign)
    }

    /// Calls the provider where it lies, without a retain and a release of its context.
    ///
    /// A copyable box read through a pointer is copied out before the call, however the
    /// callee takes it; a noncopyable one is borrowed in place. So the call goes through
    /// `BorrowedProvider`, the same single closure field. Measured on the full switch with
    /// closures that capture: 429 -> 373 instructions per binding, one pair of atomic
    /// operations fewer.
    @inline(__always)
    private static func call(_ box: UnsafeMutablePointer<ProviderBox<Value>>, _ context: ThemeContext) -> Value {
        // Not `withMemoryRebound`: unspecialised here, it looks up the box type's generic
        // metadata on every call (about 700 instructions).
        let borrowed = UnsafeMutableRawPointer(box).assumingMemoryBound(to: BorrowedProvider<Value>.self)
        return callBorrowed(borrowed.pointee, context)
    }

    @inline(__always)
    private static func callBorrowed(_ box: borrowing BorrowedProvider<Value>, _ context: ThemeContext) -> Value {
        box.provider(context)
    }

    override class func destroyProvider(_ provider: UnsafeMutableRawPointer) {
        provider.assumingMemoryBound(to: ProviderBox<Value>.self).deinitialize(count: 1)
    }

    override func destroyProvider(_ provider: UnsafeMutableRawPointer) {
        // `boxType` is `ProviderBox<Value>`: opening it passes its metadata to `destroy`.
        destroy(provider, as: boxType)
    }

    private func destroy<Box>(_ provider: UnsafeMutableRawPointer, as type: Box.Type) {
        provider.assumingMemoryBound(to: Box.self).deinitialize(count: 1)
    }

    override func run(_ object: AnyObject, _ context: ThemeContext, _ binding: UnsafeMutableRawPointer) {
        // The record of a binding of this key path holds a `ProviderBox<Value>` (the
        // table looks runners up by key path, and the key path fixes `Value`).
        // The provider runs before any access to the property begins, so it may read it.
        let provider = binding.assumingMemoryBound(to: ProviderBox<Value>.self)
        let (function, captures) = binding.load(as: (UInt, UInt).self)
        if captures == 0, serial != 0 {
            // A closure is its code and a context holding its captures; with no context
            // it captures nothing, so what it returns follows from what it reads alone.
            runShared(object, context, provider, function: function)
            return
        }
        write(Self.call(provider, context), to: object)
    }

    /// Runs a provider that captures nothing once per pass and appearance, as a
    /// themed property runs, and copies that value into every object bound with it.
    private func runShared(
        _ object: AnyObject, _ context: ThemeContext, _ provider: UnsafeMutablePointer<ProviderBox<Value>>,
        function: UInt
    ) {
        let results = context.recorder.sharedResults
        guard
            let slot = results.slot(
                for: UInt64(serial), function: function, stamp: context.recorder.state.pointee.valuesStamp)
        else {
            // Another provider holds this slot with a current value: run per object.
            write(Self.call(provider, context), to: object)
            return
        }
        // The offset is this runner's (learned by its first write): the refresh loop
        // copies shared values only into plain stored properties.
        results.run(
            in: slot, context, offset: { storedOffset }, compute: { Self.call(provider, context) },
            write: { write($0, to: object) })
    }

    /// Writes `value` into `object`'s property.
    @inline(__always)
    private func write(_ value: Value, to object: AnyObject) {
        if storedOffset > 0 {
            // A plain stored property at a fixed offset (a stored property has the same
            // offset in every instance of a class and of its subclasses): write it
            // directly, skipping the key-path runtime's retain and exclusivity bookkeeping.
            let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
            (base + Int(storedOffset)).assumingMemoryBound(to: Value.self).pointee = value
            return
        }
        // The table runs a binding only on the object it was bound with, so for a
        // concrete class the unchecked downcast is exact.
        let typed = isConcreteClass ? unsafeDowncast(object, to: Object.self) : (object as! Object)
        if storedOffset == 0 {
            typed[keyPath: path] = value
        } else {
            storedOffset = Int32(StoredProperty.write(value, to: typed, at: path))
        }
    }
}

/// The serial numbers of runners that share values.
private let serials = Locked<UInt32>(0)

/// Finds whether a key path names a plain stored property of the object itself.
enum StoredProperty {
    /// Whether values of `type` may be objects — a class, an existential (`Any`,
    /// `AnyObject`, `any P`), or an optional of one — which a provider may create
    /// afresh for each view.
    static func holdsObjects(_ type: Any.Type) -> Bool {
        if type is AnyObject.Type || isExistential(type) { return true }
        if let optional = type as? any OptionalMarker.Type { return holdsObjects(optional.wrappedType) }
        return false
    }

    /// Whether `type` is an existential type. The Swift ABI puts a metadata record's
    /// kind in its first word (for class metadata with Objective-C interop, an isa
    /// pointer, which is never this small); existential metadata is kind 0x303.
    private static func isExistential(_ type: Any.Type) -> Bool {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x303
    }

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
        super.init(keyPath: nil, isConcreteClass: (Object.self as Any.Type) is AnyClass)
    }

    override func run(_ object: AnyObject, _ context: ThemeContext, _ binding: UnsafeMutableRawPointer) {
        let typed = isConcreteClass ? unsafeDowncast(object, to: Object.self) : (object as! Object)
        body(typed, context)
    }
}

/// Lets `StoredProperty.holdsObjects` look through optionals.
protocol OptionalMarker {
    static var wrappedType: Any.Type { get }
}

extension Optional: OptionalMarker {
    static var wrappedType: Any.Type { Wrapped.self }
}
