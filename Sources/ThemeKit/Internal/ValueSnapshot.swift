/// An immutable view of a theme's values, taken at the start of a pass.
///
/// Providers read through it, so every binding in one pass sees the same values
/// even when user code changes the theme meanwhile.
// Sound: every stored property is a `let` of immutable, Sendable contents.
final class ValueSnapshot: @unchecked Sendable {
    let values: ContiguousArray<AnyExtensionBox?>
    let variants: ContiguousArray<AnyVariantBox?>
    /// Registered type identities, indexed by registry id, for the hot-path lookup.
    let identifiers: ContiguousArray<ObjectIdentifier>
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
    @inline(__always)
    func id<Extension: ThemeExtension>(of type: Extension.Type) -> Int {
        let identifier = ObjectIdentifier(type)
        return identifiers.withUnsafeBufferPointer { buffer in
            for index in buffer.indices where buffer[index] == identifier { return index }
            return ExtensionRegistry.id(of: type)
        }
    }

    /// The value of `type` for a style and contrast, and whether it depends on them.
    @inline(__always)
    func value<Extension: ThemeExtension>(
        _ type: Extension.Type, id: Int, style: ThemeStyle, contrast: ThemeContrast
    ) -> (value: Extension, dependsOnAppearance: Bool) {
        if id < variants.count, let variant = variants[id] {
            let typed = unsafeDowncast(variant, to: TypedVariantBox<Extension>.self)
            return (typed.value(for: style, contrast: contrast), true)
        }
        if id < values.count, let box = values[id] {
            return (unsafeDowncast(box, to: ExtensionBox<Extension>.self).value, false)
        }
        return (Extension.fallback, false)
    }

    /// The root-resolved value of the extension with registry id `id`, boxed.
    func rootBox(id: Int) -> AnyExtensionBox {
        if id < variants.count, let variant = variants[id] { return variant.box(for: style, contrast: contrast) }
        if id < values.count, let box = values[id] { return box }
        return ExtensionRegistry.entry(id).fallback
    }
}
