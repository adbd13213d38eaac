/// A WCAG 2.x conformance level.
public enum WCAGLevel: String, Hashable, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// Level AA, the usual legal and product target.
    case aa = "AA"
    /// Level AAA, the enhanced level.
    case aaa = "AAA"

    /// `"AA"` or `"AAA"`.
    public var description: String { rawValue }

    /// AA is lower than AAA.
    public static func < (lhs: WCAGLevel, rhs: WCAGLevel) -> Bool { lhs == .aa && rhs == .aaa }
}

/// A minimum WCAG 2.x contrast ratio for one kind of content at one level.
///
/// | content | AA | AAA |
/// | --- | --- | --- |
/// | normal text (SC 1.4.3, 1.4.6) | 4.5 | 7 |
/// | large text: 18 pt, or 14 pt bold (SC 1.4.3, 1.4.6) | 3 | 4.5 |
/// | non-text UI components and graphics (SC 1.4.11) | 3 | — |
///
/// Ratios are compared exactly, never rounded: WCAG says 4.499:1 does not meet 4.5:1.
///
/// ```swift
/// ContrastRequirement.normalTextAA.isSatisfied(by: 4.499)   // false
/// ContrastRequirement(content: .nonText, level: .aaa)        // nil: SC 1.4.11 has no AAA level
/// ```
public struct ContrastRequirement: Hashable, Sendable, CustomStringConvertible {
    /// The kind of content a requirement applies to.
    public enum Content: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Body text below the large-text size.
        case normalText
        /// Text at least 18 pt (24 CSS px), or 14 pt (about 18.7 CSS px) and bold.
        case largeText
        /// User-interface components and meaningful graphics (SC 1.4.11); AA only.
        case nonText

        /// A short English name such as `"normal text"`.
        public var description: String {
            switch self {
            case .normalText: return "normal text"
            case .largeText: return "large text"
            case .nonText: return "non-text UI"
            }
        }
    }

    /// The kind of content.
    public let content: Content
    /// The conformance level.
    public let level: WCAGLevel

    /// The requirement for a content kind and level, or `nil` for non-text AAA, which WCAG does not define.
    /// - Parameters:
    ///   - content: The kind of content.
    ///   - level: The conformance level.
    public init?(content: Content, level: WCAGLevel) {
        if content == .nonText && level == .aaa { return nil }
        self.content = content
        self.level = level
    }

    private init(checked content: Content, _ level: WCAGLevel) {
        self.content = content
        self.level = level
    }

    /// Normal text at AA: 4.5:1.
    public static let normalTextAA = ContrastRequirement(checked: .normalText, .aa)
    /// Normal text at AAA: 7:1.
    public static let normalTextAAA = ContrastRequirement(checked: .normalText, .aaa)
    /// Large text at AA: 3:1.
    public static let largeTextAA = ContrastRequirement(checked: .largeText, .aa)
    /// Large text at AAA: 4.5:1.
    public static let largeTextAAA = ContrastRequirement(checked: .largeText, .aaa)
    /// Non-text UI components and graphics at AA: 3:1.
    public static let nonTextAA = ContrastRequirement(checked: .nonText, .aa)

    /// Every requirement WCAG 2.x defines, strictest last within each content kind.
    public static let all: [ContrastRequirement] = [
        .normalTextAA, .normalTextAAA, .largeTextAA, .largeTextAAA, .nonTextAA,
    ]

    /// The smallest ratio that satisfies the requirement.
    public var minimumRatio: Double {
        switch (content, level) {
        case (.normalText, .aa): return 4.5
        case (.normalText, .aaa): return 7
        case (.largeText, .aa): return 3
        case (.largeText, .aaa): return 4.5
        case (.nonText, _): return 3
        }
    }

    /// Whether a contrast ratio meets the requirement, compared exactly (4.499 fails 4.5); NaN never does.
    /// - Parameter ratio: A contrast ratio, as from ``ThemeColor/contrastRatio(to:)``.
    /// - Returns: `true` when `ratio >= minimumRatio`.
    public func isSatisfied(by ratio: Double) -> Bool { ratio >= minimumRatio }

    /// For example `"AA normal text (4.5:1)"`.
    public var description: String {
        let ratio = minimumRatio == minimumRatio.rounded() ? String(Int(minimumRatio)) : String(minimumRatio)
        return "\(level) \(content) (\(ratio):1)"
    }
}

/// A contrast ratio together with which WCAG requirements it meets.
///
/// ```swift
/// let check = ContrastCheck(foreground: text, background: surface)
/// check.ratio                                 // 5.74…
/// check.passes(.normalTextAA)                 // true
/// check.highestLevel(for: .normalText)        // .aa
/// ```
public struct ContrastCheck: Hashable, Sendable, CustomStringConvertible {
    /// The exact, unrounded contrast ratio.
    public let ratio: Double

    /// Evaluates a ratio you already have.
    /// - Parameter ratio: The contrast ratio.
    public init(ratio: Double) { self.ratio = ratio }

    /// Measures the contrast of a foreground colour on a background.
    ///
    /// A translucent foreground is first composited over the background with
    /// ``ThemeColor/composited(over:)``. The background's own alpha is ignored: composite it over whatever is
    /// behind it before checking.
    ///
    /// - Parameters:
    ///   - foreground: The text or UI colour.
    ///   - background: The opaque colour behind it.
    public init(foreground: ThemeColor, background: ThemeColor) {
        var opaqueBackground = background
        opaqueBackground.alpha = 1
        ratio = foreground.composited(over: opaqueBackground).contrastRatio(to: opaqueBackground)
    }

    /// Whether the ratio meets a requirement.
    /// - Parameter requirement: The requirement to check.
    /// - Returns: `true` when met.
    public func passes(_ requirement: ContrastRequirement) -> Bool { requirement.isSatisfied(by: ratio) }

    /// The requirements from ``ContrastRequirement/all`` that the ratio meets.
    public var passed: [ContrastRequirement] { ContrastRequirement.all.filter(passes) }

    /// The requirements from ``ContrastRequirement/all`` that the ratio does not meet.
    public var failed: [ContrastRequirement] { ContrastRequirement.all.filter { !passes($0) } }

    /// The highest level met for a kind of content, or `nil` when not even AA is.
    /// - Parameter content: The kind of content.
    /// - Returns: `.aaa`, `.aa` or `nil`.
    public func highestLevel(for content: ContrastRequirement.Content) -> WCAGLevel? {
        WCAGLevel.allCases.reversed().first { level in
            ContrastRequirement(content: content, level: level).map(passes) ?? false
        }
    }

    /// The ratio truncated to two decimals, then what it passes and fails, for example
    /// `"4.84:1; passes AA normal text (4.5:1), …; fails AAA normal text (7:1)"`.
    public var description: String {
        let truncated = (ratio * 100).rounded(.down) / 100
        var parts = ["\(truncated):1"]
        if !passed.isEmpty { parts.append("passes " + passed.map(\.description).joined(separator: ", ")) }
        if !failed.isEmpty { parts.append("fails " + failed.map(\.description).joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }
}
