import Foundation

/// The colour spaces of the DTCG 2025.10 `color` type, and the conversions between them.
///
/// Every space converts to and from CIE XYZ with the matrices and transfer functions published in
/// CSS Color 4 (§ 10 and its sample code); D50 spaces (`lab`, `lch`, `prophoto-rgb`, `xyz-d50`) go through
/// the Bradford adaptation CSS Color 4 uses. Polar spaces (`hsl`, `hwb`, `lch`, `oklch`) take their hue in
/// degrees. Components are in each space's own units: 0…1 for the RGB spaces, `hsl` saturation and
/// lightness in 0…100, `lab`/`lch` lightness in 0…100, `oklab`/`oklch` lightness in 0…1.
///
/// ```swift
/// let srgb = ColorSpace.oklch.convert([0.628, 0.2577, 29.23], to: .srgb)   // ≈ [1, 0, 0]
/// ```
public enum ColorSpace: String, CaseIterable, Hashable, Sendable {
    /// sRGB, gamma-encoded.
    case srgb
    /// sRGB without the transfer function.
    case srgbLinear = "srgb-linear"
    /// HSL over sRGB: hue in degrees, saturation and lightness in 0…100.
    case hsl
    /// HWB over sRGB: hue in degrees, whiteness and blackness in 0…100.
    case hwb
    /// CIE Lab (D50): lightness 0…100.
    case lab
    /// CIE LCH (D50): lightness 0…100, chroma, hue in degrees.
    case lch
    /// OKLab: lightness 0…1.
    case oklab
    /// OKLCH: lightness 0…1, chroma, hue in degrees.
    case oklch
    /// Display P3, gamma-encoded with the sRGB transfer function.
    case displayP3 = "display-p3"
    /// Adobe RGB (1998).
    case a98RGB = "a98-rgb"
    /// ProPhoto RGB (D50).
    case prophotoRGB = "prophoto-rgb"
    /// ITU-R BT.2020.
    case rec2020
    /// CIE XYZ with the D50 white point.
    case xyzD50 = "xyz-d50"
    /// CIE XYZ with the D65 white point.
    case xyzD65 = "xyz-d65"

    /// Whether the space's third component is a hue angle.
    public var isPolar: Bool { self == .hsl || self == .hwb || self == .lch || self == .oklch }

    /// The range each component of an in-gamut or well-formed colour has, for reporting values outside it.
    ///
    /// `nil` for a component without a fixed range (Lab axes, chroma, XYZ, hue).
    public var componentRanges: [ClosedRange<Double>?] {
        switch self {
        case .srgb, .srgbLinear, .displayP3, .a98RGB, .prophotoRGB, .rec2020: [0...1, 0...1, 0...1]
        case .hsl: [nil, 0...100, 0...100]
        case .hwb: [nil, 0...100, 0...100]
        case .lab: [0...100, nil, nil]
        case .lch: [0...100, 0...Double.infinity, nil]
        case .oklab: [0...1, nil, nil]
        case .oklch: [0...1, 0...Double.infinity, nil]
        case .xyzD50, .xyzD65: [nil, nil, nil]
        }
    }

    /// The components converted to another space, without clipping or gamut mapping.
    ///
    /// - Parameters:
    ///   - components: Three components in this space (a missing hue is 0).
    ///   - target: The space to convert to.
    /// - Returns: Three components in `target`; an achromatic colour gets hue 0 in a polar space.
    public func convert(_ components: [Double], to target: ColorSpace) -> [Double] {
        precondition(components.count == 3, "a colour has three components")
        if target == self { return components }
        // sRGB and its linear form convert directly, so exact values stay exact.
        if self == .srgbLinear, target == .srgb { return components.map(ColorMath.linearToSRGB) }
        if self == .srgb, target == .srgbLinear { return components.map(ColorMath.srgbToLinear) }
        let value = (components[0], components[1], components[2])
        let xyz = ColorMath.toXYZD65(value, from: self)
        let result = ColorMath.fromXYZD65(xyz, to: target)
        return [result.0, result.1, result.2]
    }
}

