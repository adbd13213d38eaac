import Foundation
import Testing
import ThemeKitTokens

@Suite struct ColorSetTests {
    private static let light = ThemeColor(red: 1, green: 1, blue: 1)
    private static let dark = ThemeColor(red: 0, green: 0, blue: 0)
    private static let highContrastLight = ThemeColor(red: 0.9, green: 0.9, blue: 0.9)
    private static let highContrastDark = ThemeColor(red: 0.1, green: 0.1, blue: 0.1)
    private static let sepiaColor = ThemeColor(red: 0.96, green: 0.93, blue: 0.85)
    private static let sepiaHigh = ThemeColor(red: 0.98, green: 0.95, blue: 0.88)
    private static let dimColor = ThemeColor(red: 0.2, green: 0.2, blue: 0.25)

    private static let sepia = ThemeStyle(rawValue: "sepia")
    private static let dim = ThemeStyle(rawValue: "dim")
    private static let night = ThemeStyle(rawValue: "night")
    private static let paper = ThemeStyle(rawValue: "paper")

    private static let full = ColorSet(
        light: light, dark: dark, highContrastLight: highContrastLight, highContrastDark: highContrastDark,
        custom: [sepia: .init(color: sepiaColor, highContrast: sepiaHigh), dim: .init(color: dimColor)]
    )
    private static let minimal = ColorSet(light: light, dark: dark)

    @Test(
        "light and dark resolve through their high-contrast values first when contrast is increased",
        arguments: [
            (ThemeStyle.light, ThemeContrast.standard, light, light),
            (.light, .increased, highContrastLight, light),
            (.dark, .standard, dark, dark),
            (.dark, .increased, highContrastDark, dark),
        ]
    )
    func builtInStyles(style: ThemeStyle, contrast: ThemeContrast, withHighContrast: ThemeColor, without: ThemeColor) {
        #expect(Self.full.resolved(for: style, contrast: contrast) == withHighContrast)
        #expect(Self.minimal.resolved(for: style, contrast: contrast) == without)
    }

    @Test("contrast defaults to standard")
    func contrastDefaultsToStandard() {
        #expect(Self.full.resolved(for: .dark) == Self.dark)
    }

    @Test("a custom style uses its own value, its high-contrast value only when contrast is increased")
    func customStyleOwnValues() {
        #expect(Self.full.resolved(for: Self.sepia) == Self.sepiaColor)
        #expect(Self.full.resolved(for: Self.sepia, contrast: .increased) == Self.sepiaHigh)
        #expect(Self.full.resolved(for: Self.dim, contrast: .increased) == Self.dimColor)
        // Own value wins over the declared base.
        #expect(Self.full.resolved(for: Self.sepia, baseStyles: [Self.sepia: .dark]) == Self.sepiaColor)
    }

