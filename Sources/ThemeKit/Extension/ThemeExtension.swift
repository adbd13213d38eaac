/// A typed group of theme values — a palette, a set of metrics, a typography scale.
///
/// A ``Theme`` stores one value per conforming type. Observers, providers and
/// SwiftUI views depend on individual types, so applying a new `Metrics` never
/// wakes code that only read a `Palette`.
///
/// ```swift
/// struct Palette: ThemeExtension {
///     var background: String
///     var text: String
///     static let fallback = Palette(background: "#FFFFFF", text: "#000000")
/// }
/// ```
public protocol ThemeExtension: Codable, Equatable, Sendable {
    /// The value a theme reports for this type until another value is applied.
    static var fallback: Self { get }

    /// Returns this value with the user-overridable fields of `overrides` laid on top.
    ///
    /// The default implementation returns `overrides` unchanged. Implement it when
    /// a user may customise some fields (an accent colour, say) while a brand
    /// supplies the rest.
    /// - Parameter overrides: The user's value.
    /// - Returns: The merged value.
    func merge(_ overrides: Self) -> Self

    /// Lists the names of the fields that differ between this value and `other`.
    ///
    /// The default implementation compares the encoded JSON of both values key by key.
    /// - Parameter other: The value to compare with.
    /// - Returns: Field names whose values differ, sorted.
    func compare(to other: Self) -> [String]
}

extension ThemeExtension {
    /// Returns `overrides`: by default a later value replaces the whole earlier one.
    public func merge(_ overrides: Self) -> Self { overrides }

    /// Compares the encoded form of both values key by key.
    public func compare(to other: Self) -> [String] {
        ExtensionDiff.changedFields(self, other)
    }
}

/// A stable identifier of a ``ThemeExtension`` type, as carried by events.
public struct ThemeExtensionID: Hashable, Sendable, CustomStringConvertible {
    /// The identity of the extension's metatype.
    public let identifier: ObjectIdentifier
    /// The fully qualified type name, for logs and persistence: the same on every launch.
    ///
    /// For a type declared `private` or `fileprivate`, or inside a function, Swift names the
    /// enclosing scope `(unknown context at $<address>)`, an address that moves between
    /// launches; the name says `(private)` there instead, so a persisted choice is found again.
    /// Two such types of one name in one module then share a name; once both are in use,
    /// neither type's variant is persisted (each would read and overwrite the other's): give the
    /// types of persisted variants distinct names.
    public let name: String

    /// Creates the identifier of an extension type.
    /// - Parameter type: The extension type.
    public init<Extension: ThemeExtension>(_ type: Extension.Type) {
        identifier = ObjectIdentifier(type)
        name = Self.stableName(String(reflecting: type))
    }

    /// How the runtime begins the name of a scope it knows by its address.
    static let addressedScopeMarker = "(unknown context at $"

    /// `reflected` with each `(unknown context at $<hex>)` written `(private)`.
    static func stableName(_ reflected: String) -> String {
        let marker = addressedScopeMarker
        guard reflected.contains(marker) else { return reflected }
        var result = ""
        var rest = Substring(reflected)
        while let range = rest.range(of: marker) {
            result += rest[..<range.lowerBound]
            let afterAddress = rest[range.upperBound...].drop { $0.isHexDigit }
            guard afterAddress.first == ")" else {
                // Not the runtime's spelling: keep it as it is.
                result += rest[range.lowerBound..<range.upperBound]
                rest = rest[range.upperBound...]
                continue
            }
            result += "(private)"
            rest = afterAddress.dropFirst()
        }
        return result + rest
    }

    /// The fully qualified type name.
    public var description: String { name }

    /// Two identifiers are equal when they name the same type.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.identifier == rhs.identifier }

    /// Hashes the type identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
