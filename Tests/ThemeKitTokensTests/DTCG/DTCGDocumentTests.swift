import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct DTCGDocumentTests {
    @Test("reads groups and tokens, inheriting $type from the nearest group")
    func inheritsTypes() throws {
        let document = try dtcg(
            """
            {"color": {"$type": "color", "$description": "Palette",
               "brand": {"primary": {"$value": "#0055FF"}, "size": {"$type": "dimension", "$value": "4px"}}},
             "plain": {"$value": 3}}
            """)
        let tokens = Dictionary(uniqueKeysWithValues: document.tokens.map { ($0.path, $0) })
        #expect(tokens["color.brand.primary"]?.inheritedType == "color")
        #expect(tokens["color.brand.size"]?.inheritedType == "dimension")
        #expect(tokens["plain"]?.inheritedType == nil)
        #expect(document.tokens.map(\.path) == ["color.brand.primary", "color.brand.size", "plain"])
        guard case .group(let color)? = document.root["color"] else {
            Issue.record("color is not a group")
            return
        }
        #expect(color.description == "Palette")
        #expect(document.problems.isEmpty)
    }

    @Test("keeps $extensions, $description, $deprecated and unknown $-properties verbatim", Fixtures.required)
    func preservesExtensions() throws {
        let document = try dtcgFixture("primer-light.tokens.json")
        let black = try #require(document.tokens.first { $0.path == "base.color.black" })
        #expect(black.token.extensions == ["org.primer.figma": .object(["collection": "base/color/light"])])
        let custom = try dtcg(
            ##"{"a": {"$value": 1, "$type": "number", "$description": "d", "$deprecated": "use b", "$vendor": [1, 2], "$extensions": {"x.y": {"z": null}}}}"##
        )
        let token = try #require(custom.tokens.first?.token)
        #expect(token.description == "d")
        #expect(token.deprecated == "use b")
        #expect(token.otherProperties["$vendor"] == [1, 2])
        #expect(token.extensions?["x.y"] == .object(["z": nil]))
        #expect(custom.problems.map(\.code) == [.unknownKey])
        #expect(custom.problems.allSatisfy { $0.alwaysWarning })
    }

    @Test("a $root token is named by its group's path")
    func rootTokens() throws {
        let document = try dtcg(
            ##"{"bg": {"$type": "color", "$root": {"$value": "#FFFFFF"}, "hover": {"$value": "#EEEEEE"}}}"##)
        #expect(document.tokens.map(\.path) == ["bg", "bg.hover"])
        #expect(document.tokens.first?.segments == ["bg", "$root"])
    }

    @Test("reports the fixture quirks: $type without $value, and a stray property beside $value", Fixtures.required)
    func reportsQuirks() throws {
        let figma = try DTCGDocument(
            data: try ThemeKitTestSupport.Fixtures.data("dtcg/figma-sds/color.tokens.json"), source: "color.tokens.json"
        )
        #expect(figma.problems.map(\.path) == ["color.black.50"])
        #expect(figma.problems.first?.code == .missingValue)
        #expect(!figma.tokens.contains { $0.path == "color.black.50" })
        #expect(figma.tokens.count == 90)

        let primer = try dtcgFixture("primer-light.tokens.json")
        #expect(primer.problems.map(\.path) == ["base.color.transparent.alpha"])
        let issue = try #require(primer.problems.first)
        #expect(issue.issue(under: .strict).severity == .error)
        #expect(issue.issue(under: .lenient).severity == .warning)
        #expect(issue.issue(under: .lenient).action == .ignored)
    }

    @Test(
        "rejects names DTCG reserves and members that are not objects",
        arguments: [
            (##"{"a.b": {"$value": 1, "$type": "number"}}"##, "a.b", ThemePackIssue.Code.invalidName),
            (##"{"a{b}": {"$value": 1, "$type": "number"}}"##, "a{b}", .invalidName),
            (##"{"g": {"x": 5}}"##, "g.x", .wrongType),
            (##"{"g": {"$type": 5, "t": {"$value": 1}}}"##, "g.$type", .wrongType),
            (##"{"g": {"$extends": "{h}"}}"##, "g.$extends", .unsupported),
        ])
    func rejectsBadStructure(text: String, path: String, code: ThemePackIssue.Code) throws {
        let document = try dtcg(text)
        #expect(document.problems.map(\.path) == [path])
        #expect(document.problems.first?.code == code)
    }

    @Test("duplicate keys in a token file are problems")
    func duplicateKeys() throws {
        let document = try dtcg(##"{"a": {"$type": "number", "$value": 1}, "a": {"$type": "number", "$value": 2}}"##)
        #expect(document.problems.map(\.code) == [.duplicateKey])
        #expect(document.tokens.count == 1)
    }

    @Test("malformed JSON is an error naming the file")
    func malformedJSON() {
        #expect {
            try DTCGDocument(data: Data("{\"a\": 1e400}".utf8), source: "x.tokens.json")
        } throws: { error in
            guard case .malformedJSON(let readError, "x.tokens.json")? = error as? ThemePackError else { return false }
            return readError.reason == .numberOutOfRange("1e400")
        }
    }
}
