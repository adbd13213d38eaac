/// A Dynamic Type text size the user can choose: the values of UIKit's `UIContentSizeCategory` and
/// SwiftUI's `ContentSizeCategory`, smallest first. ``large`` is the default.
///
/// Named apart from SwiftUI's `ContentSizeCategory` and `DynamicTypeSize` so that a file importing
/// both SwiftUI and ThemeKitTokens can use each without qualification.
public enum TextSizeCategory: String, Hashable, Codable, Sendable, CaseIterable, Comparable {
    /// xSmall.
    case extraSmall
    /// Small.
    case small
    /// Medium.
    case medium
    /// Large: the default size.
    case large
    /// xLarge.
    case extraLarge
    /// xxLarge.
    case extraExtraLarge
    /// xxxLarge: the largest size outside the accessibility sizes.
    case extraExtraExtraLarge
    /// AX1.
    case accessibilityMedium
    /// AX2.
    case accessibilityLarge
    /// AX3.
    case accessibilityExtraLarge
    /// AX4.
    case accessibilityExtraExtraLarge
    /// AX5: the largest size.
    case accessibilityExtraExtraExtraLarge

    /// Whether this is one of the five accessibility sizes (AX1–AX5).
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// Orders categories from smallest to largest.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.index < rhs.index }

    private var index: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

/// Apple's Dynamic Type scale on iOS: the point size of each text style at each content size category,
/// and the arithmetic that scales a token's own size along it.
///
/// The sizes are Apple's published defaults for the system font (Human Interface Guidelines,
/// "Dynamic Type sizes", iOS and iPadOS). A token with a ``TextStyle`` scales by the ratio of its style's
/// size at the user's category to its size at ``TextSizeCategory/large`` — what `UIFontMetrics` and
/// SwiftUI's `relativeTo:` do on a device — so a 20 pt body token is 20 pt at Large and 20 × 53 / 17 pt at AX5.
///
/// ```swift
/// DynamicTypeScale.pointSize(of: .body, at: .accessibilityExtraExtraExtraLarge)   // 53
/// DynamicTypeScale.scaledSize(20, relativeTo: .body, at: .extraSmall)              // 20 × 14 / 17
/// ```
public enum DynamicTypeScale {
    /// The system font's point size for `style` at `category`.
    /// - Parameters:
    ///   - style: A text style.
    ///   - category: A content size category; ``TextSizeCategory/large`` by default.
    /// - Returns: The size in points.
    public static func pointSize(of style: TextStyle, at category: TextSizeCategory = .large) -> Double {
        sizes(of: style)[TextSizeCategory.allCases.firstIndex(of: category) ?? 3]
    }

