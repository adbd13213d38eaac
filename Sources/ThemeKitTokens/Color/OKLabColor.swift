import Foundation

/// A colour in Björn Ottosson's OKLab perceptual colour space, with alpha.
///
/// OKLab is designed so that equal distances look like equal differences, which makes it a good space to
/// blend colours in: the midpoint of two colours keeps a sensible lightness and hue, where blending sRGB
/// values gives muddy or too-dark midpoints. `lightness` runs from 0 (black) to 1 (white); `a` and `b`
/// are the green–red and blue–yellow axes, roughly in `-0.4...0.4` for sRGB colours.
///
/// The conversion uses the matrices Ottosson published in "A perceptual color space for image processing"
/// (2020) with the sRGB transfer function. sRGB red is about `L 0.62796, a 0.22486, b 0.12585`.
///
/// ```swift
/// let lab = OKLabColor(ThemeColor(red: 1, green: 0, blue: 0))
/// lab.lightness   // 0.62796…
/// ```
public struct OKLabColor: Hashable, Sendable {
    /// Perceived lightness, 0 for black to 1 for white.
    public var lightness: Double
    /// The green (negative) to red (positive) axis.
    public var a: Double
    /// The blue (negative) to yellow (positive) axis.
    public var b: Double
    /// The opacity in `0...1`, carried through unchanged.
    public var alpha: Double

    /// Creates an OKLab colour from its coordinates.
    /// - Parameters:
    ///   - lightness: Perceived lightness, 0...1.
    ///   - a: The green–red coordinate.
    ///   - b: The blue–yellow coordinate.
    ///   - alpha: The opacity; 1 by default.
    public init(lightness: Double, a: Double, b: Double, alpha: Double = 1) {
        self.lightness = lightness
        self.a = a
        self.b = b
        self.alpha = alpha
    }

    /// Converts an sRGB colour to OKLab.
    /// - Parameter color: The colour to convert.
    public init(_ color: ThemeColor) {
        self.init(
            linearRed: ThemeColor.linearized(color.red),
            linearGreen: ThemeColor.linearized(color.green),
            linearBlue: ThemeColor.linearized(color.blue),
            alpha: color.alpha
        )
    }

    /// Converts linear-light sRGB components to OKLab.
    init(linearRed r: Double, linearGreen g: Double, linearBlue b: Double, alpha: Double) {
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        self.init(
            lightness: 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            a: 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            b: 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s,
            alpha: alpha
        )
    }

    /// The colour as linear-light sRGB components, which may lie outside `0...1` when out of gamut.
    var linearSRGB: (red: Double, green: Double, blue: Double) {
        let lCube = lightness + 0.3963377774 * a + 0.2158037573 * b
        let mCube = lightness - 0.1055613458 * a - 0.0638541728 * b
        let sCube = lightness - 0.0894841775 * a - 1.2914855480 * b
        let l = lCube * lCube * lCube
        let m = mCube * mCube * mCube
        let s = sCube * sCube * sCube
        return (
            4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
            -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
            -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        )
    }
}

extension ThemeColor {
    /// Converts an OKLab colour to sRGB, clamping components that fall outside the sRGB gamut.
    ///
    /// Clamping is per component, which can shift the hue of strongly out-of-gamut colours; colours
    /// converted from sRGB round-trip to within floating-point error.
    ///
    /// - Parameter oklab: The colour to convert.
    public init(_ oklab: OKLabColor) {
        let linear = oklab.linearSRGB
        self.init(
            red: Self.gammaEncoded(linear.red),
            green: Self.gammaEncoded(linear.green),
            blue: Self.gammaEncoded(linear.blue),
            alpha: oklab.alpha
        )
    }
}
