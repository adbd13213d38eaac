/// An immutable view of a theme's values, taken at the start of a pass.
///
/// Providers read through it, so every binding in one pass sees the same values
/// even when user code changes the theme meanwhile.
@usableFromInline
// Sound: all stored state is immutable after `init` (`addresses` points into boxes the snapshot keeps alive).
final class _ValueSnapshot: @unchecked Sendable {
    @usableFromInline let values: ContiguousArray<_AnyExtensionBox?>
    @usableFromInline let variants: ContiguousArray<_AnyVariantBox?>
    /// Registered type identities, indexed by registry id, for the hot-path lookup.
    @usableFromInline let identifiers: ContiguousArray<ObjectIdentifier>
    /// The fallback boxes of the registered types, indexed by registry id.
    let fallbacks: ContiguousArray<_AnyExtensionBox>
    /// Where the applied value (else the fallback) of each registered type lies,
    /// indexed by registry id: the hot path reads it without reference counting.
    @usableFromInline let addresses: UnsafeMutablePointer<UnsafeMutableRawPointer>
    /// The model's count of value and variant changes when this was taken (see `ThemeModel.valuesVersion`).
    let valuesVersion: UInt64
    let style: ThemeStyle
    let contrast: ThemeContrast

    init(
        values: ContiguousArray<_AnyExtensionBox?>, variants: ContiguousArray<_AnyVariantBox?>,
        valuesVersion: UInt64, style: ThemeStyle, contrast: ThemeContrast
    ) {
        self.values = values
        self.variants = variants
        self.valuesVersion = valuesVersion
        // The registry's own arrays, shared (copy on write): no copy per snapshot.
        (identifiers, fallbacks) = _ExtensionRegistry.registered
        self.style = style
        self.contrast = contrast
        addresses = .allocate(capacity: max(1, fallbacks.count))
        for id in fallbacks.indices {
            addresses[id] = ((id < values.count ? values[id] : nil) ?? fallbacks[id]).rawStorage
        }
    }

    deinit { addresses.deallocate() }

    /// The registry id of `type`, found by a short linear scan (few types, hot path).
    @inlinable
    func id<Extension: ThemeExtension>(of type: Extension.Type) -> Int {
        let identifier = ObjectIdentifier(type)
        return identifiers.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index] == identifier { return index }
            return _ExtensionRegistry.id(of: type)
        }
    }

    /// The active variant of the extension with registry id `id`, if any.
    @inlinable
    func variant(at id: Int) -> _AnyVariantBox? { id < variants.count ? variants[id] : nil }

    /// The applied value of the extension with registry id `id`, if any.
    @inlinable
    func box(at id: Int) -> _AnyExtensionBox? { id < values.count ? values[id] : nil }

    /// Where the applied value (or the fallback) of the extension with registry id `id` lies.
    @inlinable
    func appliedValue<Extension: ThemeExtension>(at id: Int, as type: Extension.Type) -> UnsafePointer<Extension> {
        // `identifiers` and `addresses` have the same count; a type registered after
        // this snapshot was taken has no applied value in it. Sound: `addresses[id]` is the
        // `storage` of an `_ExtensionBox<Extension>` (ids are per type), allocated, so bound, as `Extension`.
        if id < identifiers.count { return UnsafePointer(addresses[id].assumingMemoryBound(to: Extension.self)) }
        return UnsafePointer(unsafeDowncast(_ExtensionRegistry.fallback(id), to: _ExtensionBox<Extension>.self).storage)
    }

    /// The root-resolved value of the extension with registry id `id`, boxed.
    func rootBox(id: Int) -> _AnyExtensionBox {
        if id < variants.count, let variant = variants[id] { return variant.box(for: style, contrast: contrast) }
        if id < values.count, let box = values[id] { return box }
        return _ExtensionRegistry.entry(id).fallback
    }
}
