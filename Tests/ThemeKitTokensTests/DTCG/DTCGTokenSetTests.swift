import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct DTCGTokenSetTests {
    private func set(_ text: String, maxAliasChain: Int = 32) throws -> DTCGTokenSet {
        DTCGTokenSet(documents: [try dtcg(text)], maxAliasChain: maxAliasChain)
    }

    private func problems(_ set: DTCGTokenSet) -> [String: ThemePackIssue.Code] {
        Dictionary(set.problems.map { ($0.path, $0.code) }) { first, _ in first }
    }

    @Test("resolves the chained alias base.color.inset → neutral.0 → white in Primer", Fixtures.required)
    func resolvesChainedAlias() throws {
        let set = DTCGTokenSet(documents: [try dtcgFixture("primer-light.tokens.json")])
        let inset = try #require(set.resolved["base.color.inset"])
        #expect(inset.value == .color(hex("#FFFFFF")))
        #expect(inset.aliasChain == ["base.color.neutral.0", "base.color.white"])
        #expect(set.resolved["base.color.neutral.13"]?.value == .color(hex("#1F2328")))
        #expect(set.aliasCount == 3)
        #expect(set.resolved.count == 98)
    }

    @Test("later documents win, and aliases in earlier documents see the later values")
    func laterDocumentsWin() throws {
        let base = try dtcg(
            ##"{"c": {"$type": "color", "black": {"$value": "#111111"}, "text": {"$value": "{c.black}"}}}"##)
        let overlay = try dtcg(##"{"c": {"black": {"$type": "color", "$value": "#000000"}}}"##)
        let set = DTCGTokenSet(documents: [base, overlay])
        #expect(set.resolved["c.text"]?.value == .color(hex("#000000")))
        #expect(set.tokens["c.black"]?.source == nil)
    }

    @Test("reports every token in an alias cycle, and the tokens that lead into it")
    func reportsEveryCycleMember() throws {
        let set = try set(
            """
            {"t": {"$type": "color",
              "a": {"$value": "{t.b}"}, "b": {"$value": "{t.c}"}, "c": {"$value": "{t.a}"},
              "d": {"$value": "{t.a}"}, "self": {"$value": "{t.self}"}, "ok": {"$value": "#FFFFFF"}}}
            """)
        let found = problems(set)
        #expect(found["t.a"] == .cycle)
        #expect(found["t.b"] == .cycle)
        #expect(found["t.c"] == .cycle)
        #expect(found["t.self"] == .cycle)
        #expect(found["t.d.$value"] == .unknownReference)
        #expect(set.problems.first { $0.path == "t.b" }?.reason.contains("t.a → t.b → t.c → t.a") == true)
        #expect(set.resolved.keys.sorted() == ["t.ok"])
    }

    @Test("an alias to a missing token is an error naming the token's path")
    func missingTarget() throws {
        let set = try set(##"{"c": {"$type": "color", "a": {"$value": "{c.nope}"}, "b": {"$value": "{c.a}"}}}"##)
        #expect(problems(set) == ["c.a.$value": .unknownReference, "c.b.$value": .unknownReference])
        #expect(set.problems.first?.reason == "the alias {c.nope} refers to a token that does not exist")
    }

    @Test("an alias to a token of another type is a type mismatch on the aliasing token")
    func typeMismatch() throws {
        let set = try set(
            ##"{"size": {"$type": "dimension", "$value": "4px"}, "c": {"$type": "color", "$value": "{size}"}}"##)
        #expect(problems(set) == ["c.$value": .typeMismatch])
        #expect(set.problems.first?.reason.contains("refers to a dimension token, but this token is a color") == true)
    }

    @Test("an alias without $type takes its target's type")
    func infersTypeFromTarget() throws {
        let set = try set(##"{"a": {"$type": "number", "$value": 2}, "b": {"$value": "{a}"}}"##)
        #expect(set.resolved["b"]?.type == "number")
        #expect(set.resolved["b"]?.value == .number(2))
    }

    @Test("a token with no type anywhere is reported")
    func missingType() throws {
        #expect(problems(try set(##"{"a": {"$value": 2}}"##)) == ["a": .missingType])
    }

    @Test("alias chains longer than the limit are errors, and long chains never hang")
    func boundsAliasChains() throws {
        func chain(_ length: Int) -> String {
            var members = [##""t0": {"$type": "number", "$value": 1}"##]
            for index in 1..<length { members.append(##""t\##(index)": {"$value": "{t\##(index - 1)}"}"##) }
            return "{" + members.joined(separator: ",") + "}"
        }
        let short = try set(chain(5), maxAliasChain: 8)
        #expect(short.resolved.count == 5)
        let long = try set(chain(20), maxAliasChain: 8)
        #expect(long.problems.contains { $0.code == .aliasChainTooLong })
        #expect(long.resolved["t19"] == nil)
        let huge = try set(chain(20_000), maxAliasChain: 32)
        #expect(huge.resolved.count >= 32)
        #expect(huge.resolved["t19999"] == nil)
    }

    @Test("a cycle of thousands of tokens is found in linear time")
    func findsLargeCycles() throws {
        let count = 5_000
        let members = (0..<count).map { ##""t\##($0)": {"$type": "number", "$value": "{t\##(($0 + 1) % count)}"}"## }
        let set = try set("{" + members.joined(separator: ",") + "}", maxAliasChain: 10_000)
        #expect(set.problems.count == count)
        #expect(set.problems.allSatisfy { $0.code == .cycle })
    }

    @Test(
        "reads 2025.10 structured values and legacy strings",
        arguments: [
            (
                ##"{"colorSpace": "srgb", "components": [1, 0.5, 0], "alpha": 0.5, "hex": "#ff8000"}"##, "color",
                DTCGValue.color(ThemeColor(red: 1, green: 0.5, blue: 0, alpha: 0.5))
            ),
            (
                ##""#0c0c0d0d""##, "color",
                .color(ThemeColor(red: 12 / 255, green: 12 / 255, blue: 13 / 255, alpha: 13 / 255))
            ),
            (##""#0055FF""##, "color", .color(ThemeColor(red: 0, green: 0x55 / 255, blue: 1))),
            (
                ##"{"colorSpace": "srgb-linear", "components": [0, 0, 1]}"##, "color",
                .color(ThemeColor(red: 0, green: 0, blue: 1))
            ),
            (##"{"value": 0.25, "unit": "rem"}"##, "dimension", .dimension(Dimension(value: 0.25, unit: .rem))),
            (##""4px""##, "dimension", .dimension(Dimension(value: 4, unit: .px))),
            (##""0.25rem""##, "dimension", .dimension(Dimension(value: 0.25, unit: .rem))),
            (##"["Inter", "sans-serif"]"##, "fontFamily", .fontFamily(["Inter", "sans-serif"])),
            (##""semi-bold""##, "fontWeight", .fontWeight(600)),
            (##"350"##, "fontWeight", .fontWeight(350)),
            (##""200ms""##, "duration", .other(type: "duration", value: "200ms")),
        ] as [(String, String, DTCGValue)])
    func readsValues(value: String, type: String, expected: DTCGValue) throws {
        let set = try set(##"{"t": {"$type": "\##(type)", "$value": \##(value)}}"##)
        #expect(set.problems.isEmpty)
        #expect(set.resolved["t"]?.value == expected)
    }

    @Test(
        "rejects invalid values with the property at fault",
        arguments: [
            (##"{"$type": "color", "$value": "#12345"}"##, "t.$value", ThemePackIssue.Code.invalidColor),
            (
                ##"{"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0]}}"##, "t.$value.components",
                .wrongType
            ),
            (
                ##"{"$type": "color", "$value": {"colorSpace": "cmyk", "components": [0.5, 0.1, 30]}}"##,
                "t.$value.colorSpace", .unsupported
            ),
            (##"{"$type": "dimension", "$value": {"value": 4, "unit": "em"}}"##, "t.$value.unit", .invalidValue),
            (##"{"$type": "dimension", "$value": "4"}"##, "t.$value", .invalidValue),
            (##"{"$type": "dimension", "$value": "4pt"}"##, "t.$value", .invalidValue),
            (##"{"$type": "fontWeight", "$value": 1001}"##, "t.$value", .outOfRange),
            (##"{"$type": "fontWeight", "$value": "chunky"}"##, "t.$value", .invalidValue),
            (##"{"$type": "fontFamily", "$value": []}"##, "t.$value", .wrongType),
            (##"{"$type": "number", "$value": "3"}"##, "t.$value", .wrongType),
            (##"{"$type": "typography", "$value": {"fontWeight": 400}}"##, "t.$value.fontSize", .missingKey),
        ])
    func rejectsValues(token: String, path: String, code: ThemePackIssue.Code) throws {
        let set = try set(##"{"t": \##(token)}"##)
        #expect(problems(set) == [path: code])
        #expect(set.resolved["t"] == nil)
    }

    @Test("notes a 3-digit or mismatched hex field but keeps the components; a P3 colour is kept as P3")
    func notesHexProblems() throws {
        let set = try set(
            """
            {"c": {"$type": "color",
              "short": {"$value": {"colorSpace": "srgb", "components": [1, 1, 1], "hex": "#fff"}},
              "wrong": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0], "hex": "#00ff00"}},
              "p3": {"$value": {"colorSpace": "display-p3", "components": [1, 0, 0], "hex": "#ff0000"}}}}
            """)
        #expect(
            problems(set) == [
                "c.short.$value.hex": .invalidColor, "c.wrong.$value.hex": .invalidColor,
            ])
        #expect(set.resolved["c.short"]?.value == .color(hex("#FFFFFF")))
        #expect(set.resolved["c.wrong"]?.value == .color(hex("#FF0000")))
        // Display P3 red is read from its components and kept as P3; its sRGB fallback is gamut-mapped, not
        // taken from the clipped hex.
        guard case .color(let p3)? = set.resolved["c.p3"]?.value else {
            Issue.record("c.p3 is not a colour")
            return
        }
        #expect(p3.displayP3 == DisplayP3Components(red: 1, green: 0, blue: 0))
        #expect(p3.hex != "#FF0000")
    }

    @Test("an unknown $type is a warning and the value is kept")
    func unknownType() throws {
        let set = try set(##"{"t": {"$type": "sparkle", "$value": {"x": 1}}}"##)
        #expect(problems(set) == ["t.$type": .unknownType])
        #expect(set.resolved["t"]?.value == .other(type: "sparkle", value: .object(["x": 1])))
    }

    @Test("resolves typography sub-values that are aliases, converting rem, px and em")
    func resolvesTypography() throws {
        let set = try set(
            """
            {"f": {"$type": "fontFamily", "$value": ["Inter", "sans-serif"]},
             "s": {"$type": "dimension", "$value": {"value": 1.25, "unit": "rem"}},
             "w": {"$type": "fontWeight", "$value": "bold"},
             "lh": {"$type": "number", "$value": 1.4},
             "type": {"$type": "typography", "$value": {"fontFamily": "{f}", "fontSize": "{s}", "fontWeight": "{w}",
                       "lineHeight": "{lh}", "letterSpacing": {"value": -0.02, "unit": "em"}}},
             "alias": {"$type": "typography", "$value": "{type}"},
             "bad": {"$type": "typography", "$value": {"fontSize": "{w}"}}}
            """)
        let expected = DTCGTypography(
            fontFamily: ["Inter", "sans-serif"], fontSize: Dimension(value: 1.25, unit: .rem), fontWeight: 700,
            lineHeight: 1.4, letterSpacing: -0.02 * 20)
        #expect(set.resolved["type"]?.value == .typography(expected))
        #expect(set.resolved["alias"]?.value == .typography(expected))
        #expect(problems(set) == ["bad.$value.fontSize": .typeMismatch])
    }

    @Test("a composite that reaches itself through a sub-value alias is reported, not computed forever")
    func compositeSelfReference() throws {
        let set = try set(
            """
            {"d": {"$type": "dimension", "$value": "{t}"},
             "t": {"$type": "typography", "$value": {"fontSize": "{d}"}}}
            """)
        #expect(set.resolved.isEmpty)
        #expect(!set.problems.isEmpty)
    }
}
