/// The combination of appearances an Xcode colour-set entry applies to: a luminosity and, optionally,
/// high contrast.
///
/// Xcode writes these as the entry's `appearances` array: nothing for Any,
/// `{"appearance" : "luminosity", "value" : "dark"}` for Dark, `{"appearance" : "contrast", "value" : "high"}`
/// for High Contrast, and both for Dark + High Contrast.
public struct AssetCatalogAppearance: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The luminosity an entry applies to.
    public enum Luminosity: String, Hashable, Sendable, CaseIterable {
        /// Any appearance: the fallback, and what the entry without `appearances` means.
        case any
        /// Light appearance only (Xcode's "Any, Light, Dark" option).
        case light
        /// Dark appearance.
        case dark
    }

    /// The entry's luminosity.
    public var luminosity: Luminosity
    /// Whether the entry applies at increased (high) contrast.
    public var highContrast: Bool

    /// Creates an appearance.
    /// - Parameters:
    ///   - luminosity: The luminosity.
    ///   - highContrast: Whether it applies at high contrast; `false` by default.
    public init(luminosity: Luminosity, highContrast: Bool = false) {
        self.luminosity = luminosity
        self.highContrast = highContrast
    }

    /// Any luminosity, standard contrast: the entry with no `appearances`.
    public static let any = AssetCatalogAppearance(luminosity: .any)
    /// Light luminosity, standard contrast.
    public static let light = AssetCatalogAppearance(luminosity: .light)
    /// Dark luminosity, standard contrast.
    public static let dark = AssetCatalogAppearance(luminosity: .dark)
    /// Any luminosity at high contrast.
    public static let highContrast = AssetCatalogAppearance(luminosity: .any, highContrast: true)
    /// Light luminosity at high contrast.
    public static let lightHighContrast = AssetCatalogAppearance(luminosity: .light, highContrast: true)
    /// Dark luminosity at high contrast.
    public static let darkHighContrast = AssetCatalogAppearance(luminosity: .dark, highContrast: true)

    /// Xcode's entry order: standard contrast before high contrast, then any, light, dark.
    public static func < (lhs: AssetCatalogAppearance, rhs: AssetCatalogAppearance) -> Bool {
        func rank(_ appearance: AssetCatalogAppearance) -> Int {
            let luminosityRank: Int
            switch appearance.luminosity {
            case .any: luminosityRank = 0
            case .light: luminosityRank = 1
            case .dark: luminosityRank = 2
            }
            return (appearance.highContrast ? 3 : 0) + luminosityRank
        }
        return rank(lhs) < rank(rhs)
    }

    /// For example `"dark + high contrast"`.
    public var description: String {
        switch (luminosity, highContrast) {
        case (.any, false): return "any"
        case (.any, true): return "high contrast"
        case (let luminosity, false): return luminosity.rawValue
        case (let luminosity, true): return "\(luminosity.rawValue) + high contrast"
        }
    }
}
