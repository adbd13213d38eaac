/// One theme's memory of what each shared provider computed from the current values:
/// each ``ThemedProperty``, and each closure that captures nothing bound to a key path
/// (see `KeyPathBindingRunner.run`).
///
/// A shared provider runs once per set of the theme's extension values for each
/// appearance it meets; every further object bound with it reuses that value. A change
/// of style or contrast keeps the values, and each slot also keeps the value of the
/// appearance before: switching dark → light → dark runs each provider once per
/// appearance, not once per switch. The cache is per
/// theme (in its `DependencyRecorder`), so one property can serve several themes on
/// several threads without sharing mutable state. It is direct-mapped on the runner's
/// serial number (and the closure's function) with a fixed number of slots: memory
/// stays bounded however many properties an app creates, and two providers that
/// collide while both are current simply run per object.
///
/// Only the delivering thread of the owning theme touches it.
struct SharedResultCache {
    /// What one property computed, and for which pass and appearance.
    struct Slot {
        /// The serial of the runner that owns the slot (`0`: none).
        var serial: UInt64 = 0
        /// With a closure runner's serial, the address of the closure's code (a closure
        /// that captures nothing is that code alone); `0` for a themed property.
        var function: UInt = 0
        /// The recorder's `valuesStamp` when the value was computed (`0`: no value).
        var stamp: UInt32 = 0
        /// The byte offset of the property's key path in its objects (see
        /// `BindingRunner.storedOffset`), learned once per owner.
        var storedOffset: Int32 = -1
        var style = ThemeStyle.light
        var contrast = ThemeContrast.standard
        /// What the provider read when it computed the value.
        var read: UInt64 = 0
        /// The appearance key (see `appearanceKey`) the value holds for, when it is set
        /// and `storedOffset` is known (positive): the refresh loop's one-word check. `0`: none.
        var copyKey: UInt64 = 0
        /// The value, in a box the owner made (a `SharedValueBox` of its value type).
        var box: AnyObject?
        /// `box`'s storage, read on the hot path without reference counting.
        var storage: UnsafeMutableRawPointer?
        /// The value the slot held before, for another appearance (see `Earlier`).
        var earlier = Earlier()
    }

    /// The value a slot held before its current one: computed under `stamp` for another
    /// appearance. Switching back to that appearance (dark, then light again) takes it
    /// back instead of running the provider, while the values stay the same.
    struct Earlier {
        var stamp: UInt32 = 0
        var style = ThemeStyle.light
        var contrast = ThemeContrast.standard
        var read: UInt64 = 0
        var box: AnyObject?
        var storage: UnsafeMutableRawPointer?
    }

    /// The appearances met under the current stamp, numbered for `appearanceKey`.
    struct Appearances {
        var stamp: UInt32 = 0
        var seen: [(style: ThemeStyle, contrast: ThemeContrast)] = []
        var last: (stamp: UInt32, style: ThemeStyle, contrast: ThemeContrast, key: UInt64) = (0, .light, .standard, 0)
    }

