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
            keyPath: path, isShared: true, isConcreteClass: (Object.self as Any.Type) is AnyClass,
            serial: BindingRunner.makeSerial(), assignShared: assign)
    }

    override func run(_ object: AnyObject, _ context: ThemeContext, _ binding: UnsafeMutableRawPointer) {
        let recorder = context.recorder
        let state = recorder.state
        let stamp = state.pointee.valuesStamp
        guard serial != 0, let slot = recorder.sharedResults.slot(for: UInt64(serial), stamp: stamp) else {
            // Another property holds this slot with a current value: run per object.
            write(provider(context), to: object, slot: nil)
            return
        }
        if slot.pointee.holdsValue(stamp: stamp, style: context.resolvedStyle, contrast: context.resolvedContrast),
            let storage = slot.pointee.storage
        {
            // Computed earlier from the same values for the same appearance: the same
            // reads, the same value.
            state.pointee.read = slot.pointee.read
            copy(from: storage.assumingMemoryBound(to: Value.self), to: object, slot: slot)
            // Sealed when stored, unless the offset was unknown then.
            if slot.pointee.copyKey == 0 { seal(slot, context) }
            return
        }
        state.pointee.readsInitialApplication = false
        let value = provider(context)
        // A provider that asked whether this is the first run answers per object.
        guard !state.pointee.readsInitialApplication else {
            write(value, to: object, slot: slot)
            return
        }
        let storage = slot.pointee.store(
            value, stamp: stamp, style: context.resolvedStyle, contrast: context.resolvedContrast,
            read: state.pointee.read)
        copy(from: storage, to: object, slot: slot)
        seal(slot, context)
    }

    /// Lets the refresh loop copy the slot's value for this appearance (see `SharedResultCache.Slot.seal`).
    private func seal(_ slot: UnsafeMutablePointer<SharedResultCache.Slot>, _ context: ThemeContext) {
        let key = context.recorder.sharedResults.appearanceKey(
            stamp: slot.pointee.stamp, style: context.resolvedStyle, contrast: context.resolvedContrast)
        slot.pointee.seal(key: key)
    }

    /// Writes the shared value at `source` into `object`, straight into a plain stored
    /// property when its offset is known (see `KeyPathBindingRunner.run`).
    private func copy(
        from source: UnsafeMutablePointer<Value>, to object: AnyObject,
        slot: UnsafeMutablePointer<SharedResultCache.Slot>
    ) {
        let offset = slot.pointee.storedOffset
        if offset > 0 {
            let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
            assignShared(base + Int(offset), UnsafeRawPointer(source))
        } else {
            write(source.pointee, to: object, slot: slot)
        }
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
