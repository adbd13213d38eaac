#if !canImport(ObjectiveC)
    internal import ThemeKitRuntimeShims
#endif

/// The binding table's reference to a tracked object: it never keeps the object alive,
/// and it tells whether the object still is.
///
/// Where there is no Objective-C runtime (Linux), it holds an *unowned* reference count
/// instead of a `weak` reference. Both let the object deinitialise as soon as the app
/// lets go of it, but a weak reference gives the object a side table — a heap
/// allocation per object, and every retain and release of that object, anywhere in
/// the app, then takes the runtime's slow path — and each weak load goes through that
/// table (measured here: 48–100 ns per load and release, against about 10 ns for
/// `tryRetain`). The unowned count lives in the object's own header. The price: a
/// released object's memory block (not the object: it has deinitialised, and its
/// properties are gone) stays allocated until the table prunes its slot — at the next
/// pass that meets it, at a sweep (after as many new registrations as there are
/// tracked objects), or on `pruneReleasedObjects()` — where a weak reference would
/// keep its side table. The unowned count also means the address cannot be reused by
/// another object while the slot exists, so identity is an address comparison.
///
/// With an Objective-C runtime (Apple platforms) objects may be Objective-C objects,
/// which the unowned entry points do not accept: there it is a plain `weak` reference.
///
/// A value-type handle with manual ownership: call `release()` exactly once.
struct TrackedReference {
    #if canImport(ObjectiveC)
        private weak var weakObject: AnyObject?
    #endif
    /// The object's address.
    let address: UnsafeMutableRawPointer

    /// Starts tracking `object` without retaining it.
    init(_ object: AnyObject) {
        address = Unmanaged.passUnretained(object).toOpaque()
        #if canImport(ObjectiveC)
            weakObject = object
        #else
            themekit_unowned_retain(address)
        #endif
    }

    /// The object, strongly held for as long as the caller keeps the result, or `nil`
    /// once it has begun deinitialising.
    @inline(__always)
    func load() -> AnyObject? {
        #if canImport(ObjectiveC)
            return weakObject
        #else
            guard let retained = themekit_try_retain(address) else { return nil }
            return Unmanaged<AnyObject>.fromOpaque(retained).takeRetainedValue()
        #endif
    }

    /// Whether this refers to `object`, a live object the caller holds.
    @inline(__always)
    func refers(to object: AnyObject) -> Bool {
        #if canImport(ObjectiveC)
            return weakObject === object
        #else
            // The unowned count keeps the block allocated, so no other object can live at this address.
            return address == Unmanaged.passUnretained(object).toOpaque()
        #endif
    }

    /// Whether the object has begun deinitialising.
    var isReleased: Bool {
        #if canImport(ObjectiveC)
            return weakObject == nil
        #else
            // A load of the object's reference counts, where `load()` would retain and release it.
            return themekit_is_deallocating(address)
        #endif
    }

    /// Stops tracking: gives back the unowned count (the object's memory may be freed now).
    func release() {
        #if !canImport(ObjectiveC)
            themekit_unowned_release(address)
        #endif
    }
}
