/// The colour space ``ThemeColor/interpolated(to:fraction:in:)`` blends in.
public enum ColorInterpolationSpace: String, Sendable, CaseIterable {
    /// Gamma-encoded sRGB components, as CSS gradients did before CSS Color 4. Cheap, but midpoints
    /// between saturated colours look dark and muddy.
    case srgb
    /// Linear-light sRGB components: physically correct mixing of light, but midpoints look too light.
    case linearSRGB
    /// OKLab, a perceptual space: midpoints look halfway between the endpoints. The default.
    case oklab
}

extension ThemeColor {
    /// A colour part of the way from this colour to another.
    ///
    /// `fraction` is clamped to `0...1` (NaN counts as 0); 0 returns `self` and 1 returns `other` exactly.
    /// Alpha is interpolated linearly. Colour components are interpolated premultiplied by alpha, as
    /// CSS Color 4 specifies, so fading to a transparent colour does not pull the visible colour towards
    /// the transparent one: red to transparent blue stays red while it fades. Results outside the sRGB
    /// gamut (possible in OKLab) are clamped.
    ///
    /// ```swift
    /// let black = ThemeColor(red: 0, green: 0, blue: 0)
    /// let white = ThemeColor(red: 1, green: 1, blue: 1)
    /// black.interpolated(to: white, fraction: 0.5, in: .srgb).hex    // "#808080"
    /// black.interpolated(to: white, fraction: 0.5).hex               // "#636363" (OKLab)
    /// ```
    ///
    /// - Parameters:
    ///   - other: The colour at fraction 1.
    ///   - fraction: How far to go, from 0 (this colour) to 1 (`other`).
    ///   - space: The space to blend in; OKLab by default.
    /// - Returns: The blended colour.
    public func interpolated(
        to other: ThemeColor, fraction: Double, in space: ColorInterpolationSpace = .oklab
    ) -> ThemeColor {
        guard fraction > 0 else { return self }
        guard fraction < 1 else { return other }
        let alpha = lerp(self.alpha, other.alpha, fraction)
        let start = coordinates(in: space)
        let end = other.coordinates(in: space)
        var mixed = (0.0, 0.0, 0.0)
        if alpha > 0 {
            // Premultiply, blend, un-premultiply.
            func blend(_ from: Double, _ to: Double) -> Double {
                lerp(from * self.alpha, to * other.alpha, fraction) / alpha
            }
            mixed = (blend(start.0, end.0), blend(start.1, end.1), blend(start.2, end.2))
        } else {
            // Fully transparent: premultiplied components are all 0, so blend the straight ones.
            mixed = (
                lerp(start.0, end.0, fraction), lerp(start.1, end.1, fraction), lerp(start.2, end.2, fraction)
            )
        }
        return ThemeColor(coordinates: mixed, in: space, alpha: alpha)
    }

    private func coordinates(in space: ColorInterpolationSpace) -> (Double, Double, Double) {
        switch space {
        case .srgb:
            return (red, green, blue)
        case .linearSRGB:
            return (Self.linearized(red), Self.linearized(green), Self.linearized(blue))
        case .oklab:
            let lab = OKLabColor(self)
            return (lab.lightness, lab.a, lab.b)
        }
    }

    private init(coordinates: (Double, Double, Double), in space: ColorInterpolationSpace, alpha: Double) {
        switch space {
        case .srgb:
            self.init(red: coordinates.0, green: coordinates.1, blue: coordinates.2, alpha: alpha)
        case .linearSRGB:
            self.init(
                red: Self.gammaEncoded(coordinates.0),
                green: Self.gammaEncoded(coordinates.1),
                blue: Self.gammaEncoded(coordinates.2),
                alpha: alpha
            )
        case .oklab:
            self.init(OKLabColor(lightness: coordinates.0, a: coordinates.1, b: coordinates.2, alpha: alpha))
        }
    }
}

private func lerp(_ from: Double, _ to: Double, _ fraction: Double) -> Double {
    from + (to - from) * fraction
}
