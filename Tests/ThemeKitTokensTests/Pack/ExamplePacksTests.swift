import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct ExamplePacksTests {
    static let names = ["ocean.json", "ember.json"]

    private func load(_ name: String) throws -> DecodedThemePack {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Examples/Packs").appendingPathComponent(name)
        return try ThemePackDecoder(policy: .strict).decode(contentsOf: url)
    }

    @Test("each example pack decodes strictly without warnings", arguments: names)
    func decodesStrictly(name: String) throws {
        let decoded = try load(name)
        #expect(decoded.warnings.isEmpty)
        #expect(decoded.pack.colors.count >= 7)
        #expect(decoded.pack.colors.values.allSatisfy { $0.highContrastLight != nil || $0.highContrastDark == nil })
    }

    @Test("every contrast pair passes WCAG AA in light, dark and both high-contrast appearances", arguments: names)
    func contrastPairsPassAA(name: String) throws {
        let pack = try load(name).pack
        #expect(pack.contrastPairs.count >= 6)
        #expect(pack.contrastPairs.contains { $0.usage == .normalText })
        #expect(pack.contrastPairs.contains { $0.usage != .normalText })
        for pair in pack.contrastPairs {
            let text = try #require(pack.colors[pair.text])
            let background = try #require(pack.colors[pair.background])
            let minimum = pair.usage == .normalText ? 4.5 : 3
            for style in [ThemeStyle.light, .dark] {
                for contrast in ThemeContrast.allCases {
                    let ratio = text.resolved(for: style, contrast: contrast)
                        .contrastRatio(to: background.resolved(for: style, contrast: contrast))
                    #expect(
                        ratio >= minimum, "\(name): \(pair.text) on \(pair.background), \(style) \(contrast): \(ratio)")
                }
            }
        }
        // The same through the pack's own checker, which also covers the custom style.
        let failures = pack.contrastChecks().filter { !$0.passes }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test("each example declares a custom style with a base, and its colours resolve in it", arguments: names)
    func customStyle(name: String) throws {
        let pack = try load(name).pack
        let (style, base) = try #require(pack.styles.first)
        #expect(base == .light || base == .dark)
        let colors = ThemePackColors(pack)
        let background = try #require(colors.color("background", for: style))
        #expect(background != colors.color("background", for: base))
        // A colour without a value for the custom style falls back to the base style's.
        #expect(colors.color("overlay", for: style) == colors.color("overlay", for: base))
    }

    @Test("each example round-trips through the canonical encoder and through DTCG", arguments: names)
    func roundTrips(name: String) throws {
        let pack = try load(name).pack
        #expect(try ThemePackDecoder().decode(ThemePackEncoder().encode(pack)).pack == pack)
        let dtcg = try DTCGDocument(data: try DTCGExporter().data(for: pack))
        #expect(try DTCGImporter().pack(document: dtcg).pack == pack)
    }
}
