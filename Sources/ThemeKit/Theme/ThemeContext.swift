/// What a provider sees when it runs: the resolved style, contrast and values
/// for the node its object is attached to.
///
/// Every read is recorded. A provider depends on exactly what it read during its
/// last run, so a provider that reads `env[Palette.self]` only when the style is
/// dark stops depending on `Palette` once it no longer reads it.
///
/// ```swift
/// theme.bind(label, \.textColor) { env in
///     env.style == .dark ? env[Palette.self].text : "#111111"
/// }
/// ```
///
/// A context is valid only while its provider runs; do not store it.
public struct ThemeContext {
    @usableFromInline let _resolvedStyle: ThemeStyle
    @usableFromInline let _resolvedContrast: ThemeContrast
    @usableFromInline let recorder: _DependencyRecorder
    /// The recorder's key for this appearance under the pass's values (see
    /// `_DependencyRecorder._appearanceKey`), which themed properties keep values by.
    @usableFromInline let _appearanceKey: UInt64

    /// `true` on a binding's first run, `false` on every later one.
    ///
    /// Adapters animate only later runs: the first application of a theme to a new
    /// view should appear at once, a later switch may cross-fade.
    public var isInitialApplication: Bool {
        recorder.state.pointee.readsInitialApplication = true
        return recorder.isInitial
    }

    init(style: ThemeStyle, contrast: ThemeContrast, recorder: _DependencyRecorder, _appearanceKey: UInt64) {
        _resolvedStyle = style
        _resolvedContrast = contrast
        self.recorder = recorder
        self._appearanceKey = _appearanceKey
    }

    /// Whether a UI adapter may animate this change (the opposite of ``isInitialApplication``).
    public var isAnimatable: Bool { !isInitialApplication }

    /// The effective style here: the nearest override on the node path, else the theme's.
    ///
    /// Reading it makes the running provider depend on the style.
    @inlinable
    public var style: ThemeStyle {
        recorder.addReads(_DependencyBits.style)
        return _resolvedStyle
    }

    /// The effective contrast here: the nearest override on the node path, else the theme's.
    ///
    /// Reading it makes the running provider depend on the contrast.
    @inlinable
    public var contrast: ThemeContrast {
        recorder.addReads(_DependencyBits.contrast)
        return _resolvedContrast
    }

    /// The value of an extension type here.
    ///
    /// Reading it makes the running provider depend on `type` (and on the style and
    /// contrast when a ``ThemeVariant`` supplies the type).
    /// - Complexity: O(number of extension types in use) for the type lookup; no
    ///   allocation, and only the fields the provider uses are copied.
    @inlinable
    public subscript<Extension: ThemeExtension>(_ type: Extension.Type) -> Extension {
        // An addressor: the provider reads `env[T.self].field` in place inside the box
        // the pass's snapshot keeps alive, copying one field instead of the whole
        // extension (a `_read` coroutine would do the same, but its frame is
        // heap-allocated whenever it is not inlined). Inlined into the provider, so the
        // lookup is specialised for `Extension` there.
        unsafeAddress { recorder.address(of: type, style: _resolvedStyle, contrast: _resolvedContrast) }
    }

    /// The value of an extension type here; the same as `self[type]`.
    public func value<Extension: ThemeExtension>(_ type: Extension.Type) -> Extension { self[type] }
}

/// Collects what one provider run reads. One instance serves a whole pass.
///
/// The mutable state lives behind a pointer so the hot reads in `ThemeContext`
/// need neither a retain nor a dynamic exclusivity check. Only the theme's delivering
/// thread touches it.
@usableFromInline
final class _DependencyRecorder {
    @usableFromInline
    struct State {
        @usableFromInline var read: UInt64 = 0
        @usableFromInline var isInitial = false
        /// Whether the running provider asked for `isInitialApplication` (its result
        /// then differs per object and cannot be shared).
        var readsInitialApplication = false
        /// Whether the runs are a ``Theme/refresh(_:)``: themed properties then run their
        /// provider again instead of writing a kept value.
        @usableFromInline var isRefresh = false
        /// Changes whenever the snapshot's extension values or variants do (not its
        /// style or contrast): themed-property values computed under one stamp are
        /// valid for the same appearance until it changes.
        var valuesStamp: UInt32 = 1
        /// Memo: the type the last lookup resolved and its registry id. Invalidated by
        /// nothing: ids never change, and a type's metadata (its identity) lives as long as
        /// the process. Pays for: `full-*` rows whose providers alternate types (the
        /// registry lookup locks and hashes).
        @usableFromInline var lastType: ObjectIdentifier?
        @usableFromInline var lastID = 0
        /// The appearance key of the context the running provider was given (see `begin`).
        @usableFromInline var currentKey: UInt64 = 0
        /// Memo: where the value of `lastAddressType` lies for the appearance
        /// `lastAddressKey` (never `0` while set), and what reading it adds to a run's
        /// reads: one pass's providers read the same types for the same appearance, object
        /// after object. Its own type, not `lastType`, which lookups without a key move on.
        /// Invalidated by: a new snapshot (the address lies in the snapshot's boxes or in
        /// `resolvedVariants`, both replaced with it; appearance keys restart with it too).
        /// Pays for: every `full-*` row (40 -> 23 instructions per `env[T.self]`, RESULTS.md).
        @usableFromInline var lastAddress: UnsafeRawPointer?
        @usableFromInline var lastAddressType: ObjectIdentifier?
        @usableFromInline var lastAddressKey: UInt64 = 0
        @usableFromInline var lastAddressReads: UInt64 = 0
        /// The pass's snapshot, kept alive by `retainedSnapshot`.
        @usableFromInline var snapshot: Unmanaged<_ValueSnapshot>
    }

