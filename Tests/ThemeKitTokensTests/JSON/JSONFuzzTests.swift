import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// Random and mutated inputs: the reader must return or throw, never crash or hang,
/// and whatever it accepts must survive a write–read round trip.
@Suite struct JSONFuzzTests {
    private static let alphabet =
        Array(#"{}[]:,"\ -+.eE0123456789truefalsnNIuD8C\"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xFF]

    private func checkRoundTrip(_ bytes: [UInt8]) {
        let limits = JSONLimits(maxDepth: 32, maxTokenCount: 50_000)
        guard let document = try? JSONReader(limits: limits).read(Data(bytes)) else { return }
        // Anything accepted must be written and read back identically.
        let text = JSONWriter(sortedKeys: false, indent: 0).string(from: document.value)
        #expect((try? JSONReader(limits: limits).read(text).value) == document.value)
    }

    @Test("random byte strings never crash the reader", arguments: [1, 2, 3, 4] as [UInt64])
    func randomBytes(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...64, using: &random)
            let bytes = (0..<length).map { _ in Self.alphabet.randomElement(using: &random) ?? 0 }
            checkRoundTrip(bytes)
        }
    }

    @Test(
        "mutations of a real token file never crash the reader", Fixtures.required, arguments: [11, 12, 13] as [UInt64])
    func mutatedFixture(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let original = Array(try Fixtures.data("dtcg/primer-light-high-contrast.tokens.json").prefix(4_000))
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes.remove(at: index)
                case 2: bytes.insert(Self.alphabet.randomElement(using: &random) ?? 0, at: index)
                default: bytes.removeSubrange(index..<min(bytes.count, index + 40))
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            checkRoundTrip(bytes)
        }
    }

    @Test("deeply nested random structures are refused at the depth limit, not by the stack")
    func randomNesting() {
        var random = SeededRandom(seed: 99)
        for _ in 0..<50 {
            var text = ""
            for _ in 0..<Int.random(in: 100...5_000, using: &random) {
                text += Bool.random(using: &random) ? "[" : #"{"k":"#
            }
            #expect(throws: JSONReadError.self) { try JSONReader().read(text) }
        }
    }
}
