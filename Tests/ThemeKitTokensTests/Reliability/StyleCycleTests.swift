import Foundation
import Testing
import ThemeKitTokens

/// A pack's styles may form a cycle as long as the document allows (about 500,000 styles
/// in 8 MiB). Reporting it must stay linear in the document, or a small hostile pack
/// exhausts memory.
@Suite struct StyleCycleTests {
    static func cycle(of count: Int) -> Data {
        let styles = (0..<count).map { #""s\#($0)":"s\#(($0 + 1) % count)""# }
        return Data(
            (#"{"schemaVersion":1,"id":"cycle","name":"Cycle","styles":{"# + styles.joined(separator: ",") + "}}").utf8)
    }

    @Test("the issues reporting a long cycle of styles grow with the pack, not with its square")
    func longCycleReportIsLinear() throws {
        let document = Self.cycle(of: 2_000)
        let error = try #require(throws: ThemePackError.self) { try ThemePackDecoder(policy: .strict).decode(document) }
        #expect(error.issues.filter { $0.code == .cycle }.count == 2_000, "every style in the cycle is reported")
        let reported = error.issues.reduce(0) { $0 + $1.reason.utf8.count + $1.path.utf8.count }
        #expect(
            reported < 64 * document.count,
            "\(reported) bytes of issues for a \(document.count)-byte pack: each issue spells out the whole cycle")
    }
}
