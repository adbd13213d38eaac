import ThemeKitTokens

/// A pack's colours as seen in one appearance: the resolved colour, where it came from, and the canvas behind it.
struct PaletteAppearance {
    /// One colour in one appearance.
    struct Entry {
        var name: String
        var color: ThemeColor
        /// The colour as seen over the canvas (differs only for translucent colours).
        var visible: ThemeColor
        /// Where the value comes from when the set has none of its own for this appearance (`light`,
        /// `dark`, or a custom style's base); `nil` when it has its own.
        var inheritedFrom: String?
    }

    var appearance: ThemePackAppearance
    /// The built-in style the appearance is based on.
    var base: ThemeStyle
    /// White for light styles, black for dark ones: what translucent colours are composited over.
    var canvas: ThemeColor
    var entries: [Entry]

    static let white = ThemeColor(red: 1, green: 1, blue: 1)
    static let black = ThemeColor(red: 0, green: 0, blue: 0)

    /// Every appearance of the pack, each colour resolved once per contrast for all styles (a ``StyleTable``),
    /// so the cost is linear in colours × appearances however the styles chain.
    static func all(for pack: ThemePack) -> [PaletteAppearance] {
        let table = StyleTable(baseStyles: pack.styles)
        let names = pack.colors.keys.sorted()
        var resolved: [ThemeContrast: [[ThemeColor]]] = [:]
        for contrast in ThemeContrast.allCases {
            resolved[contrast] = names.map { pack.colors[$0].map { table.colors(of: $0, contrast: contrast) } ?? [] }
        }
        return pack.appearances.map { appearance in
            let base = table.root(of: appearance.style)
            let canvas = base == .dark ? black : white
            let entries = names.enumerated().compactMap { index, name -> Entry? in
                guard let set = pack.colors[name] else { return nil }
                let color = table.color(
                    for: appearance.style, in: resolved[appearance.contrast]?[index] ?? [], of: set,
                    contrast: appearance.contrast)
                return Entry(
                    name: name, color: color, visible: color.composited(over: canvas),
                    inheritedFrom: inheritance(set, appearance, pack))
            }
            return PaletteAppearance(appearance: appearance, base: base, canvas: canvas, entries: entries)
        }
    }

    /// Which value an appearance falls back to when the set has none of its own.
    static func inheritance(_ set: ColorSet, _ appearance: ThemePackAppearance, _ pack: ThemePack) -> String? {
        let increased = appearance.contrast == .increased
        switch appearance.style {
        case .light: return increased && set.highContrastLight == nil ? "light" : nil
        case .dark: return increased && set.highContrastDark == nil ? "dark" : nil
        default:
            if let custom = set.custom[appearance.style] {
                return increased && custom.highContrast == nil ? appearance.style.rawValue : nil
            }
            let base = pack.styles[appearance.style] ?? .light
            return increased ? "high-contrast \(base.rawValue)" : base.rawValue
        }
    }
}
