import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct ThemeColorTests {
    @Test(
        "the initialiser clamps every component to 0...1 and maps NaN to 0",
        arguments: [
            (-0.5, 0.0), (0, 0), (0.25, 0.25), (1, 1), (1.5, 1), (.nan, 0), (.infinity, 1), (-.infinity, 0),
            (-0.0, 0),
        ] as [(Double, Double)]
    )
    func initialiserClamps(input: Double, expected: Double) {
        let color = ThemeColor(red: input, green: input, blue: input, alpha: input)
        #expect(color.red == expected)
        #expect(color.green == expected)
        #expect(color.blue == expected)
        #expect(color.alpha == expected)
    }

    @Test("setting a component clamps it like the initialiser")
    func settersClamp() {
        var color = ThemeColor(red: 0.5, green: 0.5, blue: 0.5)
        color.red = 3
        color.green = -2
        color.blue = .nan
        color.alpha = 0.25
        #expect(color == ThemeColor(red: 1, green: 0, blue: 0, alpha: 0.25))
    }

    @Test("linear-light components are gamma-encoded, with 0 and 1 exact")
    func linearInitialiser() {
        #expect(ThemeColor(linearRed: 1, linearGreen: 0, linearBlue: 1) == ThemeColor(red: 1, green: 0, blue: 1))
        let gray = ThemeColor(linearRed: 0.2158605, linearGreen: 0.2158605, linearBlue: 0.2158605, alpha: 0.5)
        #expect(abs(gray.red - 128.0 / 255) < 1e-6)
        #expect(gray.alpha == 0.5)
        #expect(abs(ThemeColor(linearRed: 0.002, linearGreen: 0, linearBlue: 0).red - 0.002 * 12.92) < 1e-15)
    }

    @Test("Display P3 white and black are sRGB white and black; P3 red is clamped to sRGB red")
    func displayP3Initialiser() {
        #expect(
            ThemeColor(displayP3Red: 1, green: 1, blue: 1).isApproximatelyEqual(
                to: ThemeColor(red: 1, green: 1, blue: 1), tolerance: 1e-9))
        #expect(
            ThemeColor(displayP3Red: 0, green: 0, blue: 0, alpha: 0.5)
                == ThemeColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        #expect(ThemeColor(displayP3Red: 1, green: 0, blue: 0) == ThemeColor(red: 1, green: 0, blue: 0))
        let gray = ThemeColor(displayP3Red: 0.5, green: 0.5, blue: 0.5)
        #expect(gray.isApproximatelyEqual(to: ThemeColor(red: 0.5, green: 0.5, blue: 0.5), tolerance: 1e-6))
    }

    @Test("alpha defaults to opaque")
    func alphaDefaultsToOne() {
        #expect(ThemeColor(red: 0.1, green: 0.2, blue: 0.3).alpha == 1)
    }

    @Test("30% black over white composites to #B3B3B3, as browsers do")
    func compositingTranslucentBlackOverWhite() {
        let white = ThemeColor(red: 1, green: 1, blue: 1)
        let text = ThemeColor(red: 0, green: 0, blue: 0, alpha: 0.3)
        let seen = text.composited(over: white)
        #expect(seen.hex == "#B3B3B3")
        #expect(abs(seen.red - 0.7) < 1e-12)
        #expect(seen.alpha == 1)
        // ACT rule afw4f7 Failed Example 4 publishes 2.1:1 for this pair (truncated).
        #expect((seen.contrastRatio(to: white) * 10).rounded(.down) / 10 == 2.1)
    }

    @Test("an opaque colour hides the background and a clear one shows it unchanged")
    func compositingExtremes() throws {
        let top = try ThemeColor(hex: "#123456")
        let bottom = try ThemeColor(hex: "#ABCDEF80")
        #expect(top.composited(over: bottom) == top)
        let clear = ThemeColor(red: 1, green: 0, blue: 0, alpha: 0)
        #expect(clear.composited(over: bottom) == bottom)
        #expect(clear.composited(over: clear) == ThemeColor(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test("two half-transparent layers add up to 75% alpha with the top colour weighted more")
    func compositingTwoTranslucentLayers() {
        let red = ThemeColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        let blue = ThemeColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        let result = red.composited(over: blue)
        #expect(result.alpha == 0.75)
        #expect(abs(result.red - 2.0 / 3) < 1e-12)
        #expect(abs(result.blue - 1.0 / 3) < 1e-12)
    }

    @Test("approximate equality compares every component, alpha included, against the tolerance")
    func approximateEquality() {
        let base = ThemeColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
        #expect(base.isApproximatelyEqual(to: ThemeColor(red: 0.501, green: 0.499, blue: 0.5, alpha: 0.5)))
        #expect(!base.isApproximatelyEqual(to: ThemeColor(red: 0.503, green: 0.5, blue: 0.5, alpha: 0.5)))
        #expect(!base.isApproximatelyEqual(to: ThemeColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.51)))
        #expect(
            base.isApproximatelyEqual(to: ThemeColor(red: 0.52, green: 0.5, blue: 0.5, alpha: 0.5), tolerance: 0.05))
    }

    @Test("a colour made of whole bytes encodes as its hex string")
    func byteExactColourEncodesAsHex() throws {
        let data = try JSONEncoder().encode([try ThemeColor(hex: "#0055FF"), try ThemeColor(hex: "#00000080")])
        #expect(String(decoding: data, as: UTF8.self) == ##"["#0055FF","#00000080"]"##)
    }

    @Test("a colour between bytes encodes as components and decodes back exactly")
    func fractionalColourEncodesAsComponents() throws {
        let color = ThemeColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(color)
        #expect(String(decoding: data, as: UTF8.self) == #"{"alpha":0.4,"blue":0.3,"green":0.2,"red":0.1}"#)
        #expect(try JSONDecoder().decode(ThemeColor.self, from: data) == color)
    }

    @Test("a component object without alpha decodes as opaque")
    func componentObjectAlphaIsOptional() throws {
        let data = Data(#"{"red":1,"green":0.5,"blue":0}"#.utf8)
        #expect(try JSONDecoder().decode(ThemeColor.self, from: data) == ThemeColor(red: 1, green: 0.5, blue: 0))
    }

    @Test("decoding a malformed hex string throws a data-corrupted error that carries the reason")
    func malformedHexFailsToDecode() {
        let data = Data(##"["#GGG"]"##.utf8)
        do {
            _ = try JSONDecoder().decode([ThemeColor].self, from: data)
            Issue.record("decoding '#GGG' should throw")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(
                context.debugDescription
                    == ThemeColorError.invalidCharacter("#GGG", character: "G", offset: 1).description)
            #expect(context.underlyingError as? ThemeColorError == .invalidCharacter("#GGG", character: "G", offset: 1))
            #expect(context.codingPath.count == 1)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("decoding a number instead of a colour throws")
    func wrongTypeFailsToDecode() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ThemeColor].self, from: Data("[3]".utf8)) }
    }
}
