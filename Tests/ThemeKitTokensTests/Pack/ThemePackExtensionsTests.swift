import Testing
import ThemeKitTokens

@Suite struct ThemePackExtensionsTests {
    private let sepia = ThemeStyle(rawValue: "sepia")
    private let dusk = ThemeStyle(rawValue: "dusk")

    @Test("colours resolve per style and contrast, following custom styles' bases")
    func colorsResolve() throws {
        let pack = try ThemePackDecoder().decode(packJSON(validPackJSON)).pack
        let colors = ThemePackColors(pack)
        #expect(colors.color("background", for: .light)?.hex == "#FFFFFF")
        #expect(colors.color("background", for: .dark)?.hex == "#101418")
        #expect(colors.color("background", for: .dark, contrast: .increased)?.hex == "#000000")
        #expect(colors.color("background", for: sepia)?.hex == "#F4ECD8")
        #expect(colors.color("background", for: sepia, contrast: .increased)?.hex == "#FFF8E8")
        // dusk has no values of its own: it is based on sepia.
        #expect(colors.color("background", for: dusk)?.hex == "#F4ECD8")
        #expect(colors.color("accent", for: dusk)?.hex == "#0055FF")
        #expect(colors.color("missing", for: .light) == nil)
    }

    @Test("typography and metrics expose the pack's tokens by name")
    func typographyAndMetrics() throws {
        let pack = try ThemePackDecoder().decode(packJSON(validPackJSON)).pack
        #expect(ThemePackTypography(pack)["code"]?.design == .monospaced)
        #expect(ThemePackMetrics(pack).radius("large") == 16.5)
        #expect(ThemePackMetrics(pack).spacing("m") == 16)
        #expect(ThemePackMetrics(pack).spacing("xl") == nil)
    }

    @Test("the fallback values are empty")
    func fallbacksAreEmpty() {
        #expect(ThemePackColors.fallback.colors.isEmpty)
        #expect(ThemePackColors.fallback.styles.isEmpty)
        #expect(ThemePackTypography.fallback.tokens.isEmpty)
        #expect(ThemePackMetrics.fallback.radii.isEmpty && ThemePackMetrics.fallback.spacing.isEmpty)
    }

    @Test("contrast checks cover light, dark, both contrasts and every declared custom style")
    func contrastChecks() throws {
        let pack = try ThemePackDecoder().decode(packJSON(validPackJSON)).pack
        let checks = pack.contrastChecks()
        #expect(checks.count == 2 * 4 * 2)
        let lightText = try #require(
            checks.first { $0.pair.text == "text" && $0.style == .light && $0.contrast == .standard })
        #expect(lightText.passes)
        #expect(
            abs(
                (lightText.ratio ?? 0)
                    - ThemeColor(red: 0x1A / 255, green: 0x1A / 255, blue: 0x1A / 255)
                    .contrastRatio(to: ThemeColor(red: 1, green: 1, blue: 1))) < 1e-9)
        #expect(lightText.description.hasPrefix("text on background (light, standard): "))
        let missing = ThemePack(id: "m", name: "M", contrastPairs: [ContrastPair(text: "a", background: "b")])
        #expect(missing.contrastChecks().allSatisfy { $0.ratio == nil && !$0.passes })
    }
}
