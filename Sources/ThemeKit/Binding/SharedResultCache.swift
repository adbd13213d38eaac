/// One theme's memory of what each shared provider computed from the current values:
/// each ``ThemedProperty``, and each closure that captures nothing bound to a key path
/// (see `KeyPathBindingRunner.run`).
///
/// A shared provider runs once per snapshot of the theme's values for each appearance
/// it meets; every further object bound with it reuses that value. The cache is per
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
        /// The value, in a box the owner made (a `SharedValueBox` of its value type).
        var box: AnyObject?
        /// `box`'s storage, read on the hot path without reference counting.
        var storage: UnsafeMutableRawPointer?
    }

    static let slotCount = 256
    private(set) var slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
    }

    /// Frees the slots. Call once, when the owner goes away.
    func deallocate() {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// Where the value of the runner with `serial` (and closure `function`) lives.
    ///
    /// Themed properties (function `0`) map straight by serial, so up to `slotCount`
    /// of them never collide; closures mix in their code address.
    @inline(__always)
    private func slotAddress(serial: UInt64, function: UInt) -> UnsafeMutablePointer<Slot> {
        let mixed = function == 0 ? serial : ((serial ^ UInt64(function)) &* 0x9E37_79B9_7F4A_7C15) >> 32
        return slots + Int(truncatingIfNeeded: mixed & UInt64(Self.slotCount - 1))
    }

    /// The value the runner with `serial` (and closure `function`) computed under
    /// `stamp` for this appearance, when it has one and knows the stored offset it is
    /// copied to; `nil` otherwise (also for serial `0`: not a shared runner).
    @inline(__always)
    func currentValue(
        serial: UInt32, function: UInt, stamp: UInt32, style: ThemeStyle, contrast: ThemeContrast
    ) -> (storage: UnsafeRawPointer, offset: Int, read: UInt64)? {
        guard serial != 0 else { return nil }
        let slot = slotAddress(serial: UInt64(serial), function: function)
        guard slot.pointee.serial == UInt64(serial), slot.pointee.function == function, slot.pointee.stamp == stamp,
            slot.pointee.storedOffset > 0, let storage = slot.pointee.storage, slot.pointee.contrast == contrast,
            slot.pointee.style == style
        else { return nil }
        return (UnsafeRawPointer(storage), Int(slot.pointee.storedOffset), slot.pointee.read)
    }

    /// The slot of `serial` and `function`, claiming it when another runner left a
    /// value computed from older values; `nil` when another runner's value in it is current.
    @inline(__always)
    func slot(for serial: UInt64, function: UInt = 0, stamp: UInt32) -> UnsafeMutablePointer<Slot>? {
        let slot = slotAddress(serial: serial, function: function)
        if slot.pointee.serial == serial && slot.pointee.function == function { return slot }
        if slot.pointee.serial != 0 && slot.pointee.stamp == stamp { return nil }
        slot.pointee = Slot(serial: serial, function: function)
        return slot
    }
}

extension SharedResultCache.Slot {
    /// Whether the slot holds a value computed under `stamp` for `style` and `contrast`.
    @inline(__always)
    func holdsValue(stamp: UInt32, style: ThemeStyle, contrast: ThemeContrast) -> Bool {
        self.stamp == stamp && storage != nil && self.style == style && self.contrast == contrast
    }

    /// Keeps `value`, computed under `stamp` for `style` and `contrast` with reads
    /// `read`, and returns where it lies. The slot's box, if any, must hold a `Value`
    /// (a slot is owned by one runner, whose value type is fixed, and serials are never reused).
    @inline(__always)
    mutating func store<Value>(
        _ value: Value, stamp: UInt32, style: ThemeStyle, contrast: ThemeContrast, read: UInt64
    ) -> UnsafeMutablePointer<Value> {
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
        return storage
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
