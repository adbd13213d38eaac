/// Gamma-encoded Display P3 components, each in `0...1`: the wide-gamut form of a ``ThemeColor``.
///
/// Display P3 is what iPhone and iPad screens show natively; a DTCG colour given in `display-p3` (or in a
/// wider space, gamut-mapped into P3) keeps these components so apps can draw it as designed.
public struct DisplayP3Components: Hashable, Sendable {
    /// The red component, clamped to `0...1`.
    public var red: Double { didSet { red = ThemeColor.clamped(red) } }
    /// The green component, clamped to `0...1`.
    public var green: Double { didSet { green = ThemeColor.clamped(green) } }
    /// The blue component, clamped to `0...1`.
    public var blue: Double { didSet { blue = ThemeColor.clamped(blue) } }

    /// Creates Display P3 components; values outside `0...1` are clamped and NaN becomes 0.
    /// - Parameters:
    ///   - red: The gamma-encoded Display P3 red component.
    ///   - green: The gamma-encoded Display P3 green component.
    ///   - blue: The gamma-encoded Display P3 blue component.
    public init(red: Double, green: Double, blue: Double) {
        self.red = ThemeColor.clamped(red)
        self.green = ThemeColor.clamped(green)
        self.blue = ThemeColor.clamped(blue)
    }
}

/// What a platform colour should be made from: the colour space and its components.
///
/// ``ThemeColor/platformComponents`` decides it once for every adapter: a colour that carries a
/// ``ThemeColor/displayP3`` value is handed over as Display P3 (`UIColor(displayP3Red:…)`,
/// `Color(.displayP3, …)`), any other as sRGB.
public struct PlatformColorComponents: Hashable, Sendable {
    /// The colour spaces platform colours are made in.
    public enum Space: Hashable, Sendable {
        /// Gamma-encoded sRGB.
        case sRGB
        /// Gamma-encoded Display P3.
        case displayP3
    }

    /// The space of the components.
    public var space: Space
    /// The red component in ``space``.
    public var red: Double
    /// The green component in ``space``.
    public var green: Double
    /// The blue component in ``space``.
    public var blue: Double
    /// The opacity.
    public var alpha: Double
}

extension ThemeColor {
    /// Creates a colour that carries a Display P3 value, with its sRGB fallback gamut-mapped by CSS Color 4's
    /// algorithm (not clipped) for whatever cannot show P3.
    ///
    /// ```swift
    /// let red = ThemeColor(displayP3: DisplayP3Components(red: 1, green: 0, blue: 0))
    /// red.displayP3          // kept
    /// red.hex                // the gamut-mapped sRGB fallback
    /// ```
    ///
    /// - Parameters:
    ///   - components: The Display P3 components.
    ///   - alpha: The opacity.
    public init(displayP3 components: DisplayP3Components, alpha: Double = 1) {
        let values = [components.red, components.green, components.blue]
        let fallback = GamutMapping.map(values, from: .displayP3, into: .srgb)
        self.init(
            red: fallback.components[0], green: fallback.components[1], blue: fallback.components[2], alpha: alpha)
        // A P3 colour inside sRGB is exactly its sRGB value: nothing wide to keep.
        if fallback.wasOutside { displayP3 = components }
    }

    /// The colour space and components to hand a platform colour: Display P3 when the colour carries a
    /// ``displayP3`` value, sRGB otherwise.
    public var platformComponents: PlatformColorComponents {
        if let displayP3 {
            return PlatformColorComponents(
                space: .displayP3, red: displayP3.red, green: displayP3.green, blue: displayP3.blue, alpha: alpha)
        }
        return PlatformColorComponents(space: .sRGB, red: red, green: green, blue: blue, alpha: alpha)
    }
}