    /// One slot per value of `BindingRecord.sharedSlot`.
    static let slotCount = 256
    static let appearanceLimit = 64
    private(set) var slots: UnsafeMutablePointer<Slot>
    private let appearances: UnsafeMutablePointer<Appearances>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
        appearances = .allocate(capacity: 1)
        appearances.initialize(to: Appearances())
    }

    /// Frees the slots. Call once, when the owner goes away.
    func deallocate() {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
        appearances.deinitialize(count: 1)
        appearances.deallocate()
    }

    /// The index of the slot of the runner with `serial` (and closure `function`).
    ///
    /// Themed properties (function `0`) map straight by serial, so up to `slotCount`
    /// of them never collide; closures mix in their code address.
    @inline(__always)
    static func slotIndex(serial: UInt64, function: UInt) -> UInt8 {
        let mixed = function == 0 ? serial : ((serial ^ UInt64(function)) &* 0x9E37_79B9_7F4A_7C15) >> 32
        return UInt8(truncatingIfNeeded: mixed)
    }

    /// The key of the appearance `style` and `contrast` under values `stamp`: equal keys,
    /// equal stamp and appearance. `0` (no key) past `appearanceLimit` appearances under one stamp.
    @inline(__always)
    func appearanceKey(stamp: UInt32, style: ThemeStyle, contrast: ThemeContrast) -> UInt64 {
        // Compared in place: a copy of `last` would retain and release its style.
        if appearances.pointee.last.stamp == stamp, appearances.pointee.last.contrast == contrast,
            appearances.pointee.last.style == style
        {
            return appearances.pointee.last.key
        }
        return internAppearance(stamp: stamp, style: style, contrast: contrast)
    }

    /// Whether every appearance key of the current stamp is taken: the next new
    /// appearance gets none (so the recorder starts a new stamp with its next snapshot).
    var appearancesAreFull: Bool { appearances.pointee.seen.count >= Self.appearanceLimit }

    private func internAppearance(stamp: UInt32, style: ThemeStyle, contrast: ThemeContrast) -> UInt64 {
        if appearances.pointee.stamp != stamp {
            appearances.pointee.stamp = stamp
            appearances.pointee.seen.removeAll(keepingCapacity: true)
        }
        var index = appearances.pointee.seen.firstIndex { $0.style == style && $0.contrast == contrast }
        if index == nil, appearances.pointee.seen.count < Self.appearanceLimit {
            appearances.pointee.seen.append((style, contrast))
            index = appearances.pointee.seen.count - 1
        }
        let key = index.map { UInt64(stamp) << 32 | UInt64($0 + 1) } ?? 0
        appearances.pointee.last = (stamp, style, contrast, key)
        return key
    }

    /// The value of the binding at `record` (a shareable one, see `BindingRecord`, of a
    /// runner with `serial`) computed for the appearance with `key`, when this pass or
    /// an earlier one under the same values has it and knows the stored offset it is
    /// copied to; `nil` otherwise.
    @inline(__always)
    func currentValue(
        of record: UnsafeMutablePointer<BindingRecord>, serial: UInt32, key: UInt64
    ) -> UnsafeMutablePointer<Slot>? {
        let slot = slots + Int(record.pointee.sharedSlot)
        guard slot.pointee.copyKey == key, key != 0, slot.pointee.serial == UInt64(serial),
            slot.pointee.function == record.pointee.provider.words.0
        else { return nil }
        return slot
    }

    /// The slot of `serial` and `function`, claiming it when another runner left a
    /// value computed from older values; `nil` when another runner's value in it is current.
    @inline(__always)
    func slot(for serial: UInt64, function: UInt = 0, stamp: UInt32) -> UnsafeMutablePointer<Slot>? {
        let slot = slots + Int(Self.slotIndex(serial: serial, function: function))
        if slot.pointee.serial == serial && slot.pointee.function == function { return slot }
        if slot.pointee.serial != 0 && slot.pointee.stamp == stamp { return nil }
        slot.pointee = Slot(serial: serial, function: function)
        return slot
    }
}

extension SharedResultCache {
    /// One run of a shared provider whose values live in `slot`: copies the slot's value
    /// when it is current for the context's appearance; otherwise calls `compute` and
    /// keeps its value — unless the provider asked whether this is the first run, an
    /// answer that differs per object. `write` puts a value into the object; `offset`
    /// gives, after a write, the stored-property offset to record in the slot (`nil`:
    /// the slot's own, which `write` maintains).
    @inline(__always)
    func run<Value>(
        in slot: UnsafeMutablePointer<Slot>, _ context: ThemeContext, offset: () -> Int32?,
        compute: () -> Value, write: (Value) -> Void
    ) {
        let state = context.recorder.state
        let stamp = state.pointee.valuesStamp
        let style = context.resolvedStyle
        let contrast = context.resolvedContrast
        if slot.pointee.holdsValue(stamp: stamp, style: style, contrast: contrast)
            || slot.pointee.takeEarlier(stamp: stamp, style: style, contrast: contrast),
            let storage = slot.pointee.storage
        {
            // Computed earlier from the same values for the same appearance: the same
            // reads, the same value.
            state.pointee.read = slot.pointee.read
            write(storage.assumingMemoryBound(to: Value.self).pointee)
            // Sealed when stored, unless the offset was unknown then.
            if slot.pointee.copyKey == 0 {
                seal(slot, offset: offset(), stamp: stamp, style: style, contrast: contrast)
            }
            return
        }
        state.pointee.readsInitialApplication = false
        let value = compute()
        guard !state.pointee.readsInitialApplication else {
            write(value)
            return
        }
        _ = slot.pointee.store(value, stamp: stamp, style: style, contrast: contrast, read: state.pointee.read)
        write(value)
        seal(slot, offset: offset(), stamp: stamp, style: style, contrast: contrast)
    }