/// Conversions behind ``ColorSpace``: CSS Color 4's published matrices and formulas.
enum ColorMath {
    typealias Triple = (Double, Double, Double)

    static let d50White: Triple = (0.3457 / 0.3585, 1, (1 - 0.3457 - 0.3585) / 0.3585)

    static let linearSRGBToXYZ = Matrix3([
        [0.41239079926595934, 0.357584339383878, 0.1804807884018343],
        [0.21263900587151027, 0.715168678767756, 0.07219231536073371],
        [0.01933081871559182, 0.11919477979462598, 0.9505321522496607],
    ])
    static let xyzToLinearSRGB = Matrix3([
        [3.2409699419045226, -1.537383177570094, -0.4986107602930034],
        [-0.9692436362808796, 1.8759675015077202, 0.04155505740717559],
        [0.05563007969699366, -0.20397695888897652, 1.0569715142428786],
    ])
    static let linearP3ToXYZ = Matrix3([
        [0.4865709486482162, 0.26566769316909306, 0.1982172852343625],
        [0.2289745640697488, 0.6917385218365064, 0.079286914093745],
        [0.0, 0.04511338185890264, 1.043944368900976],
    ])
    static let xyzToLinearP3 = linearP3ToXYZ.inverse
    static let linearA98ToXYZ = Matrix3([
        [0.5766690429101305, 0.1855582379065463, 0.1882286462349947],
        [0.29734497525053605, 0.6273635662554661, 0.07529145849399788],
        [0.02703136138641234, 0.07068885253582723, 0.9913375368376388],
    ])
    static let xyzToLinearA98 = linearA98ToXYZ.inverse
    static let linearRec2020ToXYZ = Matrix3([
        [0.6369580483012914, 0.14461690358620832, 0.1688809751641721],
        [0.2627002120112671, 0.6779980715188708, 0.05930171646986196],
        [0.0, 0.028072693049087428, 1.060985057710791],
    ])
    static let xyzToLinearRec2020 = linearRec2020ToXYZ.inverse
    /// ProPhoto's primaries are relative to D50.
    static let linearProPhotoToXYZD50 = Matrix3([
        [0.7977666449006423, 0.13518129740053308, 0.0313477341283922],
        [0.2880748288194013, 0.711835234241873, 0.00008993693872564],
        [0.0, 0.0, 0.8251046025104602],
    ])
    static let xyzD50ToLinearProPhoto = linearProPhotoToXYZD50.inverse
    /// Bradford chromatic adaptation, D65 → D50 (CSS Color 4).
    static let d65ToD50 = Matrix3([
        [1.0479297925449969, 0.022946870601609652, -0.05019226628920524],
        [0.02962780877005599, 0.9904344267538799, -0.017073799063418826],
        [-0.009243040646204504, 0.015055191490298152, 0.7518742814281371],
    ])
    static let d50ToD65 = d65ToD50.inverse

    // MARK: Transfer functions (sign-preserving, as CSS Color 4 extends them)

    static func srgbToLinear(_ value: Double) -> Double { ThemeColor.linearized(value) }
    static func linearToSRGB(_ value: Double) -> Double { ThemeColor.gammaEncoded(value) }

    static func a98ToLinear(_ value: Double) -> Double {
        let magnitude = pow(abs(value), 563.0 / 256)
        return value < 0 ? -magnitude : magnitude
    }
    static func linearToA98(_ value: Double) -> Double {
        let magnitude = pow(abs(value), 256.0 / 563)
        return value < 0 ? -magnitude : magnitude
    }

    static func proPhotoToLinear(_ value: Double) -> Double {
        let magnitude = abs(value)
        let linear = magnitude <= 16.0 / 512 ? magnitude / 16 : pow(magnitude, 1.8)
        return value < 0 ? -linear : linear
    }
    static func linearToProPhoto(_ value: Double) -> Double {
        let magnitude = abs(value)
        let encoded = magnitude >= 1.0 / 512 ? pow(magnitude, 1 / 1.8) : 16 * magnitude
        return value < 0 ? -encoded : encoded
    }

