import Foundation
import Testing

@testable import ThemeKit

/// The direct encoding of persisted scalars must be exactly what `JSONEncoder` writes,
/// so stores written before and after it read the same.
@Suite struct PersistedJSONTests {
    private static let strings: [String] = [
        "", "dark", "light", "high contrast", "a/b", "quote\"d", "back\\slash", "tab\tnew\nline\r",
        "\u{08}\u{0C}", "\u{00}\u{01}\u{1F}\u{7F}", "café", "e\u{301}", "日本語", "🎨🌙",
        String(repeating: "x/", count: 300),
        // Around the sizes where the plain path changes: `Data` holds up to 14 bytes
        // inline (a string of 10 plus its 4 brackets and quotes), and strings of up to
        // 64 bytes with nothing to escape skip the escaping loop.
        String(repeating: "a", count: 10), String(repeating: "b", count: 11), String(repeating: "c", count: 64),
        String(repeating: "d", count: 65), String(repeating: "é", count: 32), String(repeating: "e", count: 63) + "/",
    ]

    @Test("strings, styles and contrasts are written byte for byte as JSONEncoder writes them")
    func matchesJSONEncoder() throws {
        for string in Self.strings {
            let expected = try JSONEncoder().encode([string])
            #expect(PersistedJSON.array(of: string) == expected, "\(string.debugDescription)")
            #expect(PersistedJSON.array(of: ThemeStyle(rawValue: string)) == expected)
            #expect(try JSONDecoder().decode([String].self, from: PersistedJSON.array(ofString: string)) == [string])
        }
        for contrast in ThemeContrast.allCases {
            #expect(PersistedJSON.array(of: contrast) == (try JSONEncoder().encode([contrast])))
        }
        #expect(PersistedJSON.array(of: true) == (try JSONEncoder().encode([true])))
        #expect(PersistedJSON.array(of: false) == (try JSONEncoder().encode([false])))
    }

    @Test("other types are left to JSONEncoder; an optional string is written as the string")
    func otherTypes() throws {
        #expect(PersistedJSON.array(of: 3) == nil)
        #expect(PersistedJSON.array(of: ["a"]) == nil)
        #expect(PersistedJSON.array(of: String?.none) == nil)
        #expect(PersistedJSON.array(of: String?.some("a")) == (try JSONEncoder().encode([String?.some("a")])))
    }
}
