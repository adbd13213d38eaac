/// An sRGB colour with straight (non-premultiplied) alpha, every component in `0...1`.
///
/// Components are gamma-encoded sRGB, the space `#RRGGBB` strings, CSS and Xcode's `srgb` colour sets use.
/// The initialiser and every setter keep each component in `0...1`: values above 1 become 1, values below 0
/// become 0 and NaN becomes 0, so a `ThemeColor` is always valid whatever it was built from.
///
/// ```swift
/// let accent = try ThemeColor(hex: "#0055FF")
/// accent.hex                                   // "#0055FF"
/// accent.contrastRatio(to: .init(red: 1, green: 1, blue: 1))
/// ```
///
/// `description` is the colour's ``hex`` string.
public struct ThemeColor: Hashable, Sendable, CustomStringConvertible {
    /// The red component, gamma-encoded sRGB in `0...1`. Setting it clamps like the initialiser, and drops
    /// ``displayP3`` (the colour is no longer that P3 colour).
    public var red: Double {
        didSet {
            red = Self.clamped(red)
            displayP3 = nil
        }
    }
    /// The green component, gamma-encoded sRGB in `0...1`. Setting it clamps like the initialiser, and drops
    /// ``displayP3``.
    public var green: Double {
        didSet {
            green = Self.clamped(green)
            displayP3 = nil
        }
    }
    /// The blue component, gamma-encoded sRGB in `0...1`. Setting it clamps like the initialiser, and drops
    /// ``displayP3``.
    public var blue: Double {
        didSet {
            blue = Self.clamped(blue)
            displayP3 = nil
        }
    }
    /// The colour in Display P3 when it lies outside sRGB (a wide-gamut colour read from DTCG, or made with
    /// ``init(displayP3:alpha:)``); `nil` for an sRGB colour. The sRGB components are then its gamut-mapped
    /// fallback. Adapters use ``platformComponents`` to choose between them.
    public var displayP3: DisplayP3Components?
    /// The opacity in `0...1` (1 is opaque), not premultiplied into the colour components.
    public var alpha: Double { didSet { alpha = Self.clamped(alpha) } }

    /// Creates a colour from sRGB components.
    ///
    /// Out-of-range components are clamped to `0...1`; NaN becomes 0 (so `init` never traps).
    ///
    /// - Parameters:
    ///   - red: The gamma-encoded sRGB red component.
    ///   - green: The gamma-encoded sRGB green component.
    ///   - blue: The gamma-encoded sRGB blue component.
    ///   - alpha: The opacity; 1 (opaque) by default.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamped(red)
        self.green = Self.clamped(green)
        self.blue = Self.clamped(blue)
        self.alpha = Self.clamped(alpha)
    }

    /// The colour as an uppercase hex string; see ``hex``.
    public var description: String { hex }

    /// Whether every component, alpha included, is within `tolerance` of the other colour's.
    ///
    /// The default tolerance, 1/510, is half of one 8-bit step: two colours that are approximately equal
    /// by default print the same ``hex`` string unless a component sits right on a rounding boundary.
    ///
    /// - Parameters:
    ///   - other: The colour to compare with.
    ///   - tolerance: The largest allowed difference per component.
    /// - Returns: `true` when no component differs by more than `tolerance`.
    public func isApproximatelyEqual(to other: ThemeColor, tolerance: Double = 1.0 / 510) -> Bool {
        abs(red - other.red) <= tolerance && abs(green - other.green) <= tolerance
            && abs(blue - other.blue) <= tolerance && abs(alpha - other.alpha) <= tolerance
    }

    /// This colour painted over `background` with the source-over operator.
    ///
    /// Blending happens on gamma-encoded sRGB components, as browsers and WCAG checkers do, so
    /// `rgba(0, 0, 0, 0.3)` over white gives `#B3B3B3`. The result's alpha is
    /// `alpha + background.alpha × (1 − alpha)`; when both are fully transparent the result is transparent black.
    ///
    /// ```swift
    /// let text = ThemeColor(red: 0, green: 0, blue: 0, alpha: 0.3)
    /// text.composited(over: ThemeColor(red: 1, green: 1, blue: 1)).hex   // "#B3B3B3"
    /// ```
    ///
    /// - Parameter background: The colour underneath.
    /// - Returns: The colour a viewer sees.
    public func composited(over background: ThemeColor) -> ThemeColor {
        let backgroundWeight = background.alpha * (1 - alpha)
        let outAlpha = alpha + backgroundWeight
        guard outAlpha > 0 else { return ThemeColor(red: 0, green: 0, blue: 0, alpha: 0) }
        func blend(_ top: Double, _ bottom: Double) -> Double {
            (top * alpha + bottom * backgroundWeight) / outAlpha
        }
        return ThemeColor(
            red: blend(red, background.red),
            green: blend(green, background.green),
            blue: blend(blue, background.blue),
            alpha: outAlpha
        )
    }

    /// Clamps to `0...1`, mapping NaN (and -0) to 0.
    static func clamped(_ value: Double) -> Double {
        guard value > 0 else { return 0 }
        return value < 1 ? value : 1
    }
}
