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
        let lms = Self.linearSRGBToLMS.apply((r, g, b))
        let lab = Self.lmsToLab.apply((cbrt(lms.0), cbrt(lms.1), cbrt(lms.2)))
        self.init(lightness: lab.0, a: lab.1, b: lab.2, alpha: alpha)
    }

    /// The colour as linear-light sRGB components, which may lie outside `0...1` when out of gamut.
    var linearSRGB: (red: Double, green: Double, blue: Double) {
        let root = Self.labToLMS.apply((lightness, a, b))
        let linear = Self.lmsToLinearSRGB.apply(
            (root.0 * root.0 * root.0, root.1 * root.1 * root.1, root.2 * root.2 * root.2))
        return (linear.0, linear.1, linear.2)
    }

    // Ottosson's published forward matrices. The inverses are computed from them in double precision
    // rather than taken from the 10-digit published inverses, whose rounding would make sRGB → OKLab → sRGB
    // drift by up to 1e-5 near black; computed inverses round-trip to about 1e-15.
    private static let linearSRGBToLMS = Matrix3([
        [0.4122214708, 0.5363325363, 0.0514459929],
        [0.2119034982, 0.6806995451, 0.1073969566],
        [0.0883024619, 0.2817188376, 0.6299787005],
    ])
    private static let lmsToLab = Matrix3([
        [0.2104542553, 0.7936177850, -0.0040720468],
        [1.9779984951, -2.4285922050, 0.4505937099],
        [0.0259040371, 0.7827717662, -0.8086757660],
    ])
    private static let labToLMS = lmsToLab.inverse
    private static let lmsToLinearSRGB = linearSRGBToLMS.inverse
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
