import Testing
import ThemeKitTokens

@Suite struct DynamicTypeScaleTests {
    /// Apple's published body sizes, xSmall to AX5.
    private static let bodySizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 45, 53]

    @Test("the default sizes at Large are the text styles' documented sizes")
    func defaultSizes() {
        let sizes = TextStyle.allCases.map { DynamicTypeScale.pointSize(of: $0) }
        #expect(sizes == [34, 28, 22, 20, 17, 15, 17, 16, 13, 12, 11])
    }

    @Test("body follows Apple's curve at every content size category")
    func bodyAtEveryCategory() {
        let sizes = TextSizeCategory.allCases.map { DynamicTypeScale.pointSize(of: .body, at: $0) }
        #expect(sizes == Self.bodySizes)
    }

    @Test(
        "each text style's sizes at xSmall, xxxLarge and AX5",
        arguments: [
            (TextStyle.largeTitle, 31.0, 40.0, 60.0),
            (.title, 25, 34, 58),
            (.title2, 19, 28, 56),
            (.title3, 17, 26, 55),
            (.headline, 14, 23, 53),
            (.subheadline, 12, 21, 49),
            (.callout, 13, 22, 51),
            (.footnote, 12, 19, 44),
            (.caption, 11, 18, 43),
            (.caption2, 11, 17, 40),
        ]
    )
    func extremes(style: TextStyle, extraSmall: Double, extraExtraExtraLarge: Double, ax5: Double) {
        #expect(DynamicTypeScale.pointSize(of: style, at: .extraSmall) == extraSmall)
        #expect(DynamicTypeScale.pointSize(of: style, at: .extraExtraExtraLarge) == extraExtraExtraLarge)
        #expect(DynamicTypeScale.pointSize(of: style, at: .accessibilityExtraExtraExtraLarge) == ax5)
    }

    @Test("every style grows (never shrinks) from one category to the next")
    func monotonic() {
        for style in TextStyle.allCases {
            let sizes = TextSizeCategory.allCases.map { DynamicTypeScale.pointSize(of: style, at: $0) }
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 <= $1 }, "\(style): \(sizes)")
        }
    }

    @Test("a token's own size scales by its style's ratio at each category")
    func tokenScaling() {
        let token = TypographyToken(size: 20, textStyle: .body, letterSpacing: 0.5)
        let expected = Self.bodySizes.map { 20 * $0 / 17 }
        let sizes = TextSizeCategory.allCases.map { token.scaledSize(at: $0) }
        for (size, value) in zip(sizes, expected) { #expect(abs(size - value) < 1e-9) }
        #expect(token.scaledSize(at: .large) == 20)
        let ax5 = token.scaled(at: .accessibilityExtraExtraExtraLarge)
        #expect(abs(ax5.size - 20 * 53 / 17) < 1e-9)
        #expect(abs((ax5.letterSpacing ?? 0) - 0.5 * 53 / 17) < 1e-9)
        #expect(ax5.lineHeight == token.lineHeight)
    }

    @Test("the space between lines is the line height beyond the scaled size, never negative")
    func lineSpacing() {
        let body = TypographyToken(size: 20, textStyle: .body, lineHeight: 1.5)
        #expect(body.lineSpacing(at: .large) == 10)
        #expect(abs(body.lineSpacing(at: .accessibilityExtraExtraExtraLarge) - 0.5 * 20 * 53 / 17) < 1e-9)
        #expect(TypographyToken(size: 16, lineHeight: 1.25).lineSpacing(at: .accessibilityLarge) == 4)
        #expect(TypographyToken(size: 16, lineHeight: 0.8).lineSpacing(at: .large) == 0)
        #expect(TypographyToken(size: 16).lineSpacing(at: .large) == 0)
    }

    @Test("a token without a text style keeps its size at every category")
    func fixedTokens() {
        let token = TypographyToken(size: 13)
        #expect(TextSizeCategory.allCases.allSatisfy { token.scaledSize(at: $0) == 13 })
        #expect(token.scaled(at: .accessibilityLarge) == token)
    }

    @Test("a maximum caps the scaled size")
    func maximum() {
        #expect(DynamicTypeScale.scaledSize(17, relativeTo: .body, at: .accessibilityLarge, maximum: 30) == 30)
        #expect(DynamicTypeScale.scaledSize(17, relativeTo: .body, at: .extraLarge, maximum: 30) == 19)
        #expect(DynamicTypeScale.scaledSize(17, relativeTo: nil, at: .extraLarge, maximum: 30) == 17)
    }

    @Test("categories are ordered and the five largest are the accessibility sizes")
    func categories() {
        #expect(TextSizeCategory.extraSmall < .large)
        #expect(TextSizeCategory.allCases.filter(\.isAccessibilityCategory).count == 5)
        #expect(!TextSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(TextSizeCategory.accessibilityMedium.isAccessibilityCategory)
    }

    @Test(
        "numeric weights map to the nearest named weight",
        arguments: [
            (1, NamedFontWeight.ultraLight), (100, .ultraLight), (149, .ultraLight), (150, .thin), (300, .light),
            (400, .regular), (449, .regular), (450, .medium), (600, .semibold), (700, .bold), (800, .heavy),
            (900, .black), (950, .black), (1000, .black),
        ]
    )
    func namedWeights(weight: Int, expected: NamedFontWeight) {
        #expect(NamedFontWeight(nearest: weight) == expected)
        #expect(TypographyToken(size: 12, weight: weight).namedWeight == expected)
    }

    @Test(
        "the face of a scaling font: the family relative to its style, the system style at its default size, else fixed",
        arguments: [
            (
                TypographyToken(family: "Inter", size: 18, textStyle: .body),
                .custom(family: "Inter", size: 18, relativeTo: .body)
            ),
            (TypographyToken(family: "Inter", size: 18), .custom(family: "Inter", size: 18, relativeTo: nil)),
            (TypographyToken(size: 17, textStyle: .body), .systemTextStyle(.body)),
            (TypographyToken(size: 34, weight: 700, textStyle: .largeTitle), .systemTextStyle(.largeTitle)),
            // Not the style's default size: no system style font has it, so it is fixed.
            (TypographyToken(size: 18, textStyle: .body), .system(size: 18)),
            (TypographyToken(size: 12), .system(size: 12)),
        ] as [(TypographyToken, TypographyToken.Face)])
    func scalingFace(token: TypographyToken, expected: TypographyToken.Face) {
        #expect(token.scalingFace == expected)
    }

    @Test("the face of a font sized for a category is fixed at the token's scaled size")
    func faceAtCategory() {
        let body = TypographyToken(size: 17, textStyle: .body)
        // Apple's body sizes at xSmall and AX5.
        #expect(body.face(at: .extraSmall) == .system(size: 14))
        #expect(body.face(at: .accessibilityExtraExtraExtraLarge) == .system(size: 53))
        #expect(body.face(at: .large) == .system(size: 17))
        let inter = TypographyToken(family: "Inter", size: 34, textStyle: .body)
        #expect(
            inter.face(at: .accessibilityExtraExtraExtraLarge) == .custom(family: "Inter", size: 106, relativeTo: nil))
        // Without a text style the size does not scale.
        #expect(
            TypographyToken(family: "Inter", size: 15).face(at: .accessibilityMedium)
                == .custom(family: "Inter", size: 15, relativeTo: nil))
    }

    @Test("UIKit's face: the family as installed (ignoring case), else the system font with the token's design")
    func installedFace() {
        let installed = ["Avenir Next", "Helvetica Neue", "Menlo", "HELVETICA NEUE LIGHT"]
        #expect(TypographyToken(family: "Menlo", size: 12).installedFace(among: installed) == .family("Menlo"))
        // Written by hand in another case: the platform's spelling, which UIKit's exact match needs.
        #expect(
            TypographyToken(family: "helvetica neue", size: 12).installedFace(among: installed)
                == .family("Helvetica Neue"))
        // An exact match wins over an earlier caseless one.
        #expect(
            TypographyToken(family: "Menlo", size: 12).installedFace(among: ["MENLO", "Menlo"]) == .family("Menlo"))
        #expect(
            TypographyToken(family: "Inter", size: 12, design: .rounded).installedFace(among: installed)
                == .system(.rounded))
        #expect(TypographyToken(size: 12, design: .serif).installedFace(among: installed) == .system(.serif))
        #expect(TypographyToken(family: "Menlo", size: 12).installedFace(among: []) == .system(.default))
    }
}
