import Foundation

extension ThemeColor {
    /// Creates a colour from linear-light sRGB components (no transfer function applied).
    ///
    /// Components are gamma-encoded with the sRGB transfer function, then clamped to `0...1` like
    /// ``init(red:green:blue:alpha:)``.
    ///
    /// - Parameters:
    ///   - linearRed: The linear-light red component.
    ///   - linearGreen: The linear-light green component.
    ///   - linearBlue: The linear-light blue component.
    ///   - alpha: The opacity; 1 by default.
    public init(linearRed: Double, linearGreen: Double, linearBlue: Double, alpha: Double = 1) {
        self.init(
            red: Self.gammaEncoded(linearRed),
            green: Self.gammaEncoded(linearGreen),
            blue: Self.gammaEncoded(linearBlue),
            alpha: alpha
        )
    }

    /// Creates a colour from Display P3 components, converting them to sRGB.
    ///
    /// Display P3 uses the sRGB transfer function with wider (DCI-P3) primaries and the D65 white point.
    /// The components are linearised, converted with the published linear-P3 → XYZ → linear-sRGB matrices
    /// (as in CSS Color 4), and re-encoded. Colours outside the sRGB gamut, such as a fully saturated P3 red,
    /// are **clamped** per component, which can shift their hue slightly; in-gamut colours convert exactly.
    ///
    /// - Parameters:
    ///   - red: The gamma-encoded Display P3 red component.
    ///   - green: The gamma-encoded Display P3 green component.
    ///   - blue: The gamma-encoded Display P3 blue component.
    ///   - alpha: The opacity; 1 by default.
    public init(displayP3Red red: Double, green: Double, blue: Double, alpha: Double = 1) {
        let converted = Self.unclampedSRGB(displayP3: (red, green, blue))
        self.init(red: converted.0, green: converted.1, blue: converted.2, alpha: alpha)
    }

    /// Display P3 components as gamma-encoded sRGB, before clamping (values outside `0...1` are out of gamut).
    static func unclampedSRGB(displayP3 components: (Double, Double, Double)) -> (Double, Double, Double) {
        let linearP3 = (linearized(components.0), linearized(components.1), linearized(components.2))
        let linear = linearP3ToLinearSRGB.apply(linearP3)
        return (gammaEncoded(linear.0), gammaEncoded(linear.1), gammaEncoded(linear.2))
    }

    /// A gray-gamma-2.2 white level (Apple's "Generic Gray Gamma 2.2") as a gamma-encoded sRGB level.
    static func srgbLevel(grayGamma22 white: Double) -> Double {
        let magnitude = pow(abs(white), 2.2)
        return gammaEncoded(white < 0 ? -magnitude : magnitude)
    }

    // CSS Color 4's linear Display P3 → XYZ (D65) and XYZ (D65) → linear sRGB matrices.
    private static let linearP3ToXYZ = Matrix3([
        [0.4865709486482162, 0.26566769316909306, 0.1982172852343625],
        [0.2289745640697488, 0.6917385218365064, 0.079286914093745],
        [0.0, 0.04511338185890264, 1.043944368900976],
    ])
    private static let xyzToLinearSRGB = Matrix3([
        [3.2409699419045226, -1.537383177570094, -0.4986107602930034],
        [-0.9692436362808796, 1.8759675015077202, 0.04155505740717559],
        [0.05563007969699366, -0.20397695888897652, 1.0569715142428786],
    ])
    private static let linearP3ToLinearSRGB = xyzToLinearSRGB.multiplied(by: linearP3ToXYZ)
}
