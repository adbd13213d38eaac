import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// One entry of `wcag-reference.json`, with the number of decimals the ratio was published with.
struct WCAGReferenceEntry: Sendable, CustomTestStringConvertible {
    var foreground: String
    var background: String
    var ratio: Double
    var decimals: Int

    var testDescription: String { "\(foreground) on \(background) = \(ratio)" }

    /// The published figure's truncation of a computed ratio: `floor(r × 10^decimals) / 10^decimals`.
    func truncate(_ computed: Double) -> Double {
        let scale = pow(10, Double(decimals))
        return (computed * scale).rounded(.down) / scale
    }

    /// Reads every entry. The number of decimals comes from the raw text, which `JSONDecoder` discards.
    static func load() throws -> [WCAGReferenceEntry] {
        struct Raw: Decodable {
            var fg: String
            var bg: String
            var ratio: Double
        }
        let data = try Fixtures.data("wcag-reference.json")
        let raw = try JSONDecoder().decode([Raw].self, from: data)
        let text = String(decoding: data, as: UTF8.self)
        let published = text.matches(of: /"ratio"\s*:\s*([0-9.]+)/).map { String($0.output.1) }
        guard published.count == raw.count else { throw CocoaError(.fileReadCorruptFile) }
        return zip(raw, published).map { entry, literal in
            let decimals = literal.split(separator: ".", omittingEmptySubsequences: false).dropFirst().first?.count ?? 0
            return WCAGReferenceEntry(
                foreground: entry.fg, background: entry.bg, ratio: entry.ratio, decimals: decimals)
        }
    }

    static let all: [WCAGReferenceEntry] = {
        do {
            return try load()
        } catch {
            // An empty list makes `referenceFileIsComplete` fail with this reason.
            return []
        }
    }()
}

@Suite struct ContrastRatioTests {
    private static let black = ThemeColor(red: 0, green: 0, blue: 0)
    private static let white = ThemeColor(red: 1, green: 1, blue: 1)

    @Test("the WCAG reference file loads with all eleven entries", Fixtures.required)
    func referenceFileIsComplete() throws {
        let entries = try WCAGReferenceEntry.load()
        #expect(entries.count == 11)
        #expect(entries.map(\.decimals) == [0, 1, 0, 1, 1, 2, 1, 2, 2, 2, 2])
    }

    // Fixtures.required: without the folder the list is empty, and the skip then says why.
    @Test(
        "every published WCAG reference ratio matches after the same truncation", Fixtures.required,
        arguments: WCAGReferenceEntry.all)
    func matchesPublishedReference(entry: WCAGReferenceEntry) throws {
        let foreground = try ThemeColor(hex: entry.foreground)
        let background = try ThemeColor(hex: entry.background)
        let ratio = foreground.contrastRatio(to: background)
        #expect(entry.truncate(ratio) == entry.ratio, "computed \(ratio)")
    }

    @Test("the ACT rule's exact figures: #000 on #666 is 3.657 and #0000EE on white is 9.3976")
    func actRuleExactValues() throws {
        let grey = try ThemeColor(hex: "#666666")
        #expect(abs(Self.black.contrastRatio(to: grey) - 3.657) < 0.001)
        #expect(abs(try ThemeColor(hex: "#0000EE").contrastRatio(to: Self.white) - 9.3976) < 0.0001)
    }

    @Test("black on white is exactly 21 and a colour against itself is exactly 1")
    func extremes() throws {
        #expect(Self.black.contrastRatio(to: Self.white) == 21)
        #expect(Self.white.contrastRatio(to: Self.black) == 21)
        #expect(Self.white.relativeLuminance == 1)
        #expect(Self.black.relativeLuminance == 0)
        let teal = try ThemeColor(hex: "#008080")
        #expect(teal.contrastRatio(to: teal) == 1)
    }

    @Test("the ratio is symmetric and always within 1...21 for random colours")
    func symmetricAndBounded() {
        var random = SeededRandom(seed: 2_1)
        for _ in 0..<2_000 {
            let first = ThemeColor(
                red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                blue: .random(in: 0...1, using: &random))
            let second = ThemeColor(
                red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                blue: .random(in: 0...1, using: &random))
            let ratio = first.contrastRatio(to: second)
            #expect(ratio == second.contrastRatio(to: first))
            #expect((1...21).contains(ratio))
        }
    }

    @Test("relative luminance uses the sRGB curve and the 0.2126 / 0.7152 / 0.0722 weights")
    func luminanceDefinition() throws {
        #expect(abs(try ThemeColor(hex: "#FF0000").relativeLuminance - 0.2126) < 1e-12)
        #expect(abs(try ThemeColor(hex: "#00FF00").relativeLuminance - 0.7152) < 1e-12)
        #expect(abs(try ThemeColor(hex: "#0000FF").relativeLuminance - 0.0722) < 1e-12)
        // 10/255 is below both the 0.03928 (WCAG 2.0) and 0.04045 (sRGB) thresholds: the linear segment.
        #expect(abs(try ThemeColor(hex: "#0A0A0A").relativeLuminance - (10.0 / 255) / 12.92) < 1e-15)
        // 11/255 is above both: the power segment.
        let eleven = pow((11.0 / 255 + 0.055) / 1.055, 2.4)
        #expect(abs(try ThemeColor(hex: "#0B0B0B").relativeLuminance - eleven) < 1e-15)
        #expect(abs(try ThemeColor(hex: "#808080").relativeLuminance - 0.2158605) < 1e-6)
    }

    @Test("alpha does not affect the ratio; composite first")
    func alphaIsIgnored() {
        let translucent = ThemeColor(red: 0, green: 0, blue: 0, alpha: 0.1)
        #expect(translucent.contrastRatio(to: Self.white) == 21)
        #expect(translucent.composited(over: Self.white).contrastRatio(to: Self.white) < 1.3)
    }
}
