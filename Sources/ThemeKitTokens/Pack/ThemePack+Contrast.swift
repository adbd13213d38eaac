/// The contrast of one ``ContrastPair`` in one appearance.
public struct ContrastPairCheck: Hashable, Sendable, CustomStringConvertible {
    /// The pair checked.
    public var pair: ContrastPair
    /// The style the colours were resolved for.
    public var style: ThemeStyle
    /// The contrast level the colours were resolved for.
    public var contrast: ThemeContrast
    /// The WCAG 2 contrast ratio, 1…21; `nil` when a colour name is not in the pack.
    public var ratio: Double?

    /// Whether the ratio meets the pair's minimum (unrounded, as WCAG requires).
    public var passes: Bool {
        guard let ratio else { return false }
        return ratio >= pair.usage.minimumRatio
    }

    /// Creates a check result.
    public init(pair: ContrastPair, style: ThemeStyle, contrast: ThemeContrast, ratio: Double?) {
        self.pair = pair
        self.style = style
        self.contrast = contrast
        self.ratio = ratio
    }

    /// `text on background (style, contrast): ratio:1, needs minimum`.
    public var description: String {
        let shown = ratio.map { String(Double(Int($0 * 100)) / 100) + ":1" } ?? "unknown colour"
        return "\(pair.text) on \(pair.background) (\(style), \(contrast)): \(shown), "
            + "needs \(JSONWriter.format(pair.usage.minimumRatio)):1 for \(pair.usage.rawValue)"
    }
}

extension ThemePack {
    /// Checks every contrast pair in light and dark, at standard and increased contrast, and in each
    /// custom style the pack declares.
    ///
    /// A text colour with transparency is composited over its background first; a translucent
    /// background is composited over the style's opaque base (white in light styles, black in dark ones).
    ///
    /// - Returns: One result per pair, style and contrast, pairs in order.
    /// - Complexity: O(*p* × *s*) for *p* pairs and *s* styles: the styles are ordered once (a
    ///   `StyleTable`) and each colour is resolved for every style in one pass, never by walking a chain.
    public func contrastChecks() -> [ContrastPairCheck] {
        let white = ThemeColor(red: 1, green: 1, blue: 1)
        let black = ThemeColor(red: 0, green: 0, blue: 0)
        let customStyles = styles.keys.sorted { $0.rawValue < $1.rawValue }
        let table = StyleTable(baseStyles: styles)
        var resolved: [String: [ThemeContrast: [ThemeColor]]] = [:]
        func resolvedColors(_ name: String, _ set: ColorSet, _ contrast: ThemeContrast) -> [ThemeColor] {
            if let known = resolved[name]?[contrast] { return known }
            let computed = table.colors(of: set, contrast: contrast)
            resolved[name, default: [:]][contrast] = computed
            return computed
        }
        var results: [ContrastPairCheck] = []
        for pair in contrastPairs {
            for style in [ThemeStyle.light, .dark] + customStyles {
                for contrast in ThemeContrast.allCases {
                    guard let text = colors[pair.text], let background = colors[pair.background] else {
                        results.append(ContrastPairCheck(pair: pair, style: style, contrast: contrast, ratio: nil))
                        continue
                    }
                    let canvas = table.root(of: style) == .dark ? black : white
                    let back = table.color(
                        for: style, in: resolvedColors(pair.background, background, contrast), of: background,
                        contrast: contrast
                    ).composited(over: canvas)
                    let fore = table.color(
                        for: style, in: resolvedColors(pair.text, text, contrast), of: text, contrast: contrast
                    ).composited(over: back)
                    results.append(
                        ContrastPairCheck(
                            pair: pair, style: style, contrast: contrast, ratio: fore.contrastRatio(to: back)))
                }
            }
        }
        return results
    }

    /// The built-in style (`.light` or `.dark`) a style's chain of bases ends in; `.light` for loops.
    func rootStyle(of style: ThemeStyle) -> ThemeStyle {
        var current = style
        // A chain longer than the styles has looped.
        for _ in 0...styles.count {
            if current == .light || current == .dark { return current }
            guard let base = styles[current] else { return .light }
            current = base
        }
        return .light
    }
}