    /// Lets the refresh loop copy the slot's value for this appearance by key.
    private func seal(
        _ slot: UnsafeMutablePointer<Slot>, offset: Int32?, stamp: UInt32, style: ThemeStyle, contrast: ThemeContrast
    ) {
        if let offset { slot.pointee.storedOffset = offset }
        slot.pointee.seal(key: appearanceKey(stamp: stamp, style: style, contrast: contrast))
    }
}

extension SharedResultCache.Slot {
    /// Whether the slot holds a value computed under `stamp` for `style` and `contrast`.
    /// (`mutating` only so that a call through a pointer reads the slot in place
    /// instead of copying it, which would retain and release its box and style.)
    @inline(__always)
    mutating func holdsValue(stamp: UInt32, style: ThemeStyle, contrast: ThemeContrast) -> Bool {
        self.stamp == stamp && storage != nil && self.style == style && self.contrast == contrast
    }

    /// Makes the earlier value current when it was computed under `stamp` for `style`
    /// and `contrast` (the current one becomes the earlier one); `false` otherwise.
    /// The caller seals the slot again: its copy key is cleared.
    @inline(never)
    mutating func takeEarlier(stamp: UInt32, style: ThemeStyle, contrast: ThemeContrast) -> Bool {
        guard earlier.stamp == stamp, earlier.storage != nil, earlier.style == style, earlier.contrast == contrast
        else { return false }
        swapWithEarlier()
        copyKey = 0
        return true
    }

    /// Exchanges the current value (with its stamp, appearance and reads) and the earlier one.
    private mutating func swapWithEarlier() {
        swap(&stamp, &earlier.stamp)
        swap(&style, &earlier.style)
        swap(&contrast, &earlier.contrast)
        swap(&read, &earlier.read)
        swap(&box, &earlier.box)
        swap(&storage, &earlier.storage)
    }

    /// Keeps `value`, computed under `stamp` for `style` and `contrast` with reads
    /// `read`, and returns where it lies. The slot's boxes, if any, must hold a `Value`
    /// (a slot is owned by one runner, whose value type is fixed, and serials are never
    /// reused). A current value of the same stamp for another appearance becomes the
    /// earlier one; the value it displaces there is overwritten in its box.
    @inline(__always)
    mutating func store<Value>(
        _ value: Value, stamp: UInt32, style: ThemeStyle, contrast: ThemeContrast, read: UInt64
    ) -> UnsafeMutablePointer<Value> {
        if self.stamp == stamp, storage != nil { swapWithEarlier() }
        let storage: UnsafeMutablePointer<Value>
        if let existing = self.storage {
            storage = existing.assumingMemoryBound(to: Value.self)
            storage.pointee = value
        } else {
            let box = SharedValueBox(value)
            self.box = box
            self.storage = UnsafeMutableRawPointer(box.storage)
            storage = box.storage
        }
        self.stamp = stamp
        self.style = style
        self.contrast = contrast
        self.read = read
        copyKey = 0
        return storage
    }

    /// Lets the refresh loop copy the value by `key` alone, once `storedOffset` is known.
    @inline(__always)
    mutating func seal(key: UInt64) {
        copyKey = storedOffset > 0 && storage != nil ? key : 0
    }
}

/// A value a themed property computed, boxed so slots of different value types can
/// share storage. The value lives behind a pointer: reading and replacing it needs
/// no dynamic exclusivity check.
final class SharedValueBox<Value> {
    let storage: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }
}
