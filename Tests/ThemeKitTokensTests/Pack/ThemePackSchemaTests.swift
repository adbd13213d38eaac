import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// Keeps `Docs/theme-pack.schema.json` in step with the decoder.
@Suite struct ThemePackSchemaTests {
    private func schema() throws -> JSONNode {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Docs/theme-pack.schema.json")
        return try JSONReader().read(try Data(contentsOf: url)).value
    }

    @Test("the schema is draft 2020-12 and lists exactly the keys the decoder reads")
    func listsDecoderKeys() throws {
        let schema = try schema()
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(
            Set(schema["properties"]?.objectValue?.keys ?? [])
                == [
                    "$schema", "schemaVersion", "id", "name", "description", "colors", "typography", "radii",
                    "spacing", "styles", "contrastPairs",
                ])
        #expect(schema["required"] == ["schemaVersion", "id", "name"])
        #expect(schema["properties"]?["schemaVersion"]?["const"] == .number(Double(ThemePack.currentSchemaVersion)))
    }

    @Test("the schema's enumerations and ranges match the Swift types")
    func matchesSwiftTypes() throws {
        let definitions = try #require(try schema()["$defs"])
        let typography = try #require(definitions["typography"]?["properties"])
        #expect(typography["design"]?["enum"] == .array(FontDesign.allCases.map { .string($0.rawValue) }))
        #expect(typography["textStyle"]?["enum"] == .array(TextStyle.allCases.map { .string($0.rawValue) }))
        #expect(typography["size"]?["minimum"]?.numberValue == TypographyToken.sizeRange.lowerBound)
        #expect(typography["size"]?["maximum"]?.numberValue == TypographyToken.sizeRange.upperBound)
        #expect(typography["lineHeight"]?["minimum"]?.numberValue == TypographyToken.lineHeightRange.lowerBound)
        #expect(typography["letterSpacing"]?["maximum"]?.numberValue == TypographyToken.letterSpacingRange.upperBound)
        #expect(definitions["metric"]?["maximum"]?.numberValue == ThemePack.maxMetric)
        #expect(definitions["tokenName"]?["maxLength"]?.numberValue == Double(ThemePack.maxNameLength))
        #expect(
            definitions["contrastPair"]?["properties"]?["usage"]?["enum"]
                == .array(ContrastPair.Usage.allCases.map { .string($0.rawValue) }))
    }
}