    static let rec2020Alpha = 1.09929682680944
    static let rec2020Beta = 0.018053968510807
    static func rec2020ToLinear(_ value: Double) -> Double {
        let magnitude = abs(value)
        let linear =
            magnitude < rec2020Beta * 4.5
            ? magnitude / 4.5 : pow((magnitude + rec2020Alpha - 1) / rec2020Alpha, 1 / 0.45)
        return value < 0 ? -linear : linear
    }
    static func linearToRec2020(_ value: Double) -> Double {
        let magnitude = abs(value)
        let encoded =
            magnitude > rec2020Beta ? rec2020Alpha * pow(magnitude, 0.45) - (rec2020Alpha - 1) : 4.5 * magnitude
        return value < 0 ? -encoded : encoded
    }

    static func map(_ value: Triple, _ transform: (Double) -> Double) -> Triple {
        (transform(value.0), transform(value.1), transform(value.2))
    }

    // MARK: Lab and polar forms

    static let labEpsilon = 216.0 / 24389
    static let labKappa = 24389.0 / 27

    static func xyzD50ToLab(_ xyz: Triple) -> Triple {
        func f(_ value: Double) -> Double { value > labEpsilon ? cbrt(value) : (labKappa * value + 16) / 116 }
        let fx = f(xyz.0 / d50White.0)
        let fy = f(xyz.1 / d50White.1)
        let fz = f(xyz.2 / d50White.2)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    static func labToXYZD50(_ lab: Triple) -> Triple {
        let fy = (lab.0 + 16) / 116
        let fx = lab.1 / 500 + fy
        let fz = fy - lab.2 / 200
        let x = fx * fx * fx > labEpsilon ? fx * fx * fx : (116 * fx - 16) / labKappa
        let y = lab.0 > labKappa * labEpsilon ? fy * fy * fy : lab.0 / labKappa
        let z = fz * fz * fz > labEpsilon ? fz * fz * fz : (116 * fz - 16) / labKappa
        return (x * d50White.0, y * d50White.1, z * d50White.2)
    }

    /// Rectangular (L, a, b) → polar (L, C, h°), h in 0..<360.
    static func polar(_ value: Triple) -> Triple {
        let chroma = (value.1 * value.1 + value.2 * value.2).squareRoot()
        var hue = atan2(value.2, value.1) * 180 / Double.pi
        if hue < 0 { hue += 360 }
        return (value.0, chroma, hue)
    }

    static func rectangular(_ value: Triple) -> Triple {
        let radians = value.2 * Double.pi / 180
        return (value.0, value.1 * cos(radians), value.1 * sin(radians))
    }

    static func hslToSRGB(_ hsl: Triple) -> Triple {
        let hue = (hsl.0.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        let saturation = hsl.1 / 100
        let lightness = hsl.2 / 100
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (channel(0), channel(8), channel(4))
    }

    /// sRGB → HSL; an achromatic colour gets hue 0 (see ``hue(ofSRGB:)`` for whether it has one).
    static func srgbToHSL(_ rgb: Triple) -> Triple {
        let maximum = max(rgb.0, rgb.1, rgb.2)
        let minimum = min(rgb.0, rgb.1, rgb.2)
        let lightness = (maximum + minimum) / 2
        let delta = maximum - minimum
        var hue = 0.0
        var saturation = 0.0
        if delta != 0 {
            saturation = lightness == 0 || lightness == 1 ? 0 : (maximum - lightness) / min(lightness, 1 - lightness)
            switch maximum {
            case rgb.0: hue = (rgb.1 - rgb.2) / delta + (rgb.1 < rgb.2 ? 6 : 0)
            case rgb.1: hue = (rgb.2 - rgb.0) / delta + 2
            default: hue = (rgb.0 - rgb.1) / delta + 4
            }
            hue *= 60
        }
        // CSS Color 4: a negative saturation (out-of-gamut input) flips the hue.
        if saturation < 0 {
            hue += 180
            saturation = -saturation
        }
        if hue >= 360 { hue -= 360 }
        return (hue, saturation * 100, lightness * 100)
    }

    static func hwbToSRGB(_ hwb: Triple) -> Triple {
        let white = hwb.1 / 100
        let black = hwb.2 / 100
        if white + black >= 1 {
            let gray = white / (white + black)
            return (gray, gray, gray)
        }
        let rgb = hslToSRGB((hwb.0, 100, 50))
        let scale = 1 - white - black
        return (rgb.0 * scale + white, rgb.1 * scale + white, rgb.2 * scale + white)
    }

    static func srgbToHWB(_ rgb: Triple) -> Triple {
        let hsl = srgbToHSL(rgb)
        let white = min(rgb.0, rgb.1, rgb.2)
        let black = 1 - max(rgb.0, rgb.1, rgb.2)
        return (hsl.0, white * 100, black * 100)
    }

    // MARK: To and from XYZ D65

    static func toXYZD65(_ value: Triple, from space: ColorSpace) -> Triple {
        switch space {
        case .srgb: linearSRGBToXYZ.apply(map(value, srgbToLinear))
        case .srgbLinear: linearSRGBToXYZ.apply(value)
        case .hsl: toXYZD65(hslToSRGB(value), from: .srgb)
        case .hwb: toXYZD65(hwbToSRGB(value), from: .srgb)
        case .lab: d50ToD65.apply(labToXYZD50(value))
        case .lch: d50ToD65.apply(labToXYZD50(rectangular(value)))
        case .oklab: oklabToXYZ(value)
        case .oklch: oklabToXYZ(rectangular(value))
        case .displayP3: linearP3ToXYZ.apply(map(value, srgbToLinear))
        case .a98RGB: linearA98ToXYZ.apply(map(value, a98ToLinear))
        case .prophotoRGB: d50ToD65.apply(linearProPhotoToXYZD50.apply(map(value, proPhotoToLinear)))
        case .rec2020: linearRec2020ToXYZ.apply(map(value, rec2020ToLinear))
        case .xyzD50: d50ToD65.apply(value)
        case .xyzD65: value
        }
    }

    static func fromXYZD65(_ xyz: Triple, to space: ColorSpace) -> Triple {
        switch space {
        case .srgb: map(xyzToLinearSRGB.apply(xyz), linearToSRGB)
        case .srgbLinear: xyzToLinearSRGB.apply(xyz)
        case .hsl: srgbToHSL(fromXYZD65(xyz, to: .srgb))
        case .hwb: srgbToHWB(fromXYZD65(xyz, to: .srgb))
        case .lab: xyzD50ToLab(d65ToD50.apply(xyz))
        case .lch: polar(xyzD50ToLab(d65ToD50.apply(xyz)))
        case .oklab: xyzToOKLab(xyz)
        case .oklch: polar(xyzToOKLab(xyz))
        case .displayP3: map(xyzToLinearP3.apply(xyz), linearToSRGB)
        case .a98RGB: map(xyzToLinearA98.apply(xyz), linearToA98)
        case .prophotoRGB: map(xyzD50ToLinearProPhoto.apply(d65ToD50.apply(xyz)), linearToProPhoto)
        case .rec2020: map(xyzToLinearRec2020.apply(xyz), linearToRec2020)
        case .xyzD50: d65ToD50.apply(xyz)
        case .xyzD65: xyz
        }
    }

    static func xyzToOKLab(_ xyz: Triple) -> Triple {
        let linear = xyzToLinearSRGB.apply(xyz)
        let lab = OKLabColor(linearRed: linear.0, linearGreen: linear.1, linearBlue: linear.2, alpha: 1)
        return (lab.lightness, lab.a, lab.b)
    }

    static func oklabToXYZ(_ lab: Triple) -> Triple {
        let linear = OKLabColor(lightness: lab.0, a: lab.1, b: lab.2).linearSRGB
        return linearSRGBToXYZ.apply((linear.red, linear.green, linear.blue))
    }
}
