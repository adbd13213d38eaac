import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// A fresh temporary `.xcassets` location (not created), removed with its folder when released.
private struct TemporaryCatalog {
    let scratch = TemporaryDirectory(prefix: "ThemeKitTokensTests")

    var url: URL { scratch.appending("Colors.xcassets") }

    func text(_ relativePath: String) throws -> String { try scratch.read("Colors.xcassets/\(relativePath)") }
}

@Suite struct AssetCatalogTests {
    private static let styles: [ThemeStyle] = [.light, .dark]

    private static func randomColor(using random: inout SeededRandom) -> ThemeColor {
        ThemeColor(
            red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
            blue: .random(in: 0...1, using: &random), alpha: .random(in: 0...1, using: &random))
    }

    @Test("writing then reading a catalog gives back every colour within 1/510 in every appearance")
    func roundTrip() throws {
        let catalog = TemporaryCatalog()
        var random = SeededRandom(seed: 0xCA7A)
        var colors: [String: ColorSet] = [:]
        for index in 0..<40 {
            let light = Self.randomColor(using: &random)
            let dark = Self.randomColor(using: &random)
            switch index % 4 {
            case 0: colors["Plain \(index)"] = ColorSet(light)
            case 1: colors["Color\(index)"] = ColorSet(light: light, dark: dark)
            case 2:
                colors["Brand/Accent\(index)"] = ColorSet(
                    light: light, dark: dark, highContrastLight: Self.randomColor(using: &random))
            default:
                colors["Brand/Deep/Surface-\(index)"] = ColorSet(
                    light: light, dark: dark, highContrastLight: Self.randomColor(using: &random),
                    highContrastDark: Self.randomColor(using: &random))
            }
        }
        let warnings = try AssetCatalog.write(colors, to: catalog.url)
        #expect(warnings.isEmpty)
        let contents = try AssetCatalog.read(from: catalog.url)
        #expect(contents.warnings.isEmpty)
        #expect(Set(contents.colors.keys) == Set(colors.keys))
        for (name, original) in colors {
            let read = try #require(contents.colors[name])
            for style in Self.styles {
                for contrast in ThemeContrast.allCases {
                    let expected = original.resolved(for: style, contrast: contrast)
                    let actual = read.resolved(for: style, contrast: contrast)
                    #expect(actual.isApproximatelyEqual(to: expected), "\(name) \(style) \(contrast)")
                }
            }
        }
    }

