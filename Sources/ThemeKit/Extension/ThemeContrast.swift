/// The contrast level a theme resolves values for.
public enum ThemeContrast: String, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    /// The standard contrast.
    case standard
    /// Increased (high) contrast, as requested by an accessibility setting.
    case increased

    /// The contrast level's name.
    public var description: String { rawValue }
}
