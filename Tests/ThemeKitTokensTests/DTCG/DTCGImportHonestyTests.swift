import Foundation
import Testing
import ThemeKitTokens

/// Imports that used to give wrong results without a word (issue #23): each test failed before its fix.
@Suite struct DTCGImportHonestyTests {
    private let typedDark = ##"{"c": {"$type": "color", "a": {"$value": "#EEEEEE"}}}"##

    @Test("an untyped hex colour in the light file is read as a colour, not replaced by the dark value")
    func untypedLightHexIsInferred() throws {
        let light = try dtcg(##"{"c": {"a": {"$value": "#111111"}}}"##, source: "light.tokens.json")
        let dark = try dtcg(typedDark, source: "dark.tokens.json")
        let result = try DTCGImporter(policy: .lenient).pack(light: light, dark: dark)
        #expect(result.pack.colors["c.a"] == ColorSet(light: hex("#111111"), dark: hex("#EEEEEE")))
        let issue = try #require(result.warnings.first)
        #expect(result.warnings.count == 1)
        #expect(issue.code == .missingType)
        #expect(issue.action == .kept)
        #expect(issue.source == "light.tokens.json")
        #expect(issue.reason.contains("read as a color"))
    }

    @Test("an untyped DTCG colour object is read as a colour")
    func untypedColorObjectIsInferred() throws {
        let light = try dtcg(
            ##"{"c": {"a": {"$value": {"colorSpace": "srgb", "components": [0.9490196, 0.9490196, 0.9686275]}}}}"##)
        let result = try DTCGImporter(policy: .lenient).pack(light: light, dark: try dtcg(typedDark))
        #expect(result.pack.colors["c.a"]?.light.hex == "#F2F2F7")
    }

    @Test("under .strict an untyped token is still a missingType error: DTCG asks for an explicit $type")
    func strictRejectsUntyped() throws {
        let light = try dtcg(##"{"c": {"a": {"$value": "#111111"}}}"##)
        let error = try #require(
            importFailure { () throws(ThemePackError) in
                try DTCGImporter(policy: .strict).pack(light: light, dark: try! dtcg(typedDark))
            })
        #expect(error.issues.map(\.code) == [.missingType])
    }

    @Test(
        "values that do not say their type are not inferred", arguments: ["\"12px\"", "400", "\"#12345\"", "\"red\""])
    func ambiguousValuesAreNotInferred(value: String) throws {
        let document = try dtcg(##"{"a": {"$value": "## + value + "}, \"b\": {\"$type\": \"number\", \"$value\": 1}}")
        let error = importFailure { () throws(ThemePackError) in try DTCGImporter().pack(document: document) }
        #expect(error?.issues.first { $0.path == "a" }?.code == .missingType)
    }

    @Test("a light value that cannot be used gives an incompleteAppearance warning when the dark value fills in")
    func unusableLightValueIsReported() throws {
        let light = try dtcg(##"{"c": {"a": {"$value": "not a colour"}}}"##)
        let result = try DTCGImporter(policy: .lenient).pack(light: light, dark: try dtcg(typedDark))
        #expect(result.pack.colors["c.a"]?.light == hex("#EEEEEE"))
        let codes = result.warnings.map(\.code)
        #expect(codes == [.missingType, .incompleteAppearance])
        let warning = try #require(result.warnings.last)
        #expect(
            warning.reason == "the colour's light value could not be used; the dark value is used for both appearances")
        #expect(!warning.description.contains("(the default was used)"))
    }

    @Test(
        "a file with no design tokens is an error under both policies, naming the file",
        arguments: ["null", "[]", "\"hello\"", "{}", ##"{"color": {"red": {"value": "#FF0000", "type": "color"}}}"##])
    func noTokensIsAnError(text: String) throws {
        for policy in [DecodingPolicy.strict, .lenient] {
            let document = try dtcg(text, source: "input.json")
            let error = try #require(
                importFailure { () throws(ThemePackError) in try DTCGImporter(policy: policy).pack(document: document) }
            )
            let issue = try #require(error.issues.last)
            #expect(issue.severity == .error)
            #expect(issue.source == "input.json")
            #expect(issue.path == "$")
        }
    }

    @Test("the DTCG export of an empty pack still imports: its root extension says what it is")
    func emptyExportImports() throws {
        let data = try DTCGExporter().data(for: ThemePack(id: "empty", name: "Empty"))
        let result = try DTCGImporter().pack(document: DTCGDocument(data: data))
        #expect(result.pack.id == "empty")
    }

    @Test("tokens the pack cannot hold are counted by type")
    func unmappedByType() throws {
        let document = try dtcg(
            ##"""
            {"size": {"$type": "dimension", "icon": {"$value": "16px"}, "radius-s": {"$value": "4px"}},
             "weight": {"$type": "fontWeight", "bold": {"$value": 700}},
             "motion": {"$type": "duration", "fast": {"$value": {"value": 100, "unit": "ms"}},
                        "slow": {"$value": {"value": 300, "unit": "ms"}}},
             "space": {"$type": "dimension", "neg": {"$value": "-4px"}},
             "c": {"$type": "color", "a": {"$value": "#000000"}}}
            """##)
        let result = try DTCGImporter(policy: .strict).pack(document: document)
        #expect(result.statistics.unmappedByType == ["dimension": 2, "fontWeight": 1, "duration": 2])
        #expect(result.statistics.unmappedCount == 5)
        #expect(result.statistics.tokenCount == 7)
        #expect(result.pack.radii == ["size.radius-s": 4])
        #expect(result.warnings.map(\.action) == [.ignored])
    }
}
