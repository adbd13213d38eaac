/// A pack's custom styles ordered so that each comes after its base, built once per pack, so that resolving
/// a colour for every style costs O(*styles*) rather than a walk up the chain (and a `Set`) per style.
///
/// Tools that resolve every colour in every style (`contrast`, `preview`) build one table, then call
/// ``colors(of:contrast:)`` once per colour set and contrast. The results are those of
/// ``ColorSet/resolved(for:contrast:baseStyles:)``; styles that are part of a loop, or lead into one, are
/// resolved that way directly.
package struct StyleTable: Sendable {
    /// The custom styles (declared, and bases that are not), each after the custom style it is based on.
    package private(set) var order: [ThemeStyle] = []
    private var position: [ThemeStyle: Int] = [:]
    /// For each entry of `order`: the position of its base in `order`, or `nil` when the base is `light`
    /// or `dark`.
    private var basePosition: [Int?] = []
    /// For each entry of `order`: `light` or `dark`, where its chain ends.
    private var roots: [ThemeStyle] = []
    private let baseStyles: [ThemeStyle: ThemeStyle]

    /// Orders `baseStyles`.
    ///
    /// - Complexity: O(*n*) for *n* styles: each is walked once.
    package init(baseStyles: [ThemeStyle: ThemeStyle]) {
        self.baseStyles = baseStyles
        var visiting: Set<ThemeStyle> = []
        var looped: Set<ThemeStyle> = []
        for start in baseStyles.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            var walk: [ThemeStyle] = []
            var current = start
            var entersLoop = false
            while current != .light, current != .dark, position[current] == nil {
                if looped.contains(current) || visiting.contains(current) {
                    entersLoop = true
                    break
                }
                visiting.insert(current)
                walk.append(current)
                current = baseStyles[current] ?? .light
            }
            visiting.removeAll(keepingCapacity: true)
            if entersLoop {
                looped.formUnion(walk)
                continue
            }
            for style in walk.reversed() {
                let base = baseStyles[style] ?? .light
                let baseIndex = position[base]
                position[style] = order.count
                order.append(style)
                basePosition.append(baseIndex)
                roots.append(baseIndex.map { roots[$0] } ?? base)
            }
        }
    }

    /// `light` or `dark`: where `style`'s chain of bases ends (`light` for a loop or an unknown style).
    package func root(of style: ThemeStyle) -> ThemeStyle {
        if style == .light || style == .dark { return style }
        return position[style].map { roots[$0] } ?? .light
    }

    /// The colour of `set` in every style of ``order`` at `contrast`, in that order.
    ///
    /// - Complexity: O(*n*) for *n* styles.
    package func colors(of set: ColorSet, contrast: ThemeContrast) -> [ThemeColor] {
        let increased = contrast == .increased
        let light = increased ? set.highContrastLight ?? set.light : set.light
        let dark = increased ? set.highContrastDark ?? set.dark : set.dark
        var result: [ThemeColor] = []
        result.reserveCapacity(order.count)
        for index in order.indices {
            if let value = set.custom[order[index]] {
                result.append(increased ? value.highContrast ?? value.color : value.color)
            } else if let base = basePosition[index] {
                result.append(result[base])
            } else {
                result.append(roots[index] == .dark ? dark : light)
            }
        }
        return result
    }

    /// The colour of `set` for `style`, read from `colors` (what ``colors(of:contrast:)`` returned for
    /// `set` and `contrast`) when the style is in the table.
    package func color(
        for style: ThemeStyle, in colors: [ThemeColor], of set: ColorSet, contrast: ThemeContrast
    ) -> ThemeColor {
        if style != .light, style != .dark, let index = position[style], index < colors.count {
            return colors[index]
        }
        return set.resolved(for: style, contrast: contrast, baseStyles: baseStyles)
    }
}
