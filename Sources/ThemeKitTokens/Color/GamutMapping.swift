import Foundation

/// CSS Color 4's gamut mapping (§ 13.2): a colour outside an RGB space's gamut is brought inside by
/// lowering its OKLCH chroma, keeping lightness and hue, until clipping it changes it by less than one
/// just-noticeable difference (deltaEOK 0.02).
///
/// ```swift
/// let p3Red = ThemeColor(gamutMapping: [1, 0, 0], in: .displayP3)   // not the clipped #FF0000
/// ```
enum GamutMapping {
    /// The just-noticeable difference in OKLab distance.
    static let jnd = 0.02
    /// The precision of the chroma search.
    static let epsilon = 0.0001
    /// Half of one 8-bit step.
    static let halfStep = 1.0 / 510

    /// Components of `space` (an RGB space) for a colour given in `source`, gamut-mapped into 0…1.
    ///
    /// - Returns: The mapped components, and whether the colour was outside the gamut.
    static func map(_ components: [Double], from source: ColorSpace, into space: ColorSpace) -> (
        components: [Double], wasOutside: Bool
    ) {
        let direct = source.convert(components, to: space)
        // Within half an 8-bit step of the gamut, clipping changes nothing a pack can hold.
        if direct.allSatisfy({ (-halfStep...(1 + halfStep)).contains($0) }) {
            return (direct.map { min(max($0, 0), 1) }, false)
        }
        let origin = source.convert(components, to: .oklch)
        if origin[0] >= 1 { return ([1, 1, 1], true) }
        if origin[0] <= 0 { return ([0, 0, 0], true) }
        func clip(_ values: [Double]) -> [Double] { values.map { min(max($0, 0), 1) } }
        func inGamut(_ oklch: [Double]) -> Bool {
            ColorSpace.oklch.convert(oklch, to: space).allSatisfy { (-1e-9...(1 + 1e-9)).contains($0) }
        }
        func deltaEOK(_ clipped: [Double], _ oklch: [Double]) -> Double {
            let a = space.convert(clipped, to: .oklab)
            let b = ColorSpace.oklch.convert(oklch, to: .oklab)
            return ((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]))
                .squareRoot()
        }
        var current = origin
        var clipped = clip(ColorSpace.oklch.convert(current, to: space))
        if deltaEOK(clipped, current) < jnd { return (clipped, true) }
        var minimum = 0.0
        var maximum = origin[1]
        var minimumInGamut = true
        while maximum - minimum > epsilon {
            let chroma = (minimum + maximum) / 2
            current[1] = chroma
            if minimumInGamut, inGamut(current) {
                minimum = chroma
                continue
            }
            clipped = clip(ColorSpace.oklch.convert(current, to: space))
            let difference = deltaEOK(clipped, current)
            if difference < jnd {
                if jnd - difference < epsilon { return (clipped, true) }
                minimumInGamut = false
                minimum = chroma
            } else {
                maximum = chroma
            }
        }
        return (clipped, true)
    }
}

extension ThemeColor {
    /// The colour for components in any ``ColorSpace``, keeping a wide gamut: inside sRGB, the sRGB colour;
    /// outside it, a colour that carries its Display P3 value (gamut-mapped into P3 when outside that too)
    /// with an sRGB fallback gamut-mapped from the P3 colour, as ``init(displayP3:alpha:)`` makes.
    /// - Returns: The colour, and whether it was outside Display P3 as well.
    static func keepingWideGamut(
        _ components: [Double], in space: ColorSpace, alpha: Double
    ) -> (color: ThemeColor, wasOutsideDisplayP3: Bool) {
        let mapped = GamutMapping.map(components, from: space, into: .srgb)
        guard mapped.wasOutside else {
            return (
                ThemeColor(
                    red: mapped.components[0], green: mapped.components[1], blue: mapped.components[2], alpha: alpha),
                false
            )
        }
        let p3 = GamutMapping.map(components, from: space, into: .displayP3)
        let color = ThemeColor(
            displayP3: DisplayP3Components(red: p3.components[0], green: p3.components[1], blue: p3.components[2]),
            alpha: alpha)
        return (color, p3.wasOutside)
    }

    /// The sRGB colour for components in any ``ColorSpace``, gamut-mapped (not clipped) when outside sRGB.
    ///
    /// Uses CSS Color 4's gamut-mapping algorithm: chroma is lowered in OKLCH, lightness and hue kept, until
    /// the clipped colour is within a just-noticeable difference (deltaEOK 0.02) of the reduced one.
    ///
    /// - Parameters:
    ///   - components: Three components in `space`'s units.
    ///   - space: The space they are in.
    ///   - alpha: The opacity.
    public init(gamutMapping components: [Double], in space: ColorSpace, alpha: Double = 1) {
        let mapped = GamutMapping.map(components, from: space, into: .srgb).components
        self.init(red: mapped[0], green: mapped[1], blue: mapped[2], alpha: alpha)
    }
}
