import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct ColorSetResolutionTests {
    private static let deepSea = ThemeStyle(rawValue: "deepSea")
    private static let sepia = ThemeStyle(rawValue: "sepia")
    private static let bases: [ThemeStyle: ThemeStyle] = [deepSea: .dark, sepia: .light]

    private static func color(_ hex: String) -> ThemeColor {
        // The literals below are valid hex colours.
        try! ThemeColor(hex: hex)
    }

    private static let background = ColorSet(
        light: color("#F5FAFD"), dark: color("#0B1A24"), highContrastLight: color("#FFFFFF"),
        highContrastDark: color("#000000"),
        custom: [deepSea: .init(color: color("#021018"), highContrast: color("#000408"))])

    @Test(
        "a colour set resolves the four system appearances by scheme and contrast",
        arguments: [
            (SystemAppearance.light, ThemeContrast.standard, "#F5FAFD"),
            (.light, .increased, "#FFFFFF"),
            (.dark, .standard, "#0B1A24"),
            (.dark, .increased, "#000000"),
        ]
    )
    func fourAppearances(appearance: SystemAppearance, contrast: ThemeContrast, hex: String) {
        #expect(Self.background.resolved(in: appearance, contrast: contrast).hex == hex)
        // A built-in theme style changes nothing: the platform's appearance decides.
        #expect(Self.background.resolved(in: appearance, contrast: contrast, themeStyle: .light).hex == hex)
        #expect(Self.background.resolved(in: appearance, contrast: contrast, themeStyle: .dark).hex == hex)
    }

    @Test("the theme's custom style wins where it is drawn in its base appearance, at both contrasts")
    func customStyleInItsAppearance() {
        let standard = Self.background.resolved(
            in: .dark, contrast: .standard, themeStyle: Self.deepSea, baseStyles: Self.bases)
        let increased = Self.background.resolved(
            in: .dark, contrast: .increased, themeStyle: Self.deepSea, baseStyles: Self.bases)
        #expect(standard.hex == "#021018")
        #expect(increased.hex == "#000408")
    }

    @Test("a subtree forced to the other appearance resolves that appearance, not the theme's custom style")
    func customStyleOutsideItsAppearance() {
        let forcedLight = Self.background.resolved(
            in: .light, contrast: .standard, themeStyle: Self.deepSea, baseStyles: Self.bases)
        #expect(forcedLight.hex == "#F5FAFD")
        #expect(
            ColorSet.effectiveStyle(appearance: .light, themeStyle: Self.deepSea, baseStyles: Self.bases) == .light)
        #expect(
            ColorSet.effectiveStyle(appearance: .dark, themeStyle: Self.deepSea, baseStyles: Self.bases)
                == Self.deepSea)
        #expect(ColorSet.effectiveStyle(appearance: .dark, themeStyle: nil) == .dark)
    }

    @Test("a custom style without its own value falls back to its base in its appearance")
    func customStyleWithoutValue() {
        let sepiaLight = Self.background.resolved(
            in: .light, contrast: .increased, themeStyle: Self.sepia, baseStyles: Self.bases)
        #expect(sepiaLight.hex == "#FFFFFF")
        #expect(
            ColorSet.effectiveStyle(appearance: .light, themeStyle: Self.sepia, baseStyles: Self.bases) == Self.sepia)
    }

    @Test("the ocean pack's background resolves its four appearances and its deepSea style")
    func oceanPack() throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Examples/Packs/ocean.json")
        let pack = try ThemePackDecoder().decode(contentsOf: url).pack
        let background = try #require(pack.colors["background"])
        let resolved = SystemAppearance.allCases.flatMap { appearance in
            ThemeContrast.allCases.map { background.resolved(in: appearance, contrast: $0).hex }
        }
        #expect(resolved == ["#F5FAFD", "#FFFFFF", "#0B1A24", "#000000"])
        let deepSea = background.resolved(
            in: .dark, contrast: .standard, themeStyle: Self.deepSea, baseStyles: pack.styles)
        #expect(deepSea.hex == "#021018")
    }

    @Test(
        "each example pack's custom style forces its base appearance on a window, and its colours there",
        arguments: [("ocean", "deepSea", SystemAppearance.dark), ("ember", "sepia", .light)]
    )
    func packStylesForceTheirBase(pack name: String, style: String, base: SystemAppearance) throws {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Examples/Packs/\(name).json")
        let pack = try ThemePackDecoder().decode(contentsOf: url).pack
        let custom = ThemeStyle(rawValue: style)
        let colors = ThemePackColors(pack)
        #expect(SystemAppearance.windowOverride(followsSystem: false, style: custom, baseStyles: colors.styles) == base)
        #expect(SystemAppearance.windowOverride(followsSystem: true, style: custom, baseStyles: colors.styles) == nil)
        let background = try #require(pack.colors["background"])
        let inBase = background.resolved(in: base, contrast: .standard, themeStyle: custom, baseStyles: colors.styles)
        #expect(inBase == background.resolved(for: custom, baseStyles: colors.styles))
        let other: SystemAppearance = base == .dark ? .light : .dark
        let elsewhere = background.resolved(
            in: other, contrast: .standard, themeStyle: custom, baseStyles: colors.styles)
        #expect(elsewhere == background.resolved(for: other.style))
        #expect(inBase != elsewhere)
    }
}