    @Test(
        "a custom style without a value resolves as its base style, light when it has none",
        arguments: ThemeContrast.allCases
    )
    func customStyleFallsBackToBase(contrast: ThemeContrast) {
        let increased = contrast == .increased
        #expect(
            Self.full.resolved(for: Self.night, contrast: contrast)
                == (increased ? Self.highContrastLight : Self.light))
        #expect(
            Self.full.resolved(for: Self.night, contrast: contrast, baseStyles: [Self.night: .dark])
                == (increased ? Self.highContrastDark : Self.dark))
        #expect(
            Self.minimal.resolved(for: Self.night, contrast: contrast, baseStyles: [Self.night: .dark]) == Self.dark)
        #expect(
            Self.full.resolved(for: Self.night, contrast: contrast, baseStyles: [Self.night: Self.sepia])
                == (increased ? Self.sepiaHigh : Self.sepiaColor))
    }

    @Test("base chains are followed until a style with a value", arguments: ThemeContrast.allCases)
    func baseChains(contrast: ThemeContrast) {
        let bases = [Self.night: Self.paper, Self.paper: .dark]
        let expected = contrast == .increased ? Self.highContrastDark : Self.dark
        #expect(Self.full.resolved(for: Self.night, contrast: contrast, baseStyles: bases) == expected)
        let viaDim = [Self.night: Self.paper, Self.paper: Self.dim]
        #expect(Self.full.resolved(for: Self.night, contrast: contrast, baseStyles: viaDim) == Self.dimColor)
    }

    @Test("a cycle of base styles resolves as light", arguments: ThemeContrast.allCases)
    func cyclesResolveAsLight(contrast: ThemeContrast) {
        let expected = contrast == .increased ? Self.highContrastLight : Self.light
        let twoCycle = [Self.night: Self.paper, Self.paper: Self.night]
        #expect(Self.full.resolved(for: Self.night, contrast: contrast, baseStyles: twoCycle) == expected)
        let selfCycle = [Self.night: Self.night]
        #expect(Self.full.resolved(for: Self.night, contrast: contrast, baseStyles: selfCycle) == expected)
        let tail = [
            Self.night: Self.paper, Self.paper: ThemeStyle(rawValue: "a"), ThemeStyle(rawValue: "a"): Self.paper,
        ]
        #expect(Self.full.resolved(for: Self.night, contrast: contrast, baseStyles: tail) == expected)
    }

    @Test("the single-colour initialiser gives the same colour everywhere")
    func singleColour() {
        let set = ColorSet(Self.sepiaColor)
        for style in [ThemeStyle.light, .dark, Self.sepia] {
            for contrast in ThemeContrast.allCases {
                #expect(set.resolved(for: style, contrast: contrast) == Self.sepiaColor)
            }
        }
    }

    @Test("custom entries keyed light or dark do not override the light and dark properties")
    func customLightIsIgnored() {
        let set = ColorSet(light: Self.light, dark: Self.dark, custom: [.light: .init(color: Self.sepiaColor)])
        #expect(set.resolved(for: .light) == Self.light)
    }

    @Test("encodes as a readable JSON object of hex strings")
    func encodesReadably() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let set = ColorSet(
            light: try ThemeColor(hex: "#FFFFFF"), dark: try ThemeColor(hex: "#000000"),
            highContrastLight: try ThemeColor(hex: "#EEEEEE"),
            custom: [Self.sepia: .init(color: try ThemeColor(hex: "#F4ECD8"))])
        let json = String(decoding: try encoder.encode(set), as: UTF8.self)
        #expect(
            json
                == ##"{"custom":{"sepia":{"color":"#F4ECD8"}},"dark":"#000000","highContrastLight":"#EEEEEE","light":"#FFFFFF"}"##
        )
        #expect(try JSONDecoder().decode(ColorSet.self, from: Data(json.utf8)) == set)
    }

    @Test("a minimal set encodes only light and dark")
    func minimalEncoding() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(Self.minimal), as: UTF8.self)
        #expect(json == ##"{"dark":"#000000","light":"#FFFFFF"}"##)
    }

    @Test("the full set survives a JSON round trip")
    func roundTrip() throws {
        let data = try JSONEncoder().encode(Self.full)
        #expect(try JSONDecoder().decode(ColorSet.self, from: data) == Self.full)
    }

    @Test("decoding a bad hex string fails and names the key and the problem")
    func badHexFailsToDecode() {
        let json = ##"{"light":"#FFFFFF","dark":"#12345","custom":{"sepia":{"color":"#FFF"}}}"##
        do {
            _ = try JSONDecoder().decode(ColorSet.self, from: Data(json.utf8))
            Issue.record("should throw")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["dark"])
            #expect(context.debugDescription.contains("'#12345' has 5 hex digits"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
        let badCustom = ##"{"light":"#FFFFFF","dark":"#000","custom":{"sepia":{"color":"#XYZ"}}}"##
        do {
            _ = try JSONDecoder().decode(ColorSet.self, from: Data(badCustom.utf8))
            Issue.record("should throw")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["custom", "sepia", "color"])
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("decoding without a dark colour fails")
    func missingDarkFailsToDecode() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ColorSet.self, from: Data(##"{"light":"#FFFFFF"}"##.utf8))
        }
    }
}
