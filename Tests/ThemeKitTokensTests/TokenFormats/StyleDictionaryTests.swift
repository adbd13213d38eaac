import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

func jsonDocument(_ text: String) throws -> JSONDocument {
    try JSONReader().read(Data(text.utf8))
}

/// Every `value` token of a legacy (Style Dictionary / Tokens Studio) file, by dotted path, read independently
/// of the translator.
func legacyTokens(_ node: JSONNode, path: [String] = []) -> [(String, JSONNode)] {
    guard case .object(let object) = node else { return [] }
    if let value = object["value"] { return [(path.joined(separator: "."), value)] }
    return object.members.flatMap { member in
        member.key.hasPrefix("$") ? [] : legacyTokens(member.value, path: path + [member.key])
    }
}

@Suite struct StyleDictionaryTests {
    @Test("a Style Dictionary file is detected by content, not as DTCG")
    func detection() throws {
        let document = try jsonDocument(##"{"color": {"red": {"value": "#ff0000", "type": "color"}}}"##)
        #expect(TokenFormat.detect(document.value) == .styleDictionary)
        #expect(TokenFormat.detect(try jsonDocument(##"{"a": {"$value": "#fff", "$type": "color"}}"##).value) == .dtcg)
        #expect(TokenFormat.detect(try jsonDocument(##"{"name": "x", "version": "1.0"}"##).value) == nil)
        #expect(TokenFormat.detect(try jsonDocument("[1, 2]").value) == nil)
    }

    @Test("value, type, comment and attributes become $value, $type, $description and an extension")
    func tokenProperties() throws {
        let document = try jsonDocument(
            """
            {"color": {"base": {"red": {"value": "#FF0000", "type": "color", "comment": "Brand red",
              "attributes": {"font": "inverse"}, "themeable": true}}}}
            """)
        let result = try DTCGImporter(policy: .strict).pack(styleDictionary: document, source: "base.json")
        #expect(result.pack.colors["color.base.red"]?.light.hex == "#FF0000")
        // comment, attributes and other metadata are kept, not reported as stray properties.
        #expect(result.warnings.isEmpty)
        #expect(result.statistics.tokenCount == 1)
    }

    @Test("references {a.b.value} and {a.b} both resolve, through chains")
    func references() throws {
        let document = try jsonDocument(
            """
            {"color": {"base": {"red": {"value": "#FF0000", "type": "color"}},
              "brand": {"primary": {"value": "{color.base.red.value}", "type": "color"},
                        "secondary": {"value": "{color.brand.primary}"},
                        "tertiary": {"value": "{color.brand.secondary.value}"}}}}
            """)
        let result = try DTCGImporter(policy: .strict).pack(styleDictionary: document)
        #expect(result.pack.colors["color.brand.primary"]?.light.hex == "#FF0000")
        #expect(result.pack.colors["color.brand.secondary"]?.dark.hex == "#FF0000")
        #expect(result.pack.colors["color.brand.tertiary"]?.light.hex == "#FF0000")
    }

    @Test("a broken reference is an error with the file and the token's path")
    func brokenReference() throws {
        let document = try jsonDocument(##"{"color": {"a": {"value": "{color.missing.value}", "type": "color"}}}"##)
        do {
            _ = try DTCGImporter(policy: .strict).pack(styleDictionary: document, source: "sd.json")
            Issue.record("the import succeeded")
        } catch {
            let issue = try #require(error.issues.first)
            #expect(issue.source == "sd.json")
            #expect(issue.path == "color.a.$value")
            #expect(issue.reason.contains("{color.missing.value}") || issue.reason.contains("{color.missing}"))
        }
    }

    @Test("CSS colours, sizes with units and CTI colours without a type are read")
    func valuesAndCTI() throws {
        let document = try jsonDocument(
            """
            {"color": {"a": {"value": "rgba(255, 0, 0, 0.5)"}, "b": {"value": "hsl(120, 100%, 25%)", "type": "color"}},
             "size": {"padding": {"small": {"value": "4px", "type": "dimension"}}}}
            """)
        let result = try DTCGImporter(policy: .strict).pack(styleDictionary: document)
        #expect(result.pack.colors["color.a"]?.light.hex == "#FF000080")
        #expect(result.pack.colors["color.b"]?.light.hex == "#008000")
        #expect(result.pack.spacing["size.padding.small"] == 4)
    }

    @Test(
        "the complete example's 256 colours are all imported, each equal to the source file's value", Fixtures.required)
    func completeColorBase() throws {
        let data = try Fixtures.data("realworld/style-dictionary-complete-color-base.json")
        let document = try JSONReader().read(data)
        #expect(TokenFormat.detect(document.value) == .styleDictionary)
        let result = try DTCGImporter(policy: .strict).pack(
            styleDictionary: document, source: "style-dictionary-complete-color-base.json")
        #expect(result.pack.colors.count == 256)
        #expect(result.warnings.isEmpty)
        #expect(result.pack.colors["color.base.red.50"]?.light.hex == "#FFE5EE")
        #expect(result.pack.colors["color.base.red.A700"]?.dark.hex == "#D50000")
        #expect(result.pack.colors["color.base.grey.200"]?.light.hex == "#EEEEEE")
        #expect(result.pack.colors["color.base.white"]?.light.hex == "#FFFFFF")
        #expect(result.pack.colors["color.base.black"]?.light.hex == "#000000")
        let source = legacyTokens(document.value)
        #expect(source.count == 256)
        for (path, value) in source {
            #expect(result.pack.colors[path]?.light.hex == value.stringValue?.uppercased(), "\(path)")
        }
    }
}
