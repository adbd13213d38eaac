import Foundation
import Testing
import ThemeKitTokens

private func importColor(_ value: String, policy: DecodingPolicy = .lenient) throws -> DTCGImportResult {
    let json = #"{"c": {"$type": "color", "$value": \#(value)}}"#
    return try DTCGImporter(policy: policy).pack(document: DTCGDocument(document: JSONReader().read(Data(json.utf8))))
}

@Suite struct DTCGColorSpaceTests {
    // sRGB red in each space, from published conversions (CSS Color 4 and colorjs.io's documentation).
    static let red: [(String, [Double])] = [
        ("srgb", [1, 0, 0]), ("srgb-linear", [1, 0, 0]), ("hsl", [0, 100, 50]), ("hwb", [0, 0, 0]),
        ("lab", [54.2905, 80.8049, 69.891]), ("lch", [54.2905, 106.8372, 40.8576]),
        ("oklab", [0.62796, 0.22486, 0.12585]), ("oklch", [0.62796, 0.25768, 29.2339]),
        ("display-p3", [0.91749, 0.20029, 0.13856]), ("a98-rgb", [0.85865, 0, 0]),
        ("prophoto-rgb", [0.70225, 0.27572, 0.10355]), ("rec2020", [0.79198, 0.23098, 0.07376]),
        ("xyz-d50", [0.43607, 0.22249, 0.01392]), ("xyz-d65", [0.41239, 0.21264, 0.01933]),
    ]

    @Test("every DTCG 2025.10 colour space is read", arguments: red)
    func everySpace(space: String, components: [Double]) throws {
        let list = components.map { "\($0)" }.joined(separator: ", ")
        let result = try importColor(#"{"colorSpace": "\#(space)", "components": [\#(list)]}"#, policy: .strict)
        let color = try #require(result.pack.colors["c"]?.light)
        #expect(color.isApproximatelyEqual(to: ThemeColor(red: 1, green: 0, blue: 0), tolerance: 1.0 / 255))
    }

    @Test("an oklch colour with an 8-digit hex fallback is read from its components")
    func oklchWithEightDigitHex() throws {
        let result = try importColor(
            ##"{"colorSpace": "oklch", "components": [0.62796, 0.25768, 29.2339], "alpha": 0.5, "hex": "#ff000080"}"##,
            policy: .strict)
        #expect(result.pack.colors["c"]?.light.hex == "#FF000080")
    }

    @Test("a Display P3 colour is kept as P3, with an sRGB fallback gamut-mapped (lightness kept), not clipped")
    func displayP3IsKept() throws {
        let result = try importColor(#"{"colorSpace": "display-p3", "components": [1, 0, 0]}"#, policy: .strict)
        let color = try #require(result.pack.colors["c"]?.light)
        #expect(color.displayP3 == DisplayP3Components(red: 1, green: 0, blue: 0))
        #expect(color.platformComponents.space == .displayP3)
        #expect(color.hex != "#FF0000")
        let mappedL = OKLabColor(color).lightness
        let originL = ColorSpace.displayP3.convert([1, 0, 0], to: .oklch)[0]
        // CSS Color 4 keeps lightness and hue, then clips within one JND (deltaEOK 0.02).
        #expect(abs(mappedL - originL) < 0.02)
        #expect(result.warnings.isEmpty)
    }

    @Test("a colour outside Display P3 too is gamut-mapped into P3 and reported, an error under strict")
    func outsideP3IsReported() throws {
        let value = #"{"colorSpace": "rec2020", "components": [1, 0, 0]}"#
        let result = try importColor(value)
        let color = try #require(result.pack.colors["c"]?.light)
        #expect(color.displayP3 != nil)
        #expect(result.warnings.contains { $0.reason.contains("outside the Display P3 gamut") })
        #expect(throws: ThemePackError.self) { _ = try importColor(value, policy: .strict) }
    }

    @Test("an sRGB colour is handed to the platform as sRGB")
    func srgbPlatformComponents() throws {
        let components = try ThemeColor(hex: "#336699").platformComponents
        #expect(components.space == .sRGB)
        #expect(components.red == 0x33 / 255.0)
    }

    @Test("a wide-gamut colour survives the pack encoder and decoder, and DTCG export and import")
    func wideGamutRoundTrips() throws {
        let imported = try importColor(
            #"{"colorSpace": "oklch", "components": [0.7, 0.2, 150], "alpha": 0.5}"#, policy: .strict)
        let pack = imported.pack
        #expect(pack.colors["c"]?.light.displayP3 != nil)
        let encoded = ThemePackEncoder().encode(pack)
        #expect(String(decoding: encoded, as: UTF8.self).contains("displayP3"))
        #expect(try ThemePackDecoder(policy: .strict).decode(encoded).pack == pack)
        let exported = try DTCGExporter().data(for: pack)
        let again = try DTCGImporter(policy: .strict).pack(
            document: DTCGDocument(data: exported), id: pack.id, name: pack.name)
        #expect(again.pack == pack)
    }

    @Test("each out-of-range component is reported, and is an error under strict")
    func outOfRangeComponents() throws {
        let result = try importColor(#"{"colorSpace": "srgb", "components": [0.5, -0.2, 1.5]}"#)
        let paths = result.warnings.filter { $0.code == .outOfRange }.map(\.path)
        #expect(paths.contains("c.$value.components[1]"))
        #expect(paths.contains("c.$value.components[2]"))
        #expect(throws: ThemePackError.self) {
            _ = try importColor(#"{"colorSpace": "srgb", "components": [0.5, -0.2, 1.5]}"#, policy: .strict)
        }
    }

    @Test("CSS colours with channels out of range are reported per channel, an error under strict")
    func cssOutOfRange() throws {
        let rgb = try importColor(#""rgb(300,-5,0)""#)
        let rgbReasons = rgb.warnings.filter { $0.code == .outOfRange }.map(\.reason)
        #expect(rgbReasons.count == 2)
        #expect(rgbReasons.contains { $0.contains("red channel 300") })
        #expect(rgbReasons.contains { $0.contains("green channel -5") })
        let hsl = try importColor(#""hsl(0 100% 150%)""#)
        #expect(hsl.warnings.contains { $0.code == .outOfRange && $0.reason.contains("lightness 150%") })
        for value in [#""rgb(300,-5,0)""#, #""hsl(0 100% 150%)""#] {
            #expect(throws: ThemePackError.self) { _ = try importColor(value, policy: .strict) }
        }
    }
}
