import Foundation

extension ThemeColor {
    /// The WCAG 2.x relative luminance, from 0 (black) to 1 (white).
    ///
    /// Each sRGB component `c` is linearised as `c / 12.92` when `c ≤ 0.04045`, otherwise
    /// `((c + 0.055) / 1.055) ^ 2.4`, and the luminance is `0.2126 R + 0.7152 G + 0.0722 B`.
    ///
    /// The threshold is 0.04045, from the sRGB specification (IEC 61966-2-1) and the WCAG 2.2 definition.
    /// The WCAG 2.0 text says 0.03928; no 8-bit component lies between the two (10/255 ≈ 0.0392 and
    /// 11/255 ≈ 0.0431), so both give identical results for every `#RRGGBB` colour.
    ///
    /// Alpha is ignored; see ``contrastRatio(to:)``.
    public var relativeLuminance: Double {
        return 0.2126 * Self.linearized(red) + 0.7152 * Self.linearized(green) + 0.0722 * Self.linearized(blue)
    }

    /// The WCAG 2.x contrast ratio between this colour and another: `(L1 + 0.05) / (L2 + 0.05)` where L1 is
    /// the lighter colour's ``relativeLuminance``.
    ///
    /// The result is symmetric and lies in `1...21`. It is never rounded: WCAG thresholds must be met
    /// exactly (4.499:1 does not meet 4.5:1), and published figures are usually truncated to two decimals.
    ///
    /// Alpha is ignored. For a translucent colour, composite it over what is behind it first:
    ///
    /// ```swift
    /// let seen = text.composited(over: background)
    /// let ratio = seen.contrastRatio(to: background)
    /// ```
    ///
    /// - Parameter other: The other colour.
    /// - Returns: The contrast ratio, from 1 (identical luminance) to 21 (black and white).
    public func contrastRatio(to other: ThemeColor) -> Double {
        let first = relativeLuminance
        let second = other.relativeLuminance
        // (L1 + 0.05) / (L2 + 0.05) multiplied through by 20: the same value, but 0.05 is not exact in
        // binary and this form gives exactly 21 for black on white.
        let ratio = (20 * max(first, second) + 1) / (20 * min(first, second) + 1)
        return Swift.min(Swift.max(ratio, 1), 21)
    }

    /// Decodes a gamma-encoded sRGB component to linear light (sign-preserving, for extended values).
    static func linearized(_ component: Double) -> Double {
        let magnitude = abs(component)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return component < 0 ? -linear : linear
    }

    /// Encodes a linear-light component with the sRGB transfer function (sign-preserving).
    static func gammaEncoded(_ linear: Double) -> Double {
        let magnitude = abs(linear)
        guard magnitude > 0.0031308 else { return linear * 12.92 }
        // 1.055 × p − 0.055 rearranged so that linear 1 encodes to exactly 1 (the textbook form gives 1 − 1 ulp).
        let power = pow(magnitude, 1 / 2.4)
        let encoded = power + 0.055 * (power - 1)
        return linear < 0 ? -encoded : encoded
    }
}
