/// An immutable view of a theme's values, taken at the start of a pass.
///
/// Providers read through it, so every binding in one pass sees the same values
/// even when user code changes the theme meanwhile.
@usableFromInline
// Sound: every stored property is a `let` of immutable, Sendable contents.
final class ValueSnapshot: @unchecked Sendable {
    @usableFromInline let values: ContiguousArray<AnyExtensionBox?>
    @usableFromInline let variants: ContiguousArray<AnyVariantBox?>
    /// Registered type identities, indexed by registry id, for the hot-path lookup.
    @usableFromInline let identifiers: ContiguousArray<ObjectIdentifier>
    let style: ThemeStyle
    let contrast: ThemeContrast

    init(
        values: ContiguousArray<AnyExtensionBox?>, variants: ContiguousArray<AnyVariantBox?>,
        style: ThemeStyle, contrast: ThemeContrast
    ) {
        self.values = values
        self.variants = variants
        self.identifiers = ContiguousArray(ExtensionRegistry.entries.map(\.identifier))
        self.style = style
        self.contrast = contrast
    }

    /// The registry id of `type`, found by a short linear scan (few types, hot path).
    @inlinable
    func id<Extension: ThemeExtension>(of type: Extension.Type) -> Int {
        let identifier = ObjectIdentifier(type)
        return identifiers.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index] == identifier { return index }
            return ExtensionRegistry.id(of: type)
        }
    }

    /// The active variant of the extension with registry id `id`, if any.
    @inlinable
    func variant(at id: Int) -> AnyVariantBox? { id < variants.count ? variants[id] : nil }

    /// The applied value of the extension with registry id `id`, if any.
    @inlinable
    func box(at id: Int) -> AnyExtensionBox? { id < values.count ? values[id] : nil }

    /// The value of `type` for a style and contrast, adding what it depends on to `read`.
    ///
    /// Inlinable so that a provider's `env[T.self]` is specialised for `T` in the caller's
    /// module: no generic metadata or tuple is built per read.
    @inlinable
    func read<Extension: ThemeExtension>(
        _ type: Extension.Type, style: ThemeStyle, contrast: ThemeContrast, into read: inout UInt64
    ) -> Extension {
        let id = id(of: type)
        if id < variants.count, let variant = variants[id] {
            read |= DependencyBits.bit(forExtension: id) | DependencyBits.appearance
            return unsafeDowncast(variant, to: TypedVariantBox<Extension>.self).value(for: style, contrast: contrast)
        }
        read |= DependencyBits.bit(forExtension: id)
        if id < values.count, let box = values[id] {
            return unsafeDowncast(box, to: ExtensionBox<Extension>.self).value
        }
        return Extension.fallback
    }

    /// The root-resolved value of the extension with registry id `id`, boxed.
    func rootBox(id: Int) -> AnyExtensionBox {
        if id < variants.count, let variant = variants[id] { return variant.box(for: style, contrast: contrast) }
        if id < values.count, let box = values[id] { return box }
        return ExtensionRegistry.entry(id).fallback
    }
}
