import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct ThemeColorHexTests {
    @Test(
        "each of the four hex forms parses and prints back in canonical uppercase form",
        arguments: [
            ("#ABC", "#AABBCC"),
            ("#abc", "#AABBCC"),
            ("#ABCD", "#AABBCCDD"),
            ("#abcf", "#AABBCC"),
            ("#A1B2C3", "#A1B2C3"),
            ("#a1b2c3", "#A1B2C3"),
            ("#A1B2C3D4", "#A1B2C3D4"),
            ("#a1b2c3ff", "#A1B2C3"),
            ("#00000000", "#00000000"),
        ]
    )
    func parsesAndPrintsEveryForm(input: String, canonical: String) throws {
        let color = try ThemeColor(hex: input)
        #expect(color.hex == canonical)
        #expect(try ThemeColor(hex: canonical) == color)
    }

    @Test("hex digits map to components as n / 255 with alpha last")
    func componentsFollowCSSOrder() throws {
        let color = try ThemeColor(hex: "#0055FF80")
        #expect(color.red == 0)
        #expect(color.green == 85.0 / 255)
        #expect(color.blue == 1)
        #expect(color.alpha == 128.0 / 255)
        #expect(try ThemeColor(hex: "#F80") == ThemeColor(red: 1, green: 136.0 / 255, blue: 0))
        #expect(try ThemeColor(hex: "#F808").alpha == 136.0 / 255)
    }

    @Test("random byte colours survive hex → colour → hex unchanged")
    func randomByteColoursRoundTrip() throws {
        var random = SeededRandom(seed: 0x7E4A)
        for _ in 0..<2_000 {
            let bytes = (0..<4).map { _ in UInt8.random(in: 0...255, using: &random) }
            let digits = bytes.map { byte in
                let text = String(byte, radix: 16, uppercase: true)
                return byte < 16 ? "0" + text : text
            }
            let input = "#" + digits.joined()
            let expected = bytes[3] == 255 ? "#" + digits.prefix(3).joined() : input
            let color = try ThemeColor(hex: input)
            #expect(color.hex == expected)
            #expect(try ThemeColor(hex: color.hex) == color)
        }
    }

    @Test("random real-valued colours print to hex within half an 8-bit step")
    func randomColoursRoundTripWithinTolerance() throws {
        var random = SeededRandom(seed: 42)
        for _ in 0..<2_000 {
            let color = ThemeColor(
                red: .random(in: 0...1, using: &random),
                green: .random(in: 0...1, using: &random),
                blue: .random(in: 0...1, using: &random),
                alpha: .random(in: 0...1, using: &random)
            )
            let parsed = try ThemeColor(hex: color.hex)
            #expect(parsed.isApproximatelyEqual(to: color), "\(color.hex)")
        }
    }

    @Test("alpha that rounds to 255 prints six digits, alpha that rounds to 254 prints eight")
    func alphaRounding() {
        #expect(ThemeColor(red: 1, green: 0, blue: 0, alpha: 0.999).hex == "#FF0000")
        #expect(ThemeColor(red: 1, green: 0, blue: 0, alpha: 254.4 / 255).hex == "#FF0000FE")
        #expect(ThemeColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0).hex == "#33669900")
        #expect(ThemeColor(red: 0.5, green: 0.5, blue: 0.5).description == "#808080")
    }

    @Test(
        "malformed strings throw the precise error",
        arguments: [
            ("", ThemeColorError.empty),
            ("FFF", .missingHash("FFF")),
            ("0xFFFFFF", .missingHash("0xFFFFFF")),
            ("#", .invalidLength("#", digits: 0)),
            ("#F", .invalidLength("#F", digits: 1)),
            ("#FF", .invalidLength("#FF", digits: 2)),
            ("#12345", .invalidLength("#12345", digits: 5)),
            ("#1234567", .invalidLength("#1234567", digits: 7)),
            ("#123456789", .invalidLength("#123456789", digits: 9)),
            ("#GGG", .invalidCharacter("#GGG", character: "G", offset: 1)),
            ("#12345Z", .invalidCharacter("#12345Z", character: "Z", offset: 6)),
            ("#F FF", .invalidCharacter("#F FF", character: " ", offset: 2)),
            ("##FFF", .invalidCharacter("##FFF", character: "#", offset: 1)),
            ("#١٢٣", .invalidCharacter("#١٢٣", character: "١", offset: 1)),
            ("#ＦＦＦ", .invalidCharacter("#ＦＦＦ", character: "Ｆ", offset: 1)),
            ("#FF\u{301}F", .invalidCharacter("#FF\u{301}F", character: "F\u{301}", offset: 2)),
            (" #FFF", .surroundingWhitespace(" #FFF")),
            ("#FFF ", .surroundingWhitespace("#FFF ")),
            ("#FFFFFF\n", .surroundingWhitespace("#FFFFFF\n")),
            ("\t#FFFFFF", .surroundingWhitespace("\t#FFFFFF")),
        ]
    )
    func malformedStringsThrow(input: String, expected: ThemeColorError) {
        #expect(throws: expected) { try ThemeColor(hex: input) }
    }

    @Test("error descriptions say what was wrong")
    func errorDescriptions() {
        #expect(
            ThemeColorError.invalidLength("#12345", digits: 5).description
                == "'#12345' has 5 hex digits; expected 3, 4, 6 or 8 (#RGB, #RGBA, #RRGGBB, #RRGGBBAA)"
        )
        #expect(
            ThemeColorError.invalidCharacter("#GGG", character: "G", offset: 1).description
                == "'#GGG' has 'G' (U+47) at offset 1, which is not a hex digit (0-9, A-F)"
        )
        #expect(ThemeColorError.missingHash("FFF").description.contains("does not start with '#'"))
        #expect(ThemeColorError.empty.description.contains("empty"))
        #expect(ThemeColorError.surroundingWhitespace(" #FFF").description.contains("whitespace"))
        #expect(ThemeColorError.invalidLength("#F", digits: 1).description.hasPrefix("'#F' has 1 hex digit;"))
    }
}
