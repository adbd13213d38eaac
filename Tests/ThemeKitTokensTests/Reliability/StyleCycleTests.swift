import Foundation
import Testing
import ThemeKitTokens

/// A pack's styles may form a cycle as long as ``ThemePack/maxStyles`` allows (past it the decoder
/// refuses the pack with one issue). Reporting it must stay linear in the document, or a small hostile pack
/// exhausts memory.
@Suite struct StyleCycleTests {
    static func cycle(of count: Int) -> Data {
        let styles = (0..<count).map { #""s\#($0)":"s\#(($0 + 1) % count)""# }
        return Data(
            (#"{"schemaVersion":1,"id":"cycle","name":"Cycle","styles":{"# + styles.joined(separator: ",") + "}}").utf8)
    }

    @Test("the issues reporting a long cycle of styles grow with the pack, not with its square")
    func longCycleReportIsLinear() throws {
        let document = Self.cycle(of: ThemePack.maxStyles)
        let error = try #require(throws: ThemePackError.self) { try ThemePackDecoder(policy: .strict).decode(document) }
        #expect(
            error.issues.filter { $0.code == .cycle }.count == ThemePack.maxStyles,
            "every style in the cycle is reported")
        let reported = error.issues.reduce(0) { $0 + $1.reason.utf8.count + $1.path.utf8.count }
        #expect(
            reported < 64 * document.count,
            "\(reported) bytes of issues for a \(document.count)-byte pack: each issue spells out the whole cycle")
    }

    /// `count` styles in one chain: s0 → s1 → … → light.
    static func chain(of count: Int) -> Data {
        let styles = (0..<count).map { #""s\#($0)":"\#($0 + 1 == count ? "light" : "s\($0 + 1)")""# }
        return Data(
            (#"{"schemaVersion":1,"id":"chain","name":"Chain","styles":{"# + styles.joined(separator: ",") + "}}").utf8)
    }

    @Test("more styles than the limit are refused with one tooManyStyles error, under every policy")
    func tooManyStylesAreRefused() throws {
        for policy in DecodingPolicy.allCases {
            let document = Self.chain(of: 8_000)
            let error = try #require(throws: ThemePackError.self) {
                try ThemePackDecoder(policy: policy).decode(document)
            }
            let limits = error.issues.filter { $0.code == .tooManyStyles }
            #expect(limits.count == 1 && limits.first?.path == "styles", "\(policy): \(error.issues.prefix(3))")
            #expect(limits.first?.reason.contains("8000 styles") == true)
        }
    }

    @Test("a chain of bases deeper than the limit is refused with styleChainTooDeep; one at the limit is kept")
    func deepChainsAreRefused() throws {
        let atLimit = try ThemePackDecoder().decode(Self.chain(of: ThemePack.maxStyleChainDepth)).pack
        #expect(atLimit.styles.count == ThemePack.maxStyleChainDepth)
        let document = Self.chain(of: ThemePack.maxStyleChainDepth + 1)
        let error = try #require(throws: ThemePackError.self) {
            try ThemePackDecoder(policy: .lenient).decode(document)
        }
        let deep = error.issues.filter { $0.code == .styleChainTooDeep }
        #expect(deep.count == 1 && deep.first?.path == "styles.s0", "\(error.issues)")
    }
}
