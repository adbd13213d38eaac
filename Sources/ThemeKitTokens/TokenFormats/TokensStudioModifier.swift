import Foundation

/// A Tokens Studio colour modifier: `$extensions["studio.tokens"].modify` on a colour token.
///
/// Applied as Tokens Studio applies it (its plugin works on colorjs.io colours):
///
/// | `type` | `lch` | `hsl` | `srgb`, `p3` |
/// | --- | --- | --- | --- |
/// | `lighten` *v* | L += (100 − L)·*v*, C −= C·*v* | L += (100 − L)·*v* | each channel += (1 − channel)·*v* |
/// | `darken` *v* | L −= L·*v*, C −= C·*v* | L −= L·*v* | each channel −= channel·*v* |
/// | `mix` *v* with `color` | interpolate *v* of the way to `color` in the space (shorter hue arc; an achromatic colour's hue is missing and takes the other's) | same | same |
/// | `alpha` *v* | alpha = *v* (not multiplied) | | |
///
/// The amount is clamped to 0…1 for `mix` and `alpha`. The result is then expressed in `space` with three
/// significant digits per component, as Tokens Studio stores it (`lch(54.3% 70.2 40.9)`), and converted to
/// sRGB; a result outside sRGB keeps its Display P3 value, with an sRGB fallback gamut-mapped by CSS Color 4's
/// algorithm. A colour that carries a Display P3 value is modified from that value.
struct TokensStudioModifier {
    enum Kind: String, CaseIterable { case lighten, darken, mix, alpha }
    enum Space: String, CaseIterable { case srgb, hsl, lch, p3 }

    var kind: Kind
    var space: Space
    var amount: Double
    var mixColor: ThemeColor?

    /// The modified colour. A base or mix colour that carries a Display P3 value is read in P3, and a
    /// result outside sRGB keeps its Display P3 value (``ThemeColor/displayP3``) with a gamut-mapped sRGB
    /// fallback, as a DTCG colour outside sRGB does.
    func apply(to base: ThemeColor) -> ThemeColor {
        var alpha = base.alpha
        let source = Self.source(base)
        // The colour in the modifier's space, with a missing hue where the space has one.
        var coordinates: [Double]
        switch kind {
        case .alpha:
            alpha = min(max(amount, 0), 1)
            coordinates = Self.coordinates(source, in: space).values
        case .lighten, .darken:
            coordinates = adjusted(source)
        case .mix:
            let other = mixColor ?? base
            let weight = min(max(amount, 0), 1)
            let start = Self.coordinates(source, in: space)
            let end = Self.coordinates(Self.source(other), in: space)
            var a = start.values
            var b = end.values
            if let hueIndex = Self.hueIndex(space) {
                if start.hueMissing, !end.hueMissing { a[hueIndex] = b[hueIndex] }
                if end.hueMissing, !start.hueMissing { b[hueIndex] = a[hueIndex] }
                let difference = b[hueIndex] - a[hueIndex]
                if difference > 180 { a[hueIndex] += 360 } else if difference < -180 { b[hueIndex] += 360 }
            }
            coordinates = zip(a, b).map { $0 + ($1 - $0) * weight }
            if let hueIndex = Self.hueIndex(space) {
                coordinates[hueIndex] = (coordinates[hueIndex].truncatingRemainder(dividingBy: 360) + 360)
                    .truncatingRemainder(dividingBy: 360)
            }
            alpha = base.alpha + (other.alpha - base.alpha) * weight
        }
        // Tokens Studio serialises the result in the space with three significant digits.
        let rounded = Self.serialized(coordinates, in: space)
        return ThemeColor.keepingWideGamut(rounded, in: space.colorSpace, alpha: Self.precision(alpha, digits: 3))
            .color
    }

    /// A colour's components and their space, as a platform colour is made (``ThemeColor/platformComponents``):
    /// its Display P3 value when it carries one, else sRGB.
    static func source(_ color: ThemeColor) -> (space: ColorSpace, values: [Double]) {
        let platform = color.platformComponents
        return (platform.space == .displayP3 ? .displayP3 : .srgb, [platform.red, platform.green, platform.blue])
    }

    func adjusted(_ color: (space: ColorSpace, values: [Double])) -> [Double] {
        let v = amount
        switch space {
        case .lch:
            var lch = Self.coordinates(color, in: .lch).values
            if kind == .lighten {
                lch[0] = min(100, lch[0] + (100 - lch[0]) * v)
            } else {
                lch[0] = max(0, lch[0] - lch[0] * v)
            }
            lch[1] = max(0, lch[1] - v * lch[1])
            return lch
        case .hsl:
            var hsl = Self.coordinates(color, in: .hsl).values
            hsl[2] = kind == .lighten ? min(100, hsl[2] + (100 - hsl[2]) * v) : max(0, hsl[2] - hsl[2] * v)
            return hsl
        case .srgb, .p3:
            let channels = Self.coordinates(color, in: space).values
            return channels.map { kind == .lighten ? min(1, $0 + v * (1 - $0)) : max(0, $0 - v * $0) }
        }
    }

    static func hueIndex(_ space: Space) -> Int? {
        switch space {
        case .hsl: 0
        case .lch: 2
        case .srgb, .p3: nil
        }
    }

    /// A colour's components in the modifier's space, and whether the hue is missing (an achromatic colour).
    static func coordinates(
        _ color: (space: ColorSpace, values: [Double]), in space: Space
    ) -> (values: [Double], hueMissing: Bool) {
        let values = color.space.convert(color.values, to: space.colorSpace)
        switch space {
        case .lch: return (values, values[1] < 0.02)
        case .hsl: return (values, values[1] == 0)
        case .srgb, .p3: return (values, false)
        }
    }

    /// Components as Tokens Studio writes them: three significant digits (RGB channels as percentages).
    static func serialized(_ values: [Double], in space: Space) -> [Double] {
        switch space {
        case .srgb, .p3: values.map { precision($0 * 100, digits: 3) / 100 }
        case .hsl, .lch: values.map { precision($0, digits: 3) }
        }
    }

    /// `value` rounded to `digits` digits, counting the integer part's digits (colorjs.io's rule: 0.45867 →
    /// 0.459, 74.12 → 74.1, 213.4 → 213).
    static func precision(_ value: Double, digits: Int) -> Double {
        guard value != 0, value.isFinite else { return value }
        let integer = value.magnitude.rounded(.towardZero)
        let integerDigits = integer >= 1 ? Int(log10(integer)) + 1 : 0
        let multiplier = pow(10, Double(digits - integerDigits))
        return (value * multiplier + 0.5).rounded(.down) / multiplier
    }
}

extension TokensStudioModifier.Space {
    var colorSpace: ColorSpace {
        switch self {
        case .srgb: .srgb
        case .hsl: .hsl
        case .lch: .lch
        case .p3: .displayP3
        }
    }
}
