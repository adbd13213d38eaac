/// A type-erased, immutable extension value.
class AnyExtensionBox: @unchecked Sendable {
    // Sound: boxes are immutable after init and their payloads are Sendable.
    var extensionID: ThemeExtensionID { fatalError("abstract") }
    func isEqual(to other: AnyExtensionBox) -> Bool { fatalError("abstract") }
    func encoded() throws -> [UInt8] { fatalError("abstract") }
}

final class ExtensionBox<Value: ThemeExtension>: AnyExtensionBox, @unchecked Sendable {
    // Sound: `value` is a `let` of a Sendable type.
    let value: Value
    init(_ value: Value) { self.value = value }
    override var extensionID: ThemeExtensionID { ThemeExtensionID(Value.self) }
    override func isEqual(to other: AnyExtensionBox) -> Bool {
        guard let other = other as? ExtensionBox<Value> else { return false }
        return value == other.value
    }
}

/// A type-erased active variant.
class AnyVariantBox: @unchecked Sendable {
    // Sound: immutable after init; the wrapped variant is Sendable.
    let variantID: String
    let extensionTypeID: Int
    init(variantID: String, extensionTypeID: Int) {
        self.variantID = variantID
        self.extensionTypeID = extensionTypeID
    }
    func box(for style: ThemeStyle, contrast: ThemeContrast) -> AnyExtensionBox { fatalError("abstract") }
}

class TypedVariantBox<Value: ThemeExtension>: AnyVariantBox, @unchecked Sendable {
    // Sound: no stored state beyond the immutable base class.
    func value(for style: ThemeStyle, contrast: ThemeContrast) -> Value { fatalError("abstract") }
    override func box(for style: ThemeStyle, contrast: ThemeContrast) -> AnyExtensionBox {
        ExtensionBox(value(for: style, contrast: contrast))
    }
}

final class VariantBox<Variant: ThemeVariant>: TypedVariantBox<Variant.Extension>, @unchecked Sendable {
    // Sound: `variant` is a `let` of a Sendable type.
    let variant: Variant
    init(_ variant: Variant, extensionTypeID: Int) {
        self.variant = variant
        super.init(variantID: variant.id, extensionTypeID: extensionTypeID)
    }
    override func value(for style: ThemeStyle, contrast: ThemeContrast) -> Variant.Extension {
        variant.value(for: style, contrast: contrast)
    }
}
