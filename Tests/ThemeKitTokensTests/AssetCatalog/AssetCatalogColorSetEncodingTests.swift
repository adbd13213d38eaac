import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct AssetCatalogColorSetEncodingTests {
    @Test("all four appearances are written in Xcode's exact layout and order")
    func fourAppearanceLayout() throws {
        let colorSet = ColorSet(
            light: ThemeColor(red: 17.0 / 255, green: 0.5, blue: 1),
            dark: ThemeColor(red: 0, green: 0, blue: 0, alpha: 0.25),
            highContrastLight: ThemeColor(red: 0.0004, green: 0.9996, blue: 0.1234),
            highContrastDark: ThemeColor(red: 1, green: 1, blue: 1)
        )
        let expected = """
            {
              "colors" : [
                {
                  "color" : {
                    "color-space" : "srgb",
                    "components" : {
                      "alpha" : "1.000",
                      "blue" : "1.000",
                      "green" : "0.500",
                      "red" : "0.067"
                    }
                  },
                  "idiom" : "universal"
                },
                {
                  "appearances" : [
                    {
                      "appearance" : "luminosity",
                      "value" : "dark"
                    }
                  ],
                  "color" : {
                    "color-space" : "srgb",
                    "components" : {
                      "alpha" : "0.250",
                      "blue" : "0.000",
                      "green" : "0.000",
                      "red" : "0.000"
                    }
                  },
                  "idiom" : "universal"
                },
                {
                  "appearances" : [
                    {
                      "appearance" : "contrast",
                      "value" : "high"
                    }
                  ],
                  "color" : {
                    "color-space" : "srgb",
                    "components" : {
                      "alpha" : "1.000",
                      "blue" : "0.123",
                      "green" : "1.000",
                      "red" : "0.000"
                    }
                  },
                  "idiom" : "universal"
                },
                {
                  "appearances" : [
                    {
                      "appearance" : "luminosity",
                      "value" : "dark"
                    },
                    {
                      "appearance" : "contrast",
                      "value" : "high"
                    }
                  ],
                  "color" : {
                    "color-space" : "srgb",
                    "components" : {
                      "alpha" : "1.000",
                      "blue" : "1.000",
                      "green" : "1.000",
                      "red" : "1.000"
                    }
                  },
                  "idiom" : "universal"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """
        #expect(AssetCatalogColorSet(colorSet).contentsJSON() == expected)
    }

    @Test("the Any entry matches the bytes Xcode wrote in the AccentColor fixture", Fixtures.required)
    func matchesXcodeBytes() throws {
        let fixture = String(decoding: try Fixtures.data("xcassets/AccentColor.colorset/Contents.json"), as: UTF8.self)
        let written = AssetCatalogColorSet(colors: [
            .any: ThemeColor(red: 0.031, green: 0.416, blue: 0.933),
            .dark: ThemeColor(red: 0.5, green: 0.5, blue: 0.5),
        ]).contentsJSON()
        let secondEntry = "    {\n      \"appearances\""
        let fixtureHead = try #require(fixture.range(of: secondEntry)).lowerBound
        let writtenHead = try #require(written.range(of: secondEntry)).lowerBound
        #expect(written[..<writtenHead] == fixture[..<fixtureHead])
        // The tail (info block and the final newline) matches too.
        let infoBlock = "  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
        #expect(fixture.hasSuffix(infoBlock))
        #expect(written.hasSuffix(infoBlock))
    }

    @Test(
        "components are rounded to three decimals",
        arguments: [
            (0.0, "0.000"), (1, "1.000"), (0.5, "0.500"), (17.0 / 255, "0.067"), (0.0005, "0.001"),
            (0.0004999, "0.000"),
            (0.9995, "1.000"), (0.1234, "0.123"), (238.0 / 255, "0.933"),
        ] as [(Double, String)]
    )
    func componentFormatting(value: Double, expected: String) {
        let json = AssetCatalogColorSet(colors: [.any: ThemeColor(red: value, green: 0, blue: 0)]).contentsJSON()
        #expect(json.contains("\"red\" : \"\(expected)\""))
    }

    @Test("a colour that is the same everywhere is a single Any entry")
    func singleColour() {
        let entries = AssetCatalogColorSet(ColorSet(ThemeColor(red: 0.2, green: 0.3, blue: 0.4)))
        #expect(entries.colors == [.any: ThemeColor(red: 0.2, green: 0.3, blue: 0.4)])
        #expect(!entries.contentsJSON().contains("appearances"))
    }

    @Test("light and dark without high contrast are Any and Dark entries")
    func lightAndDark() {
        let light = ThemeColor(red: 1, green: 1, blue: 1)
        let dark = ThemeColor(red: 0, green: 0, blue: 0)
        #expect(AssetCatalogColorSet(ColorSet(light: light, dark: dark)).colors == [.any: light, .dark: dark])
    }

    @Test("one high-contrast colour writes all four entries, filling the other with its standard colour")
    func partialHighContrastIsMadeExplicit() {
        let light = ThemeColor(red: 1, green: 1, blue: 1)
        let dark = ThemeColor(red: 0, green: 0, blue: 0)
        let highLight = ThemeColor(red: 0.9, green: 0.9, blue: 0.9)
        let entries = AssetCatalogColorSet(ColorSet(light: light, dark: dark, highContrastLight: highLight))
        #expect(entries.colors == [.any: light, .dark: dark, .highContrast: highLight, .darkHighContrast: dark])
        let sameEverywhere = AssetCatalogColorSet(ColorSet(light: light, dark: light, highContrastDark: dark))
        #expect(sameEverywhere.colors == [.any: light, .dark: light, .highContrast: light, .darkHighContrast: dark])
    }

    @Test("a Light entry is written between Any and Dark, with a luminosity light appearance")
    func lightEntryOrder() throws {
        let json = AssetCatalogColorSet(colors: [
            .dark: ThemeColor(red: 0, green: 0, blue: 0), .light: ThemeColor(red: 1, green: 0, blue: 0),
            .any: ThemeColor(red: 1, green: 1, blue: 1), .lightHighContrast: ThemeColor(red: 0.5, green: 0, blue: 0),
        ]).contentsJSON()
        let light = try #require(json.range(of: "\"value\" : \"light\""))
        let dark = try #require(json.range(of: "\"value\" : \"dark\""))
        let high = try #require(json.range(of: "\"value\" : \"high\""))
        #expect(light.lowerBound < dark.lowerBound)
        #expect(dark.lowerBound < high.lowerBound)
    }

    @Test("appearances sort in Xcode's order")
    func appearanceOrder() {
        let shuffled: [AssetCatalogAppearance] = [
            .darkHighContrast, .dark, .highContrast, .any, .lightHighContrast, .light,
        ]
        #expect(shuffled.sorted() == [.any, .light, .dark, .highContrast, .lightHighContrast, .darkHighContrast])
        #expect(AssetCatalogAppearance.darkHighContrast.description == "dark + high contrast")
        #expect(AssetCatalogAppearance.highContrast.description == "high contrast")
        #expect(AssetCatalogAppearance.any.description == "any")
    }
}
