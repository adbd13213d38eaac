import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// Mutated token files: importing must return or throw under both policies, never crash or hang.
@Suite struct DTCGFuzzTests {
    private static let fragments = [
        #""{a.b}""#, #""{x}""#, ##""#fff""##, "1e308", "-1", "[]", "{}", "null", #""$value""#, #""$type""#,
        #""color""#, #""dimension""#, #""typography""#, #"{"$value": "{t}"}"#, ",", ":", "}", "]",
    ]

    @Test(
        "random mutations of real token files never crash the importer", Fixtures.required,
        arguments: [21, 22, 23] as [UInt64])
    func mutatedTokenFiles(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let originals = [
            Array(try Fixtures.data("dtcg/figma-sds/theme-light.tokens.json").prefix(3_000)),
            Array(try Fixtures.data("dtcg/figma-sds/typography.tokens.json").prefix(3_000)),
            Array(try Fixtures.data("dtcg/primer-light.tokens.json").prefix(3_000)),
        ]
        for _ in 0..<150 {
            var bytes = originals.randomElement(using: &random) ?? []
            for _ in 0..<Int.random(in: 1...6, using: &random) where !bytes.isEmpty {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                if Bool.random(using: &random) {
                    bytes.insert(
                        contentsOf: Array((Self.fragments.randomElement(using: &random) ?? "").utf8), at: index)
                } else {
                    bytes.removeSubrange(index..<min(bytes.count, index + Int.random(in: 1...30, using: &random)))
                }
            }
            guard let document = try? DTCGDocument(data: Data(bytes)) else { continue }
            for policy in DecodingPolicy.allCases {
                _ = try? DTCGImporter(policy: policy).pack(light: document, dark: document)
            }
        }
    }

    @Test("random alias graphs always finish, reporting every token in a cycle")
    func randomAliasGraphs() throws {
        var random = SeededRandom(seed: 7)
        for _ in 0..<40 {
            let count = Int.random(in: 2...60, using: &random)
            var members: [String] = []
            var targets: [Int: Int] = [:]
            for index in 0..<count {
                if Int.random(in: 0..<4, using: &random) == 0 {
                    members.append(#""t\#(index)": {"$type": "number", "$value": \#(index)}"#)
                } else {
                    let target = Int.random(in: 0..<count, using: &random)
                    targets[index] = target
                    members.append(#""t\#(index)": {"$type": "number", "$value": "{t\#(target)}"}"#)
                }
            }
            let set = DTCGTokenSet(
                documents: [try dtcg("{" + members.joined(separator: ",") + "}")], maxAliasChain: 100)
            // Work out the cycles independently: a token is on a cycle when following aliases returns to it.
            var onCycle: Set<Int> = []
            for start in 0..<count {
                var current = targets[start]
                var steps = 0
                while let next = current, steps <= count {
                    if next == start {
                        onCycle.insert(start)
                        break
                    }
                    current = targets[next]
                    steps += 1
                }
            }
            let reported = Set(set.problems.filter { $0.code == .cycle }.map(\.path))
            #expect(reported == Set(onCycle.map { "t\($0)" }))
            for index in 0..<count where !onCycle.contains(index) {
                // Tokens off every cycle resolve exactly when their chain ends in a literal.
                var current = index
                var ends = true
                var seen: Set<Int> = []
                while let next = targets[current] {
                    if !seen.insert(current).inserted {
                        ends = false
                        break
                    }
                    current = next
                }
                #expect((set.resolved["t\(index)"] != nil) == ends)
            }
        }
    }
}

@Suite struct DTCGDepthTests {
    @Test(
        "groups nested to the reader's hard maximum depth are read, flattened and imported without exhausting the stack"
    )
    func deepGroups() throws {
        let depth = JSONLimits.hardMaximumDepth - 2
        var text = ""
        for index in 0..<depth { text += #"{"g\#(index)": "# }
        text += ##"{"$type": "color", "$value": "#123456"}"##
        text += String(repeating: "}", count: depth)
        let document = try DTCGDocument(data: Data(text.utf8), limits: JSONLimits(maxDepth: .max))
        #expect(document.tokens.count == 1)
        #expect(document.tokens.first?.segments.count == depth)
        // The path is longer than a pack name may be: reported, not crashed on.
        let result = try DTCGImporter(policy: .lenient, limits: JSONLimits(maxDepth: .max)).pack(document: document)
        #expect(result.pack.colors.isEmpty)
        #expect(result.warnings.map(\.code) == [.invalidName])
    }
}
