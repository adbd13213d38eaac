/// An appearance a theme can be in: light, dark, or any custom style an app defines.
///
/// Styles are open: declare your own as static members.
///
/// ```swift
/// extension ThemeStyle { static let sepia = ThemeStyle(rawValue: "sepia") }
/// theme.style = .sepia
/// ```
public struct ThemeStyle: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// The style's stable name, used for persistence and in theme packs.
    public var rawValue: String

    /// Creates a style with the given name.
    /// - Parameter rawValue: The style's stable name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The light appearance.
    public static let light = ThemeStyle(rawValue: "light")
    /// The dark appearance.
    public static let dark = ThemeStyle(rawValue: "dark")

    /// The style's name.
    public var description: String { rawValue }

    /// Decodes a style from a single string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the style as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
