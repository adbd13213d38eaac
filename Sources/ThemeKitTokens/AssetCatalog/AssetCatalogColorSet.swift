/// The colours of one Xcode `.colorset`, keyed by the appearance each entry applies to.
///
/// This is the bridge between a ``ColorSet`` and an asset catalog's `Contents.json`: build one from a
/// ``ColorSet`` and write ``contentsJSON()``, or parse a `Contents.json` with
/// ``init(contentsJSON:path:warnings:)`` and read ``colorSet``.
///
/// ```swift
/// let entry = AssetCatalogColorSet(brandColors)
/// try entry.contentsJSON().write(to: url, atomically: true, encoding: .utf8)
/// ```
public struct AssetCatalogColorSet: Hashable, Sendable {
    /// The colour for each appearance the colour set has an entry for (universal idiom only).
    public var colors: [AssetCatalogAppearance: ThemeColor]

    /// Creates a colour set from explicit entries.
    /// - Parameter colors: The colour for each appearance; include at least ``AssetCatalogAppearance/any``.
    public init(colors: [AssetCatalogAppearance: ThemeColor]) {
        self.colors = colors
    }

    /// The entries that make Xcode resolve every appearance exactly as ``ColorSet/resolved(for:contrast:baseStyles:)``
    /// does for `.light` and `.dark`.
    ///
    /// - A set without high-contrast colours gets an Any entry, plus a Dark entry when dark differs from light.
    /// - A set with either high-contrast colour gets all four entries (Any, Dark, High Contrast,
    ///   Dark + High Contrast), the missing high-contrast one filled with its standard colour. Xcode's own
    ///   fallback between partial high-contrast entries is not documented, so nothing is left to it.
    ///
    /// Custom styles have no Xcode appearance and are left out (``AssetCatalog/write(_:to:)`` reports them).
    ///
    /// - Parameter colorSet: The colour set to convert.
    public init(_ colorSet: ColorSet) {
        var colors: [AssetCatalogAppearance: ThemeColor] = [.any: colorSet.light]
        let hasHighContrast = colorSet.highContrastLight != nil || colorSet.highContrastDark != nil
        if colorSet.dark != colorSet.light || hasHighContrast {
            colors[.dark] = colorSet.dark
        }
        if hasHighContrast {
            colors[.highContrast] = colorSet.resolved(for: .light, contrast: .increased)
            colors[.darkHighContrast] = colorSet.resolved(for: .dark, contrast: .increased)
        }
        self.init(colors: colors)
    }

    /// The entries as a ``ColorSet``, or `nil` when there is neither an Any nor a Light entry.
    ///
    /// - `light`: the Light entry, else Any.
    /// - `dark`: the Dark entry, else the light colour (as Xcode uses Any when there is no Dark entry).
    /// - `highContrastLight`: Light + High Contrast, else High Contrast, else `nil`.
    /// - `highContrastDark`: Dark + High Contrast, else `nil` (so the set falls back to `dark`).
    public var colorSet: ColorSet? {
        guard let light = colors[.light] ?? colors[.any] else { return nil }
        return ColorSet(
            light: light,
            dark: colors[.dark] ?? light,
            highContrastLight: colors[.lightHighContrast] ?? colors[.highContrast],
            highContrastDark: colors[.darkHighContrast]
        )
    }
}
