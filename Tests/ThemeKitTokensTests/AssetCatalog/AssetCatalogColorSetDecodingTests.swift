import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// Decodes a colour set from JSON text, returning the entries and the warnings.
private func decode(_ json: String, path: String = "Test.colorset/Contents.json") throws(AssetCatalogError)
    -> (AssetCatalogColorSet, [AssetCatalogWarning])
{
    var warnings: [AssetCatalogWarning] = []
    let entries = try AssetCatalogColorSet(contentsJSON: Data(json.utf8), path: path, warnings: &warnings)
    return (entries, warnings)
}

/// A one-entry colour set with the given colour object.
private func single(color: String, entryExtras: String = "") -> String {
    #"{"colors":[{"idiom":"universal",\#(entryExtras)"color":\#(color)}],"info":{"author":"xcode","version":1}}"#
}

/// An sRGB colour object with the given red component (as raw JSON).
private func srgb(red: String, alpha: String = #""1.000""#) -> String {
    #"{"color-space":"srgb","components":{"red":\#(red),"green":"0.000","blue":"0.000","alpha":\#(alpha)}}"#
}

@Suite struct AssetCatalogFixtureTests {
    private func fixture(_ name: String) throws -> (AssetCatalogColorSet, [AssetCatalogWarning]) {
        let data = try Fixtures.data("xcassets/\(name).colorset/Contents.json")
        var warnings: [AssetCatalogWarning] = []
        let entries = try AssetCatalogColorSet(contentsJSON: data, path: name, warnings: &warnings)
        return (entries, warnings)
    }

    @Test("gray1400 has four different appearances with its exact 4-decimal components", Fixtures.required)
    func gray1400() throws {
        let (entries, warnings) = try fixture("gray1400")
        #expect(warnings.isEmpty)
        #expect(
            entries.colors == [
                .any: ThemeColor(red: 0.1059, green: 0.1137, blue: 0.1333),
                .highContrast: ThemeColor(red: 0.1020, green: 0.1098, blue: 0.1294),
                .dark: ThemeColor(red: 0.9216, green: 0.9333, blue: 0.9490),
                .darkHighContrast: ThemeColor(red: 0.9490, green: 0.9608, blue: 0.9686),
            ])
        let set = try #require(entries.colorSet)
        #expect(set.light == ThemeColor(red: 0.1059, green: 0.1137, blue: 0.1333))
        #expect(set.highContrastLight == ThemeColor(red: 0.1020, green: 0.1098, blue: 0.1294))
        #expect(set.dark == ThemeColor(red: 0.9216, green: 0.9333, blue: 0.9490))
        #expect(set.highContrastDark == ThemeColor(red: 0.9490, green: 0.9608, blue: 0.9686))
        #expect(set.resolved(for: .dark, contrast: .increased).hex == "#F2F5F7")
        #expect(set.resolved(for: .light).hex == "#1B1D22")
    }

    @Test("primaryAccentColor's 0x byte components decode to exact byte values", Fixtures.required)
    func primaryAccentColor() throws {
        let (entries, warnings) = try fixture("primaryAccentColor")
        #expect(warnings.isEmpty)
        #expect(entries.colors[.any] == ThemeColor(red: 0x08 / 255.0, green: 0x6A / 255.0, blue: 0xEE / 255.0))
        #expect(entries.colors[.dark] == ThemeColor(red: 0x2D / 255.0, green: 0x80 / 255.0, blue: 0xF1 / 255.0))
        #expect(entries.colors.count == 2)
        #expect(entries.colorSet?.light.hex == "#086AEE")
        #expect(entries.colorSet?.dark.hex == "#2D80F1")
        #expect(entries.colorSet?.highContrastLight == nil)
    }

    @Test("AccentColor's Display P3 dark entry is converted to sRGB", Fixtures.required)
    func accentColor() throws {
        let (entries, warnings) = try fixture("AccentColor")
        #expect(warnings.isEmpty)
        #expect(entries.colors[.any] == ThemeColor(red: 0.031, green: 0.416, blue: 0.933))
        let dark = try #require(entries.colors[.dark])
        // P3 (0.426, 0.611, 0.929) through the CSS Color 4 matrices.
        #expect(abs(dark.red - 0.367787) < 1e-5)
        #expect(abs(dark.green - 0.617285) < 1e-5)
        #expect(abs(dark.blue - 0.954740) < 1e-5)
        #expect(dark.alpha == 1)
        #expect(dark.hex == "#5E9DF3")
    }

    @Test(
        "fullScreenBackgroundColor's system colour reference is a warning, and its gray dark entry is black",
        Fixtures.required)
    func fullScreenBackgroundColor() throws {
        let (entries, warnings) = try fixture("fullScreenBackgroundColor")
        #expect(
            warnings == [
                .systemColorReference(
                    path: "fullScreenBackgroundColor", jsonPath: "$.colors[0].color", name: "systemBackgroundColor")
            ])
        #expect(entries.colors == [.dark: ThemeColor(red: 0, green: 0, blue: 0)])
        #expect(entries.colorSet == nil)
        #expect(warnings[0].description.contains("systemBackgroundColor"))
    }
}

