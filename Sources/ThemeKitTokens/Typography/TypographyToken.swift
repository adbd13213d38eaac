/// A text style: font family, size, weight, design, Dynamic Type style, line height and letter spacing.
///
/// Sizes are in points. `lineHeight` is a multiple of `size` (1.2 means 120 %), as in
/// DTCG's `typography` type; `letterSpacing` is in points. Ranges are checked by the
/// theme-pack decoder and by ``validationProblems``; the initialiser stores what it is given.
///
/// ```swift
/// let body = TypographyToken(family: "Inter", size: 17, weight: 400, textStyle: .body, lineHeight: 1.3)
/// ```
public struct TypographyToken: Hashable, Codable, Sendable {
    /// The smallest and largest accepted size, in points.
    public static let sizeRange: ClosedRange<Double> = 1...1_000
    /// The accepted weights, as in CSS and DTCG (400 regular, 700 bold).
    public static let weightRange: ClosedRange<Int> = 1...1_000
    /// The accepted line-height multiples.
    public static let lineHeightRange: ClosedRange<Double> = 0.1...10
    /// The accepted letter spacing, in points.
    public static let letterSpacingRange: ClosedRange<Double> = -100...100
    /// The longest accepted family name, in characters.
    public static let maxFamilyLength = 200

    /// The font family name, e.g. `"Inter"`; `nil` for the system font.
    public var family: String?
    /// The size in points.
    public var size: Double
    /// The weight, 1…1000 (100 thin, 400 regular, 700 bold, 900 black).
    public var weight: Int
    /// The system font design used when ``family`` is `nil` or unavailable.
    public var design: FontDesign
    /// The Dynamic Type style whose scaling the size follows; `nil` for a fixed size.
    public var textStyle: TextStyle?
    /// The line height as a multiple of ``size``; `nil` for the font's default.
    public var lineHeight: Double?
    /// Extra space between letters, in points; `nil` for none.
    public var letterSpacing: Double?

    /// Creates a typography token.
    /// - Parameters:
    ///   - family: The font family; `nil` for the system font.
    ///   - size: The size in points.
    ///   - weight: The weight, 1…1000; 400 (regular) by default.
    ///   - design: The system font design; `.default` by default.
    ///   - textStyle: The Dynamic Type style to scale with, if any.
    ///   - lineHeight: The line height as a multiple of `size`, if set.
    ///   - letterSpacing: The letter spacing in points, if set.
    public init(
        family: String? = nil, size: Double, weight: Int = 400, design: FontDesign = .default,
        textStyle: TextStyle? = nil, lineHeight: Double? = nil, letterSpacing: Double? = nil
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.design = design
        self.textStyle = textStyle
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
    }

    /// Every field outside its accepted range, as `(field, reason)` pairs; empty when valid.
    ///
    /// The field names match the theme-pack JSON keys: `family`, `size`, `weight`, `lineHeight`, `letterSpacing`.
    public var validationProblems: [(field: String, reason: String)] {
        var problems: [(String, String)] = []
        if let family {
            if family.isEmpty { problems.append(("family", "the family name is empty")) }
            if family.count > Self.maxFamilyLength {
                problems.append(("family", "the family name is longer than \(Self.maxFamilyLength) characters"))
            }
            if family.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                problems.append(("family", "the family name contains control characters"))
            }
        }
        if let reason = Self.rangeProblem(size, in: Self.sizeRange, unit: " pt") { problems.append(("size", reason)) }
        if !Self.weightRange.contains(weight) {
            problems.append(("weight", "\(weight) is outside the weight range 1…1000"))
        }
        if let lineHeight, let reason = Self.rangeProblem(lineHeight, in: Self.lineHeightRange, unit: "×") {
            problems.append(("lineHeight", reason))
        }
        if let letterSpacing,
            let reason = Self.rangeProblem(letterSpacing, in: Self.letterSpacingRange, unit: " pt")
        {
            problems.append(("letterSpacing", reason))
        }
        return problems
    }

    static func rangeProblem(_ value: Double, in range: ClosedRange<Double>, unit: String) -> String? {
        guard value.isFinite else { return "\(value) is not a finite number" }
        guard range.contains(value) else {
            return "\(JSONWriter.format(value)) is outside the range \(JSONWriter.format(range.lowerBound))"
                + "…\(JSONWriter.format(range.upperBound))\(unit)"
        }
        return nil
    }
}

/// The design of the system font: the values of SwiftUI's `Font.Design`.
public enum FontDesign: String, Hashable, Codable, Sendable, CaseIterable {
    /// The default system design (San Francisco).
    case `default`
    /// A serif design (New York).
    case serif
    /// A rounded design (SF Rounded).
    case rounded
    /// A fixed-width design (SF Mono).
    case monospaced
}

/// A Dynamic Type text style: the values of SwiftUI's `Font.TextStyle`, largest first.
public enum TextStyle: String, Hashable, Codable, Sendable, CaseIterable {
    /// Large title (34 pt at the default size).
    case largeTitle
    /// Title (28 pt).
    case title
    /// Second-level title (22 pt).
    case title2
    /// Third-level title (20 pt).
    case title3
    /// Headline (17 pt semibold).
    case headline
    /// Subheadline (15 pt).
    case subheadline
    /// Body text (17 pt).
    case body
    /// Callout (16 pt).
    case callout
    /// Footnote (13 pt).
    case footnote
    /// Caption (12 pt).
    case caption
    /// Second-level caption (11 pt).
    case caption2
}