    /// A style's sizes, one per category from ``TextSizeCategory/extraSmall`` to AX5.
    private static func sizes(of style: TextStyle) -> [Double] {
        switch style {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 45, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// The factor a size relative to `style` is multiplied by at `category`: 1 at Large.
    /// - Parameters:
    ///   - style: The text style the size follows.
    ///   - category: The user's content size category.
    /// - Returns: `pointSize(of: style, at: category) / pointSize(of: style, at: .large)`.
    public static func scaleFactor(for style: TextStyle, at category: TextSizeCategory) -> Double {
        pointSize(of: style, at: category) / pointSize(of: style)
    }

    /// Scales a size given at the default category along `style`'s curve.
    /// - Parameters:
    ///   - size: The size at ``TextSizeCategory/large``, in points.
    ///   - style: The text style to follow; `nil` keeps the size fixed.
    ///   - category: The user's content size category.
    ///   - maximum: The largest size to return, if any (to keep a layout intact at AX sizes).
    /// - Returns: The scaled size in points.
    public static func scaledSize(
        _ size: Double, relativeTo style: TextStyle?, at category: TextSizeCategory, maximum: Double? = nil
    ) -> Double {
        let scaled = style.map { size * scaleFactor(for: $0, at: category) } ?? size
        guard let maximum else { return scaled }
        return min(scaled, maximum)
    }
}

extension TypographyToken {
    /// The token's size at a content size category: its own ``size`` scaled along its ``textStyle``'s
    /// Dynamic Type curve, or ``size`` unchanged when it has no text style.
    /// - Parameter category: The user's content size category.
    /// - Returns: The size in points.
    public func scaledSize(at category: TextSizeCategory) -> Double {
        DynamicTypeScale.scaledSize(size, relativeTo: textStyle, at: category)
    }

    /// The token at a content size category: size and letter spacing scaled together, line height (a
    /// multiple of the size) unchanged, so the text keeps its proportions.
    /// - Parameter category: The user's content size category.
    /// - Returns: The scaled token; the same token at ``TextSizeCategory/large`` or without a text style.
    public func scaled(at category: TextSizeCategory) -> TypographyToken {
        guard let textStyle else { return self }
        let factor = DynamicTypeScale.scaleFactor(for: textStyle, at: category)
        var token = self
        token.size = size * factor
        token.letterSpacing = letterSpacing.map { $0 * factor }
        return token
    }

    /// The space to add between lines at a content size category, in points: what SwiftUI's
    /// `lineSpacing(_:)` and `NSParagraphStyle.lineSpacing` take for the token's ``lineHeight``. The
    /// line height beyond the font's size, `(lineHeight − 1) × size` of the scaled token; `0` without
    /// a line height or for one of at most 1 (those APIs cannot tighten lines).
    /// - Parameter category: The user's content size category.
    /// - Returns: The extra space between lines, in points, never negative.
    public func lineSpacing(at category: TextSizeCategory) -> Double {
        guard let lineHeight else { return 0 }
        return max(0, (lineHeight - 1) * scaledSize(at: category))
    }
}

/// The nine weights Apple's font APIs name (`UIFont.Weight`, SwiftUI's `Font.Weight`), with the CSS/DTCG
/// numeric weights they stand for.
public enum NamedFontWeight: Int, Hashable, Sendable, CaseIterable {
    /// 100.
    case ultraLight = 100
    /// 200.
    case thin = 200
    /// 300.
    case light = 300
    /// 400.
    case regular = 400
    /// 500.
    case medium = 500
    /// 600.
    case semibold = 600
    /// 700.
    case bold = 700
    /// 800.
    case heavy = 800
    /// 900.
    case black = 900

    /// The named weight nearest to a numeric weight (1…1000); halfway values round up, the way a
    /// font matcher picks the bolder face for 450 or 650.
    /// - Parameter weight: A CSS/DTCG weight.
    public init(nearest weight: Int) {
        let hundreds = min(max((weight + 50) / 100, 1), 9)
        self = NamedFontWeight(rawValue: hundreds * 100) ?? .regular
    }
}

extension TypographyToken {
    /// The Apple named weight nearest to ``weight``.
    public var namedWeight: NamedFontWeight { NamedFontWeight(nearest: weight) }
}

extension TypographyToken {
    /// Which font an adapter makes for a token: SwiftUI's `Font(_:)` and `Font(_:sizeCategory:)` switch
    /// over it, so the rules are tested on Linux. Weight and design come from the token in every case.
    package enum Face: Hashable, Sendable {
        /// The family at `size`, scaled along `relativeTo`'s Dynamic Type curve by the platform, or fixed
        /// at `size` when `relativeTo` is `nil`.
        case custom(family: String, size: Double, relativeTo: TextStyle?)
        /// The system font of a text style at that style's default size, which the platform scales.
        case systemTextStyle(TextStyle)
        /// The system font fixed at `size`.
        case system(size: Double)
    }

    /// The face of a font that scales with Dynamic Type where the platform can scale it alone: the
    /// family relative to the text style (fixed without one); the system font of the text style when
    /// the size is that style's default (``DynamicTypeScale/pointSize(of:)``); else the system font at
    /// the token's size, which does not scale (an adapter scales it by the size category instead, with
    /// ``face(at:)``).
    package var scalingFace: Face {
        if let family { return .custom(family: family, size: size, relativeTo: textStyle) }
        if let textStyle, size == DynamicTypeScale.pointSize(of: textStyle) { return .systemTextStyle(textStyle) }
        return .system(size: size)
    }

    /// The face of a font sized for a content size category: the family or the system font, fixed at
    /// ``scaledSize(at:)``.
    /// - Parameter category: The content size category.
    package func face(at category: TextSizeCategory) -> Face {
        let size = scaledSize(at: category)
        if let family { return .custom(family: family, size: size, relativeTo: nil) }
        return .system(size: size)
    }

    /// Where UIKit's `UIFont.theme(_:compatibleWith:)` takes a token's face from, given the installed
    /// families: the token's family when one is installed under that name ignoring case (spelled as
    /// installed: UIKit matches family names exactly, and a pack written by hand says `helvetica neue`),
    /// else the system font with the token's design. Size, weight and Dynamic Type scaling come from the
    /// token in both cases.
    package enum InstalledFace: Hashable, Sendable {
        /// An installed family, spelled as the platform lists it.
        case family(String)
        /// The system font with a design.
        case system(FontDesign)
    }

    /// The face to use among `installedFamilies` (see ``InstalledFace``).
    /// - Parameter installedFamilies: The families the platform has (`UIFont.familyNames`).
    package func installedFace(among installedFamilies: some Sequence<String>) -> InstalledFace {
        guard let family else { return .system(design) }
        let lowercased = family.lowercased()
        var caseless: String?
        for installed in installedFamilies {
            if installed == family { return .family(installed) }
            if caseless == nil, installed.lowercased() == lowercased { caseless = installed }
        }
        return caseless.map { .family($0) } ?? .system(design)
    }
}
