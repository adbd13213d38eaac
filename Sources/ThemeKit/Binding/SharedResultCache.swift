/// One theme's memory of what each ``ThemedProperty`` computed from the current values.
///
/// A themed property's provider runs once per snapshot of the theme's values for
/// each appearance it meets; every further object bound with it reuses that value. The cache is per theme (in
/// its `DependencyRecorder`), so one property can serve several themes on several
/// threads without sharing mutable state. It is direct-mapped on the property's
/// serial number with a fixed number of slots: memory stays bounded however many
/// properties an app creates, and two properties that collide while both are current
/// simply run their providers per object.
///
/// Only the delivering thread of the owning theme touches it.
struct SharedResultCache {
    /// What one property computed, and for which pass and appearance.
    struct Slot {
        /// The serial of the property that owns the slot (`0`: none).
        var serial: UInt64 = 0
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

    /// The value the property with `serial` computed under `stamp` for this appearance,
    /// when it has one and knows the stored offset it is copied to; `nil` otherwise
    /// (also for serial `0`: not a shared runner).
    @inline(__always)
    func currentValue(
        serial: UInt32, stamp: UInt32, style: ThemeStyle, contrast: ThemeContrast
    ) -> (storage: UnsafeRawPointer, offset: Int, read: UInt64)? {
        guard serial != 0 else { return nil }
        let slot = slots + Int(serial & UInt32(Self.slotCount - 1))
        guard slot.pointee.serial == UInt64(serial), slot.pointee.stamp == stamp, slot.pointee.storedOffset > 0,
            let storage = slot.pointee.storage, slot.pointee.contrast == contrast, slot.pointee.style == style
        else { return nil }
        return (UnsafeRawPointer(storage), Int(slot.pointee.storedOffset), slot.pointee.read)
    }

    /// The slot of `serial`, claiming it when another property left a value computed
    /// from older values; `nil` when another property's value in it is current.
    @inline(__always)
    func slot(for serial: UInt64, stamp: UInt32) -> UnsafeMutablePointer<Slot>? {
        let slot = slots + Int(serial & UInt64(Self.slotCount - 1))
        if slot.pointee.serial == serial { return slot }
        if slot.pointee.serial != 0 && slot.pointee.stamp == stamp { return nil }
        slot.pointee = Slot(serial: serial)
        return slot
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