    @usableFromInline let state: UnsafeMutablePointer<State>
    // Not checked for exclusivity at run time (the check was 76 instructions per bind,
    // callgrind `--profile register`): single-owner state (the delivering thread), and no
    // access is open while other code runs.
    @exclusivity(unchecked) private var retainedSnapshot: _ValueSnapshot
    /// Variant values resolved during this pass, by extension id, style and contrast:
    /// their boxes must outlive the addresses handed to providers.
    @exclusivity(unchecked) private var resolvedVariants:
        [(id: Int, style: ThemeStyle, contrast: ThemeContrast, box: _AnyExtensionBox)] = []
    /// The appearances met under the current stamp, numbered for `_appearanceKey`.
    @exclusivity(unchecked) private var appearances: [(style: ThemeStyle, contrast: ThemeContrast)] = []

    /// Appearances one stamp numbers; past it, `_appearanceKey` returns `0` until the
    /// next snapshot starts a new stamp.
    static let appearanceLimit = 64

    init(snapshot: _ValueSnapshot) {
        retainedSnapshot = snapshot
        state = .allocate(capacity: 1)
        state.initialize(to: State(snapshot: .passUnretained(snapshot)))
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The values providers read during this pass.
    var snapshot: _ValueSnapshot {
        get { retainedSnapshot }
        set {
            // A new stamp when the values changed, or when the current stamp has no
            // appearance keys left to give.
            if newValue.valuesVersion != retainedSnapshot.valuesVersion || appearances.count >= Self.appearanceLimit {
                state.pointee.valuesStamp = state.pointee.valuesStamp == .max ? 1 : state.pointee.valuesStamp + 1
                appearances.removeAll(keepingCapacity: true)
            }
            retainedSnapshot = newValue
            state.pointee.snapshot = .passUnretained(newValue)
            state.pointee.lastAddress = nil
            resolvedVariants.removeAll(keepingCapacity: true)
        }
    }

    /// The key of the appearance `style` and `contrast` under the values this pass
    /// reads: equal keys mean equal values stamp and appearance. `0` (no key) past
    /// `appearanceLimit` appearances under one stamp.
    func _appearanceKey(style: ThemeStyle, contrast: ThemeContrast) -> UInt64 {
        let stamp = UInt64(state.pointee.valuesStamp) << 32
        var key: UInt64 = 0
        // A loop over indices, not `firstIndex(where:)`: that closure retained the style's
        // string on every call (a bind's first run asks once).
        for index in appearances.indices where appearances[index].contrast == contrast {
            if appearances[index].style == style { return stamp | UInt64(index + 1) }
        }
        if appearances.count < Self.appearanceLimit {
            appearances.append((style, contrast))
            key = stamp | UInt64(appearances.count)
        }
        return key
    }

    /// The values stamp an appearance key was made under.
    static func stamp(of key: UInt64) -> UInt64 { key >> 32 }

    /// Whether this pass reads `snapshot` (compared by identity, without reference counting).
    @inline(__always)
    func reads(_ snapshot: _ValueSnapshot) -> Bool {
        state.pointee.snapshot.toOpaque() == Unmanaged.passUnretained(snapshot).toOpaque()
    }

    /// Where the value of `type` for `style` and `contrast` lies, adding what it depends
    /// on to the running provider's reads. Valid until the pass ends.
    ///
    /// Specialised but not inlined into providers: inlined, the optimiser copied the
    /// context's style and contrast on every call, memo hit or not.
    @inlinable @inline(never)
    func address<Extension: ThemeExtension>(
        of type: Extension.Type, style: ThemeStyle, contrast: ThemeContrast
    ) -> UnsafePointer<Extension> {
        let state = self.state
        let key = state.pointee.currentKey
        if key != 0, state.pointee.lastAddressKey == key, state.pointee.lastAddressType == ObjectIdentifier(type),
            let known = state.pointee.lastAddress
        {
            state.pointee.read |= state.pointee.lastAddressReads
            // Sound: `lastAddress` was found below for `lastAddressType`, this type, in this
            // snapshot (it is cleared when the snapshot changes), so it points at a live `Extension`.
            return known.assumingMemoryBound(to: Extension.self)
        }
        let found = lookUp(type, style: style, contrast: contrast)
        state.pointee.read |= found.reads
        if key != 0 {
            state.pointee.lastAddress = UnsafeRawPointer(found.address)
            state.pointee.lastAddressType = ObjectIdentifier(type)
            state.pointee.lastAddressKey = key
            state.pointee.lastAddressReads = found.reads
        }
        return found.address
    }

    /// Where the value of `type` for `style` and `contrast` lies, and what reading it adds
    /// to a run's reads (`lastType` and `lastID` remember the type's registry id).
    @inlinable
    func lookUp<Extension: ThemeExtension>(
        _ type: Extension.Type, style: ThemeStyle, contrast: ThemeContrast
    ) -> (address: UnsafePointer<Extension>, reads: UInt64) {
        let state = self.state
        return state.pointee.snapshot._withUnsafeGuaranteedRef { snapshot in
            let id: Int
            if state.pointee.lastType == ObjectIdentifier(type) {
                id = state.pointee.lastID
            } else {
                id = snapshot.id(of: type)
                state.pointee.lastType = ObjectIdentifier(type)
                state.pointee.lastID = id
            }
            if let variant = snapshot.variant(at: id) {
                let box = resolvedVariant(variant, id: id, style: style, contrast: contrast)
                // Sound: a variant registered for `id` resolves to boxes of that id's type.
                let address = UnsafePointer(unsafeDowncast(box, to: _ExtensionBox<Extension>.self).storage)
                return (address, _DependencyBits.bit(forExtension: id) | _DependencyBits.appearance)
            }
            // Applied values and fallbacks live as long as the snapshot, variant values
            // as long as `resolvedVariants`: both outlive the pass.
            return (snapshot.appliedValue(at: id, as: type), _DependencyBits.bit(forExtension: id))
        }
    }

    /// The value `variant` gives for `style` and `contrast`, resolved once per pass.
    @usableFromInline
    func resolvedVariant(
        _ variant: _AnyVariantBox, id: Int, style: ThemeStyle, contrast: ThemeContrast
    ) -> _AnyExtensionBox {
        for entry in resolvedVariants where entry.id == id && entry.style == style && entry.contrast == contrast {
            return entry.box
        }
        let box = variant.box(for: style, contrast: contrast)
        resolvedVariants.append((id, style, contrast, box))
        return box
    }

    /// Starts recording one binding's run, whose provider gets `context`.
    @inline(__always)
    func begin(isInitial: Bool, context: ThemeContext) {
        state.pointee.currentKey = context._appearanceKey
        state.pointee.read = 0
        state.pointee.isInitial = isInitial
        state.pointee.readsInitialApplication = false
    }

    /// What the run read.
    @inline(__always)
    var read: UInt64 { state.pointee.read }

    /// Adds `bits` to what the running provider read.
    @inlinable @inline(__always)
    func addReads(_ bits: UInt64) { state.pointee.read |= bits }

    /// Makes `bits` what the running provider read (a themed property's kept value
    /// stands for a provider run that read them).
    @inlinable @inline(__always)
    func replaceReads(with bits: UInt64) { state.pointee.read = bits }

    /// Whether the running binding runs for the first time.
    @inlinable
    var isInitial: Bool { state.pointee.isInitial }

    /// Whether the running provider asked for `ThemeContext.isInitialApplication`.
    @usableFromInline
    var readsInitialApplication: Bool { state.pointee.readsInitialApplication }

    /// Whether the runs are a ``Theme/refresh(_:)`` (themed properties then run their
    /// provider again instead of writing a kept value).
    @inlinable
    var isRefresh: Bool {
        get { state.pointee.isRefresh }
        set { state.pointee.isRefresh = newValue }
    }
}