@Suite struct AssetCatalogColorSetDecodingTests {
    @Test(
        "component strings are read as decimals, 0x bytes or 0–255 integers",
        arguments: [
            (#""0.5""#, 0.5), (#""1.000""#, 1), (#""0.1059""#, 0.1059), (#""0x08""#, 8.0 / 255), (#""0xff""#, 1),
            (#""0XFF""#, 1), (#""0x8""#, 8.0 / 255), (#""255""#, 1), (#""128""#, 128.0 / 255), (#""0""#, 0),
            (#""1""#, 1.0 / 255), (#"".25""#, 0.25), ("0.75", 0.75), ("1", 1),
        ] as [(String, Double)]
    )
    func componentForms(raw: String, expected: Double) throws {
        let (entries, warnings) = try decode(single(color: srgb(red: raw)))
        #expect(warnings.isEmpty)
        #expect(entries.colors[.any]?.red == expected)
    }

    @Test("an integer alpha of 0 or 1 means transparent or opaque, not a byte", arguments: [("0", 0.0), ("1", 1)])
    func integerAlpha(raw: String, expected: Double) throws {
        let (entries, _) = try decode(single(color: srgb(red: #""0.5""#, alpha: "\"\(raw)\"")))
        #expect(entries.colors[.any]?.alpha == expected)
    }

    @Test("gray-gamma-22 white is converted through gamma 2.2 to an sRGB gray")
    func grayGamma() throws {
        let color = #"{"color-space":"gray-gamma-22","components":{"white":"0.500","alpha":"0.800"}}"#
        let (entries, warnings) = try decode(single(color: color))
        #expect(warnings.isEmpty)
        let gray = try #require(entries.colors[.any])
        #expect(abs(gray.red - 0.503867) < 1e-5)
        #expect(gray.red == gray.green && gray.green == gray.blue)
        #expect(gray.alpha == 0.8)
    }

    @Test("a saturated Display P3 red is clamped into sRGB with a warning")
    func p3Clamped() throws {
        let color =
            #"{"color-space":"display-p3","components":{"red":"1.000","green":"0.000","blue":"0.000","alpha":"1.000"}}"#
        let (entries, warnings) = try decode(single(color: color))
        #expect(warnings == [.clampedToSRGB(path: "Test.colorset/Contents.json", jsonPath: "$.colors[0].color")])
        #expect(entries.colors[.any] == ThemeColor(red: 1, green: 0, blue: 0))
    }

    @Test("extended sRGB values beyond 0...1 are allowed and clamped with a warning")
    func extendedSRGB() throws {
        let color =
            #"{"color-space":"extended-srgb","components":{"red":"1.200","green":"-0.100","blue":"0.5","alpha":"1"}}"#
        let (entries, warnings) = try decode(single(color: color))
        #expect(warnings.count == 1)
        #expect(entries.colors[.any] == ThemeColor(red: 1, green: 0, blue: 0.5))
    }

    @Test("extended linear sRGB values are gamma-encoded")
    func extendedLinearSRGB() throws {
        let color =
            #"{"color-space":"extended-linear-srgb","components":{"red":"0.2158605","green":"0","blue":"1.000","alpha":"1.000"}}"#
        let (entries, warnings) = try decode(single(color: color))
        #expect(warnings.isEmpty)
        let decoded = try #require(entries.colors[.any])
        #expect(abs(decoded.red - 128.0 / 255) < 1e-6)  // 0.2158605 is the luminance of #808080
        #expect(decoded.green == 0)
        #expect(decoded.blue == 1)
    }

    @Test("a Light entry takes precedence over Any for the light colour")
    func lightEntryWins() throws {
        let json = #"""
            {"colors":[
              {"idiom":"universal","color":\#(srgb(red: #""0.100""#))},
              {"idiom":"universal","appearances":[{"appearance":"luminosity","value":"light"}],"color":\#(srgb(red: #""0.200""#))},
              {"idiom":"universal","appearances":[{"appearance":"luminosity","value":"light"},{"appearance":"contrast","value":"high"}],"color":\#(srgb(red: #""0.300""#))}
            ]}
            """#
        let (entries, warnings) = try decode(json)
        #expect(warnings.isEmpty)
        let set = try #require(entries.colorSet)
        #expect(set.light.red == 0.2)
        #expect(set.dark.red == 0.2)
        #expect(set.highContrastLight?.red == 0.3)
        #expect(set.highContrastDark == nil)
    }

    @Test("entries that cannot become a fixed sRGB colour are skipped with a warning naming their path")
    func skippedEntries() throws {
        let path = "Test.colorset/Contents.json"
        let json = #"""
            {"colors":[
              {"idiom":"universal","color":\#(srgb(red: #""0.100""#))},
              {"idiom":"mac","color":\#(srgb(red: #""0.200""#))},
              {"idiom":"universal","display-gamut":"display-P3","color":\#(srgb(red: #""0.300""#))},
              {"idiom":"universal","display-gamut":"sRGB","appearances":[{"appearance":"luminosity","value":"dark"}],"color":\#(srgb(red: #""0.400""#))},
              {"idiom":"universal","appearances":[{"appearance":"luminosity","value":"dark"}],"color":\#(srgb(red: #""0.500""#))},
              {"idiom":"universal","appearances":[{"appearance":"vibrancy","value":"high"}],"color":\#(srgb(red: #""0.600""#))},
              {"idiom":"universal","color":{"color-space":"cmyk","components":{"alpha":"1.000"}}},
              {"idiom":"universal","language-direction":"right-to-left","color":\#(srgb(red: #""0.700""#))},
              {"idiom":"universal","appearances":[{"appearance":"contrast","value":"high"}],"color":{"reference":"labelColor"}}
            ]}
            """#
        let (entries, warnings) = try decode(json)
        #expect(
            entries.colors == [
                .any: ThemeColor(red: 0.1, green: 0, blue: 0), .dark: ThemeColor(red: 0.4, green: 0, blue: 0),
            ])
        #expect(
            warnings == [
                .unsupportedIdiom(path: path, jsonPath: "$.colors[1].idiom", idiom: "mac"),
                .unsupportedQualifier(
                    path: path, jsonPath: "$.colors[2].display-gamut", key: "display-gamut", value: "display-P3"),
                .duplicateAppearance(path: path, jsonPath: "$.colors[4]", appearance: .dark),
                .unsupportedAppearance(
                    path: path, jsonPath: "$.colors[5].appearances[0]", appearance: "vibrancy", value: "high"),
                .unsupportedColorSpace(path: path, jsonPath: "$.colors[6].color.color-space", colorSpace: "cmyk"),
                .unsupportedQualifier(
                    path: path, jsonPath: "$.colors[7].language-direction", key: "language-direction",
                    value: "right-to-left"),
                .systemColorReference(path: path, jsonPath: "$.colors[8].color", name: "labelColor"),
            ])
        for warning in warnings {
            #expect(warning.description.contains(path))
        }
    }

    @Test("a file gives at most maxWarningsPerFile warnings, then how many more it had")
    func warningsPerFileAreCapped() throws {
        let path = "Test.colorset/Contents.json"
        let skipped = (0..<1_000).map { _ in #"{"idiom":"mac","color":\#(srgb(red: #""0.2""#))}"# }
        let json =
            #"{"colors":[{"idiom":"universal","color":\#(srgb(red: #""0.100""#))},"#
            + skipped.joined(separator: ",") + "]}"
        var warnings: [AssetCatalogWarning] = [.missingAnyAppearance(path: "Other.colorset/Contents.json")]
        let entries = try AssetCatalogColorSet(contentsJSON: Data(json.utf8), path: path, warnings: &warnings)
        #expect(entries.colors == [.any: ThemeColor(red: 0.1, green: 0, blue: 0)])
        let limit = AssetCatalogColorSet.maxWarningsPerFile
        #expect(warnings.count == 1 + limit + 1, "the earlier file's warning, this file's first \(limit), the count")
        #expect(warnings[0] == .missingAnyAppearance(path: "Other.colorset/Contents.json"))
        #expect(warnings[1] == .unsupportedIdiom(path: path, jsonPath: "$.colors[1].idiom", idiom: "mac"))
        #expect(warnings.last == .moreWarnings(path: path, count: 1_000 - limit))
        #expect(
            warnings.last?.description
                == "'\(path)' gave \(1_000 - limit) more warnings like these; they are not listed")
    }

    @Test(
        "malformed colour sets throw an error naming the file and JSON path",
        arguments: [
            (#"[]"#, AssetCatalogError.wrongType(path: "F", jsonPath: "$", expected: "an object", found: "an array")),
            (#"{"info":{}}"#, .missingValue(path: "F", jsonPath: "$.colors")),
            (#"{"colors":{}}"#, .wrongType(path: "F", jsonPath: "$.colors", expected: "an array", found: "an object")),
            (
                #"{"colors":[3]}"#,
                .wrongType(path: "F", jsonPath: "$.colors[0]", expected: "an object", found: "a number")
            ),
            (#"{"colors":[{"idiom":"universal"}]}"#, .missingValue(path: "F", jsonPath: "$.colors[0].color")),
            (
                #"{"colors":[{"idiom":7,"color":{}}]}"#,
                .wrongType(path: "F", jsonPath: "$.colors[0].idiom", expected: "a string", found: "a number")
            ),
            (single(color: "{}"), .missingValue(path: "F", jsonPath: "$.colors[0].color.color-space")),
            (
                single(color: #"{"color-space":"srgb"}"#),
                .missingValue(path: "F", jsonPath: "$.colors[0].color.components")
            ),
            (
                single(color: #"{"color-space":"srgb","components":{"red":"0","green":"0","blue":"0"}}"#),
                .missingValue(path: "F", jsonPath: "$.colors[0].color.components.alpha")
            ),
            (
                single(color: #"{"color-space":"gray-gamma-22","components":{"alpha":"1.000"}}"#),
                .missingValue(path: "F", jsonPath: "$.colors[0].color.components.white")
            ),
            (
                single(color: srgb(red: "true")),
                .wrongType(
                    path: "F", jsonPath: "$.colors[0].color.components.red",
                    expected: #"a string such as "0.500", "0x80" or "128""#, found: "a boolean")
            ),
            (
                single(color: srgb(red: #""1.5""#)),
                .invalidComponent(
                    path: "F", jsonPath: "$.colors[0].color.components.red", value: "1.5", reason: "is outside 0...1")
            ),
            (
                single(color: srgb(red: #""-0.5""#)),
                .invalidComponent(
                    path: "F", jsonPath: "$.colors[0].color.components.red", value: "-0.5", reason: "is outside 0...1")
            ),
            (
                single(color: srgb(red: #""256""#)),
                .invalidComponent(
                    path: "F", jsonPath: "$.colors[0].color.components.red", value: "256",
                    reason: "is an integer outside 0...255")
            ),
            (
                single(color: srgb(red: #""0x1FF""#)),
                .invalidComponent(
                    path: "F", jsonPath: "$.colors[0].color.components.red", value: "0x1FF",
                    reason: "is not a 0x byte from 0x00 to 0xFF")
            ),
            (
                single(color: srgb(red: #""0.5""#, alpha: #""2.0""#)),
                .invalidComponent(
                    path: "F", jsonPath: "$.colors[0].color.components.alpha", value: "2.0", reason: "is outside 0...1")
            ),
            (
                single(color: srgb(red: "0.5"), entryExtras: #""appearances":[{"appearance":"luminosity"}],"#),
                .missingValue(path: "F", jsonPath: "$.colors[0].appearances[0].value")
            ),
        ]
    )
    func malformed(json: String, expected: AssetCatalogError) {
        #expect(throws: expected) { try decode(json, path: "F") }
    }

    @Test(
        "component strings that are not numbers are rejected",
        arguments: ["abc", "", " 0.5", "0.5 ", "1e-3", "nan", "0x", "0xGG", "--1", ".", "+0.5", "0,5", "٠.٥"])
    func nonNumericComponents(raw: String) {
        let expected = AssetCatalogError.invalidComponent(
            path: "F", jsonPath: "$.colors[0].color.components.red", value: raw,
            reason: raw.hasPrefix("0x")
                ? "is not a 0x byte from 0x00 to 0xFF"
                : #"is not a decimal ("0.500"), a 0x byte ("0x80") or an integer from 0 to 255"#)
        #expect(throws: expected) { try decode(single(color: srgb(red: "\"\(raw)\"")), path: "F") }
    }

    @Test("text that is not JSON throws invalidJSON naming the file")
    func invalidJSON() {
        do throws(AssetCatalogError) {
            _ = try decode("{\"colors\": [", path: "Broken.colorset/Contents.json")
            Issue.record("should throw")
        } catch {
            guard case .invalidJSON(let path, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == "Broken.colorset/Contents.json")
            #expect(!reason.isEmpty)
            #expect(error.description.hasPrefix("'Broken.colorset/Contents.json' is not valid JSON"))
        }
    }

    @Test("error descriptions name the file, the JSON path and the problem")
    func errorDescriptions() {
        #expect(
            AssetCatalogError.invalidComponent(
                path: "A.colorset/Contents.json", jsonPath: "$.colors[1].color.components.red", value: "1.5",
                reason: "is outside 0...1"
            ).description
                == "'A.colorset/Contents.json' has colour component '1.5' at $.colors[1].color.components.red, which is outside 0...1"
        )
        #expect(
            AssetCatalogError.missingValue(path: "A", jsonPath: "$.colors").description
                == "'A' has no value at $.colors")
        #expect(
            AssetCatalogError.wrongType(path: "A", jsonPath: "$", expected: "an object", found: "an array").description
                == "'A' has an array at $; expected an object")
    }

    @Test("decoding arbitrary bytes never crashes")
    func fuzz() {
        var random = SeededRandom(seed: 99)
        let template = Array(single(color: srgb(red: #""0x80""#)).utf8)
        for _ in 0..<500 {
            var bytes = template
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                bytes[index] = UInt8.random(in: 0...255, using: &random)
            }
            var warnings: [AssetCatalogWarning] = []
            do throws(AssetCatalogError) {
                _ = try AssetCatalogColorSet(contentsJSON: Data(bytes), path: "fuzz", warnings: &warnings)
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }
}
