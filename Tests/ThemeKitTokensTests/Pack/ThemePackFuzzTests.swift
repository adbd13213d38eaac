import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// Mutated packs: decoding must return or throw under both policies, never crash or hang.
@Suite struct ThemePackFuzzTests {
    private static let fragments = [
        ##""#GGG""##, "-1", "1e308", "null", "[]", "{}", #""light""#, #""dark""#, "true", ",", ":", "}", "]", #""""#,
        #""styles""#, #""sepia""#, "0", "1001", #""normalText""#,
    ]

    @Test("random mutations of a valid pack never crash the decoder", arguments: [31, 32, 33, 34] as [UInt64])
    func mutatedPacks(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let original = Array(validPackJSON.utf8)
        let base = try ThemePackDecoder().decode(packJSON(validPackJSON)).pack
        for _ in 0..<250 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...5, using: &random) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                if Bool.random(using: &random) {
                    bytes.insert(
                        contentsOf: Array((Self.fragments.randomElement(using: &random) ?? "").utf8), at: index)
                } else {
                    bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...20, using: &random)))
                }
            }
            let data = Data(bytes)
            let strict = try? ThemePackDecoder(policy: .strict).decode(data)
            let lenient = try? ThemePackDecoder(policy: .lenient, base: base).decode(data)
            // Whatever strict accepts, lenient accepts identically.
            if let strict { #expect(lenient?.pack == strict.pack) }
            // Every warning has a path and a reason.
            for warning in lenient?.warnings ?? [] { #expect(!warning.path.isEmpty && !warning.reason.isEmpty) }
        }
    }
}
