/// A type-erased, immutable extension value.
@usableFromInline
// Sound: boxes are immutable after init and their payloads are Sendable.
class _AnyExtensionBox: @unchecked Sendable {
    /// Where the value lies (see `_ExtensionBox.storage`), untyped.
    let rawStorage: UnsafeMutableRawPointer

    init(rawStorage: UnsafeMutableRawPointer) { self.rawStorage = rawStorage }

    var extensionID: ThemeExtensionID { fatalError("abstract") }
    func isEqual(to other: _AnyExtensionBox) -> Bool { fatalError("abstract") }
    func encoded() throws -> [UInt8] { fatalError("abstract") }
}

@usableFromInline
// Sound: `value` and `storage`'s pointee (Sendable) are written only in `init` and freed only in `deinit`.
final class _ExtensionBox<Value: ThemeExtension>: _AnyExtensionBox, @unchecked Sendable {
    /// The value, for observers, `==` and `Theme.value`: a stored `let`, so it is lent
    /// to a callee in place, without a copy.
    @usableFromInline let value: Value
    /// A second copy out of line, whose address providers read fields through (see
    /// `ThemeContext.subscript`) instead of copying the whole extension. Boxes are made
    /// per applied value, not per binding, so the copy costs little.
    @usableFromInline let storage: UnsafeMutablePointer<Value>

    init(_ value: Value) {
        self.value = value
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
        super.init(rawStorage: UnsafeMutableRawPointer(storage))
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    override var extensionID: ThemeExtensionID { ThemeExtensionID(Value.self) }
    override func isEqual(to other: _AnyExtensionBox) -> Bool {
        guard let other = other as? _ExtensionBox<Value> else { return false }
        return value == other.value
    }
}

/// A type-erased active variant.
@usableFromInline
// Sound: immutable after init; the wrapped variant is Sendable.
class _AnyVariantBox: @unchecked Sendable {
    let variantID: String
    let extensionTypeID: Int
    init(variantID: String, extensionTypeID: Int) {
        self.variantID = variantID
        self.extensionTypeID = extensionTypeID
    }
    func box(for style: ThemeStyle, contrast: ThemeContrast) -> _AnyExtensionBox { fatalError("abstract") }
}

@usableFromInline
// Sound: no stored state beyond the immutable base class.
class _TypedVariantBox<Value: ThemeExtension>: _AnyVariantBox, @unchecked Sendable {
    @usableFromInline
    func value(for style: ThemeStyle, contrast: ThemeContrast) -> Value { fatalError("abstract") }
    override func box(for style: ThemeStyle, contrast: ThemeContrast) -> _AnyExtensionBox {
        _ExtensionBox(value(for: style, contrast: contrast))
    }
}

// Sound: `variant` is a `let` of a Sendable type.
final class _VariantBox<Variant: ThemeVariant>: _TypedVariantBox<Variant.Extension>, @unchecked Sendable {
    let variant: Variant
    init(_ variant: Variant, extensionTypeID: Int) {
        self.variant = variant
        super.init(variantID: variant.id, extensionTypeID: extensionTypeID)
    }
    override func value(for style: ThemeStyle, contrast: ThemeContrast) -> Variant.Extension {
        variant.value(for: style, contrast: contrast)
    }
}
