import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// Decodes a colour set from bytes, returning the entries and the warnings.
private func decode(_ data: Data, path: String = "F") throws(AssetCatalogError)
    -> (AssetCatalogColorSet, [AssetCatalogWarning])
{
    var warnings: [AssetCatalogWarning] = []
    let entries = try AssetCatalogColorSet(contentsJSON: data, path: path, warnings: &warnings)
    return (entries, warnings)
}

/// An sRGB colour object with the given red component.
private func srgb(red: String) -> String {
    #"{"color-space":"srgb","components":{"red":"\#(red)","green":"0.000","blue":"0.000","alpha":"1.000"}}"#
}

@Suite struct AssetCatalogJSONReadingTests {
    @Test("a repeated key is a warning naming the file and JSON path, and the last value is used")
    func duplicateKeyWarns() throws {
        let json = #"""
            {"colors":[{"idiom":"mac","idiom":"universal","color":\#(srgb(red: "0.100")),"color":\#(srgb(red: "0.200"))}],
             "info":{"author":"xcode","version":1}}
            """#
        let (entries, warnings) = try decode(Data(json.utf8), path: "Dup.colorset/Contents.json")
        #expect(entries.colors == [.any: ThemeColor(red: 0.2, green: 0, blue: 0)])
        #expect(
            warnings == [
                .duplicateKey(path: "Dup.colorset/Contents.json", jsonPath: "$.colors[0].idiom", key: "idiom"),
                .duplicateKey(path: "Dup.colorset/Contents.json", jsonPath: "$.colors[0].color", key: "color"),
            ])
        #expect(
            warnings[0].description
                == "'Dup.colorset/Contents.json' $.colors[0].idiom repeats the key 'idiom' in the same object; "
                + "the last value was used")
    }

    @Test("a repeated key at the root and in a bracketed key gets a $-rooted JSON path")
    func duplicateKeyPaths() throws {
        let json = #"{"colors":[],"colors":[],"info":{"a b":1,"a b":2}}"#
        let (_, warnings) = try decode(Data(json.utf8))
        #expect(
            warnings == [
                .duplicateKey(path: "F", jsonPath: "$.colors", key: "colors"),
                .duplicateKey(path: "F", jsonPath: #"$.info["a b"]"#, key: "a b"),
            ])
    }

    @Test("a 100,000-deep Contents.json is refused with an invalidJSON error, not a crash")
    func deepNestingRefused() {
        for (open, close) in [("[", "]"), (#"{"a":"#, "}")] {
            let text = String(repeating: open, count: 100_000) + String(repeating: close, count: 100_000)
            do throws(AssetCatalogError) {
                _ = try decode(Data(text.utf8), path: "Deep.colorset/Contents.json")
                Issue.record("a 100,000-deep document should be refused")
            } catch {
                guard case .invalidJSON(let path, let reason) = error else {
                    Issue.record("unexpected \(error)")
                    continue
                }
                #expect(path == "Deep.colorset/Contents.json")
                #expect(reason.contains("nest deeper than the limit of 64 levels"))
                #expect(reason.contains("line 1, column"))
                #expect(reason.contains(" at $"))
            }
        }
    }

    @Test("invalid JSON names the file, and the reason gives the line, column and JSON path")
    func invalidJSONLocation() {
        let json = "{\n  \"colors\" : [\n    {\"idiom\" : universal}\n  ]\n}\n"
        do throws(AssetCatalogError) {
            _ = try decode(Data(json.utf8), path: "Bad.colorset/Contents.json")
            Issue.record("should throw")
        } catch {
            guard case .invalidJSON(let path, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == "Bad.colorset/Contents.json")
            #expect(reason.hasPrefix("line 3, column 16 (byte 32) at $.colors[0].idiom: "), "\(reason)")
            #expect(error.description.hasPrefix("'Bad.colorset/Contents.json' is not valid JSON: line 3"))
        }
    }

    @Test(
        "syntax RFC 8259 forbids is an invalidJSON error",
        arguments: [
            #"{"colors":[1e400]}"#, #"{"colors":[NaN]}"#, #"{"colors":["\ud800"]}"#, "{\"colors\":[\"a\u{01}\"]}",
            #"{"colors":[]} x"#,
        ])
    func strictSyntax(json: String) {
        #expect {
            try decode(Data(json.utf8))
        } throws: { error in
            guard let error = error as? AssetCatalogError, case .invalidJSON(let path, _) = error else { return false }
            return path == "F"
        }
    }

    @Test("a group folder's Contents.json is read with the same limits and duplicate-key warnings")
    func groupContents() throws {
        let scratch = TemporaryDirectory(prefix: "ThemeKitTokensTests")
        defer { withExtendedLifetime(scratch) {} }  // Its folder goes when it is released.
        let root = scratch.url
        let catalog = root.appendingPathComponent("Colors.xcassets", isDirectory: true)
        try AssetCatalog.write(["Brand/Primary": ColorSet(ThemeColor(red: 1, green: 0, blue: 0))], to: catalog)
        let group = catalog.appendingPathComponent("Brand/Contents.json")
        try Data(
            #"{"properties":{"provides-namespace":false,"provides-namespace":true}}"#.utf8
        ).write(to: group)
        let contents = try AssetCatalog.read(from: catalog)
        #expect(Array(contents.colors.keys) == ["Brand/Primary"])
        #expect(
            contents.warnings == [
                .duplicateKey(
                    path: group.path, jsonPath: "$.properties.provides-namespace", key: "provides-namespace")
            ])

        try Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
            .write(to: group)
        do throws(AssetCatalogError) {
            _ = try AssetCatalog.read(from: catalog)
            Issue.record("a 100,000-deep group Contents.json should be refused")
        } catch {
            guard case .invalidJSON(let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == group.path)
        }
    }

    @Test("a colour set with no entries writes Xcode's empty array layout")
    func emptyColorSet() {
        #expect(
            AssetCatalogColorSet(colors: [:]).contentsJSON()
                == "{\n  \"colors\" : [\n\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
        )
    }
}
