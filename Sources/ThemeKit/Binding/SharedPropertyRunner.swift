import Foundation

/// The runner of a ``ThemedProperty``: one instance serves every object bound with
/// the property, in every theme. It holds no mutable state of its own — what it
/// learns (the value of the pass, the property's offset) lives in the running
/// theme's `SharedResultCache`.
@usableFromInline
// Sound: all stored state is `let` or written only in `init` (offsets live in each theme's cache, not here).
final class SharedPropertyRunner<Object: AnyObject, Value>: BindingRunner, @unchecked Sendable {
    let path: ReferenceWritableKeyPath<Object, Value>
    private let provider: @Sendable (ThemeContext) -> Value

    @usableFromInline
    init(
        path: ReferenceWritableKeyPath<Object, Value>, provider: @escaping @Sendable (ThemeContext) -> Value,
        assign: @escaping SharedAssign
    ) {
        self.path = path
        self.provider = provider
        // Process-wide unique, never reused: the key of this runner's cache slots
        // (`0` once the serials run out: the runner then never shares a value).
        super.init(
            keyPath: path, isConcreteClass: (Object.self as Any.Type) is AnyClass,
            serial: BindingRunner.makeSerial(), assignShared: assign, sharedCopy: SharedCopy(Value.self))
    }

    override func run(_ object: AnyObject, _ context: ThemeContext, _ binding: UnsafeMutableRawPointer) {
        let recorder = context.recorder
        guard serial != 0,
            let slot = recorder.sharedResults.slot(for: UInt64(serial), stamp: recorder.state.pointee.valuesStamp)
        else {
            // Another property holds this slot with a current value: run per object.
            write(provider(context), to: object, slot: nil)
            return
        }
        recorder.sharedResults.run(
            in: slot, context, offset: { nil }, compute: { provider(context) },
            write: { write($0, to: object, slot: slot) })
    }

    /// Writes `value` through the key path, learning the property's offset on the first
    /// write for this slot.
    private func write(_ value: Value, to object: AnyObject, slot: UnsafeMutablePointer<SharedResultCache.Slot>?) {
        let offset = slot?.pointee.storedOffset ?? 0
        if offset > 0 {
            let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
            (base + Int(offset)).assumingMemoryBound(to: Value.self).pointee = value
            return
        }
        let typed = isConcreteClass ? unsafeDowncast(object, to: Object.self) : (object as! Object)
        if offset == 0 {
            typed[keyPath: path] = value
        } else {
            slot?.pointee.storedOffset = Int32(StoredProperty.write(value, to: typed, at: path))
        }
    }
}