    @Test("the catalog and namespace folders get Xcode's Contents.json files")
    func folderContents() throws {
        let catalog = TemporaryCatalog()
        try AssetCatalog.write(["Brand/Primary": ColorSet(ThemeColor(red: 1, green: 0, blue: 0))], to: catalog.url)
        #expect(
            try catalog.text("Contents.json")
                == "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
        #expect(
            try catalog.text("Brand/Contents.json")
                == """
                {
                  "info" : {
                    "author" : "xcode",
                    "version" : 1
                  },
                  "properties" : {
                    "provides-namespace" : true
                  }
                }

                """)
        #expect(try catalog.text("Brand/Primary.colorset/Contents.json").contains("\"red\" : \"1.000\""))
    }

    @Test("writing replaces an existing colour set of the same name")
    func overwrite() throws {
        let catalog = TemporaryCatalog()
        try AssetCatalog.write(["A": ColorSet(ThemeColor(red: 1, green: 0, blue: 0))], to: catalog.url)
        try AssetCatalog.write(["A": ColorSet(ThemeColor(red: 0, green: 0, blue: 1))], to: catalog.url)
        #expect(try AssetCatalog.read(from: catalog.url).colors["A"]?.light == ThemeColor(red: 0, green: 0, blue: 1))
    }

    @Test("custom styles are reported as not written")
    func customStylesWarn() throws {
        let catalog = TemporaryCatalog()
        let sepia = ThemeStyle(rawValue: "sepia")
        let white = ThemeColor(red: 1, green: 1, blue: 1)
        let warnings = try AssetCatalog.write(
            ["Paper": ColorSet(light: white, dark: white, custom: [sepia: .init(color: white)])], to: catalog.url)
        #expect(warnings == [.customStylesNotWritten(name: "Paper", styles: [sepia])])
        #expect(warnings[0].description.contains("sepia"))
    }

    @Test(
        "unusable names are rejected before anything is written",
        arguments: ["", ".hidden", "Brand/", "/Leading", "A//B", "Brand/.x", "Tab\tName"]
    )
    func invalidNames(name: String) throws {
        let catalog = TemporaryCatalog()
        let color = ColorSet(ThemeColor(red: 1, green: 1, blue: 1))
        do throws(AssetCatalogError) {
            try AssetCatalog.write(["Good": color, name: color], to: catalog.url)
            Issue.record("'\(name)' should be rejected")
        } catch {
            guard case .invalidColorSetName(let rejected, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(rejected == name)
        }
        #expect(!FileManager.default.fileExists(atPath: catalog.url.path))
    }

    @Test("names with spaces and punctuation are fine")
    func permissiveNames() throws {
        let catalog = TemporaryCatalog()
        let names = ["Label Primary", "accent-2", "Ünïcode Blue", "a.b"]
        try AssetCatalog.write(
            Dictionary(uniqueKeysWithValues: names.map { ($0, ColorSet(ThemeColor(red: 0, green: 0, blue: 0))) }),
            to: catalog.url)
        #expect(Set(try AssetCatalog.read(from: catalog.url).colors.keys) == Set(names))
    }

    @Test("reading the fixture folder returns three colour sets and warns about the system colour", Fixtures.required)
    func readFixtures() throws {
        let folder = try Fixtures.url("xcassets")
        let contents = try AssetCatalog.read(from: folder)
        #expect(Set(contents.colors.keys) == ["AccentColor", "gray1400", "primaryAccentColor"])
        #expect(contents.colors["primaryAccentColor"]?.dark.hex == "#2D80F1")
        #expect(contents.colors["gray1400"]?.highContrastDark == ThemeColor(red: 0.9490, green: 0.9608, blue: 0.9686))
        let file = folder.appendingPathComponent("fullScreenBackgroundColor.colorset/Contents.json").path
        #expect(
            contents.warnings == [
                .systemColorReference(path: file, jsonPath: "$.colors[0].color", name: "systemBackgroundColor"),
                .missingAnyAppearance(path: file),
            ])
    }

    @Test("groups without provides-namespace do not prefix names, and other asset types are ignored")
    func plainGroups() throws {
        let catalog = TemporaryCatalog()
        let folder = catalog.url.appendingPathComponent("Group/Inner.colorset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let json = AssetCatalogColorSet(colors: [.any: ThemeColor(red: 0.5, green: 0.5, blue: 0.5)]).contentsJSON()
        try Data(json.utf8).write(to: folder.appendingPathComponent("Contents.json"))
        try FileManager.default.createDirectory(
            at: catalog.url.appendingPathComponent("Logo.imageset"), withIntermediateDirectories: true)
        let contents = try AssetCatalog.read(from: catalog.url)
        #expect(Array(contents.colors.keys) == ["Inner"])
    }

    @Test("a group folder that links back to the catalog is read once instead of looping forever")
    func symbolicLinkLoop() throws {
        let catalog = TemporaryCatalog()
        try AssetCatalog.write(["Only": ColorSet(ThemeColor(red: 0, green: 1, blue: 0))], to: catalog.url)
        try FileManager.default.createSymbolicLink(
            at: catalog.url.appendingPathComponent("Loop"), withDestinationURL: catalog.url)
        let contents = try AssetCatalog.read(from: catalog.url)
        #expect(Array(contents.colors.keys) == ["Only"])
        #expect(contents.warnings.isEmpty)
    }

    @Test("two colour sets with the same name keep the first and warn")
    func duplicateNames() throws {
        let catalog = TemporaryCatalog()
        for group in ["A", "B"] {
            let folder = catalog.url.appendingPathComponent("\(group)/Same.colorset")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let json = AssetCatalogColorSet(colors: [.any: ThemeColor(red: group == "A" ? 1 : 0, green: 0, blue: 0)])
                .contentsJSON()
            try Data(json.utf8).write(to: folder.appendingPathComponent("Contents.json"))
        }
        let contents = try AssetCatalog.read(from: catalog.url)
        #expect(contents.colors["Same"]?.light.red == 1)
        #expect(contents.warnings.count == 1)
        guard case .duplicateColorSetName("Same", let kept, let ignored)? = contents.warnings.first else {
            Issue.record("expected a duplicate-name warning, got \(contents.warnings)")
            return
        }
        #expect(kept.hasSuffix("A/Same.colorset/Contents.json"))
        #expect(ignored.hasSuffix("B/Same.colorset/Contents.json"))
    }

    @Test("a malformed colour set fails the read with its file and JSON path")
    func malformedColorSetFails() throws {
        let catalog = TemporaryCatalog()
        let folder = catalog.url.appendingPathComponent("Bad.colorset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"colors":[{"idiom":"universal"}]}"#.utf8).write(to: folder.appendingPathComponent("Contents.json"))
        let file = folder.appendingPathComponent("Contents.json").path
        #expect(throws: AssetCatalogError.missingValue(path: file, jsonPath: "$.colors[0].color")) {
            try AssetCatalog.read(from: catalog.url)
        }
    }

    @Test("a colour set folder without Contents.json and a missing catalog are read errors")
    func missingFiles() throws {
        let catalog = TemporaryCatalog()
        do throws(AssetCatalogError) {
            _ = try AssetCatalog.read(from: catalog.url)
            Issue.record("reading a missing folder should throw")
        } catch {
            guard case .readFailed(let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == catalog.url.path)
        }
        try FileManager.default.createDirectory(
            at: catalog.url.appendingPathComponent("Empty.colorset"), withIntermediateDirectories: true)
        do throws(AssetCatalogError) {
            _ = try AssetCatalog.read(from: catalog.url)
            Issue.record("reading a colour set without Contents.json should throw")
        } catch {
            guard case .readFailed(let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path.hasSuffix("Empty.colorset/Contents.json"))
        }
    }

    @Test("writing where a file blocks the folder is a write error naming the path")
    func writeFailure() throws {
        let catalog = TemporaryCatalog()
        try FileManager.default.createDirectory(
            at: catalog.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: catalog.url)
        do throws(AssetCatalogError) {
            try AssetCatalog.write(["A": ColorSet(ThemeColor(red: 0, green: 0, blue: 0))], to: catalog.url)
            Issue.record("should throw")
        } catch {
            guard case .writeFailed(let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path.hasPrefix(catalog.url.path))
        }
    }
}
