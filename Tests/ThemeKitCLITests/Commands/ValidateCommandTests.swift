import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct ValidateCommandTests {
    let folder = TemporaryDirectory()

    @Test("a valid pack is reported valid with its contents, exit 0")
    func validPack() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(["validate", path])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == "\(path): valid (theme pack \"Harbor\": 5 colours, 2 text styles, 2 radii, 2 spacing values, "
                + "1 custom style, 2 contrast pairs)\n")
    }

    @Test("every problem is printed with its JSON path and reason, and errors give exit 1")
    func brokenPack() throws {
        let path = try folder.write("broken.json", SamplePacks.broken)
        let byDefault = themekit(["validate", path]).stdout.split(separator: "\n").map(String.init)
        // By default a value left out is an error; what is ignored stays a warning.
        #expect(byDefault.contains { $0.hasPrefix("\(path): error: colors.primary.light: '#GGGGGG'") })
        #expect(byDefault.contains { $0.hasPrefix("\(path): error: radii.small: -4 is negative") })
        #expect(byDefault.contains { $0.hasPrefix("\(path): warning: surprise: ") })
        #expect(byDefault.last == "\(path): invalid, 3 errors, 1 warning (theme pack)")
        let result = themekit(["validate", "--lenient", path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(path): warning: colors.primary.light: '#GGGGGG'") })
        #expect(lines.contains { $0.hasPrefix("\(path): warning: radii.small: -4 is negative") })
        #expect(lines.contains { $0 == "\(path): warning: surprise: \"surprise\" is not a theme-pack key (ignored)" })
        #expect(lines.contains { $0 == "\(path): error: id: the pack has no id; it is required" })
        #expect(lines.last == "\(path): invalid, 1 error, 3 warnings (theme pack)")
    }

    @Test("--strict makes every problem an error, warnings included")
    func strictBrokenPack() throws {
        let path = try folder.write("broken.json", SamplePacks.broken)
        let result = themekit(["validate", "--strict", path])
        #expect(result.status == 1)
        #expect(!result.stdout.contains(": warning: "))
        #expect(result.stdout.contains("\(path): error: colors.primary.light: "))
        #expect(result.stdout.contains("\(path): error: surprise: "))
        #expect(result.stdout.hasSuffix("\(path): invalid, 4 errors (theme pack)\n"))
    }

    @Test(
        "lenient warnings leave exit 0; --strict turns the same warnings into exit 1",
        arguments: [
            (SamplePacks.withUnknownKey, []), (SamplePacks.oneBadColor, ["--lenient"]),
        ])
    func warningsAndPolicy(_ pack: String, policy: [String]) throws {
        let path = try folder.write("pack.json", pack)
        let lenient = themekit(["validate"] + policy + [path])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains(": warning: "))
        #expect(lenient.stdout.contains("valid with 1 warning"))
        #expect(themekit(["validate", "--lenient", path]).status == 0)
        let strict = themekit(["validate", "--strict", path])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains(": error: "))
    }

    @Test("malformed JSON is reported with its line and column")
    func malformedJSON() throws {
        let path = try folder.write("bad.json", "{\n  \"schemaVersion\": 1,\n  \"id\": \"x\" \"name\": 1\n}")
        let result = themekit(["validate", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("line 3, column"))
        #expect(result.stdout.contains("\(path): invalid, 1 error (not read)"))
    }

    @Test("an unsupported schemaVersion is an error under every policy")
    func schemaVersion() throws {
        let path = try folder.write("v9.json", #"{"schemaVersion": 9, "id": "a", "name": "b"}"#)
        for policy in ["--strict", "--lenient"] {
            let result = themekit(["validate", policy, path])
            #expect(result.status == 1)
            #expect(result.stdout.contains("error: schemaVersion: schema version 9 is not supported"))
        }
    }

    @Test("DTCG token files are detected and imported; a dangling alias is a warning, an error under --strict")
    func dtcgTokens() throws {
        let path = try folder.write("tokens.json", SamplePacks.dtcgTokens)
        let result = themekit(["validate", path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("valid (DTCG tokens \"tokens\": 3 tokens read; 2 colours, 1 radius)"))
        let dangling = try folder.write(
            "dangling.json",
            ##"{"a": {"$type": "color", "$value": "{missing.token}"}, "b": {"$type": "color", "$value": "#000000"}}"##)
        #expect(
            themekit(["validate", "--lenient", dangling]).stdout.contains(
                "warning: a.$value: the alias {missing.token}"))
        #expect(themekit(["validate", dangling]).stdout.contains("error: a.$value: the alias {missing.token}"))
        #expect(themekit(["validate", "--strict", dangling]).status == 1)
    }

    @Test(
        "real DTCG fixtures validate: the Figma resolver, Primer and the legacy string syntax",
        Fixtures.required)
    func fixtures() throws {
        let resolver = try Fixtures.url("dtcg/figma-sds.resolver.json").path
        let primer = try Fixtures.url("dtcg/primer-light.tokens.json").path
        let legacy = try Fixtures.url("dtcg/figma-sds-legacy-strings.tokens.json").path
        // color.black.50 has a $type but no $value: left out, so invalid unless --lenient.
        #expect(themekit(["validate", resolver]).status == 1)
        let result = themekit(["validate", "--lenient", resolver, primer, legacy])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "valid with 6 warnings (DTCG resolver \"Figma Simple Design System\": 298 tokens read; 216 colours"))
        // The fixture's known quirk, reported with the file it is in.
        #expect(
            result.stdout.contains(
                "warning: ./figma-sds/color.tokens.json: color.black.50: the token has a $type but no $value"))
        #expect(result.stdout.contains("(DTCG tokens \"primer-light\": 98 tokens read; 98 colours)"))
        #expect(result.stdout.hasSuffix("3 inputs: 3 valid, 0 invalid; 0 errors, 14 warnings\n"))
        let strict = themekit(["validate", "--strict", resolver])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("error: ./figma-sds/color.tokens.json: color.black.50:"))
    }

    @Test(
        "an asset catalog folder validates, with skipped entries as warnings",
        Fixtures.required)
    func assetCatalog() throws {
        let catalog = try Fixtures.url("xcassets").path
        let result = themekit(["validate", catalog])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "warning: xcassets/fullScreenBackgroundColor.colorset/Contents.json: $.colors[0].color: the entry refers "
                    + "to the system colour 'systemBackgroundColor', which has no fixed value (ignored)"))
        #expect(result.stdout.contains("valid with 2 warnings (asset catalog \"xcassets\": 3 colours)"))
    }

    @Test("several inputs are all checked, with a summary; one invalid input makes exit 1")
    func severalInputs() throws {
        let good = try folder.write("good.json", SamplePacks.harbor)
        let bad = try folder.write("bad.json", SamplePacks.broken)
        let result = themekit(["validate", good, bad, folder.path("missing.json")])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(folder.path("missing.json")): no such file\n"))
        #expect(result.stdout.hasSuffix("3 inputs: 1 valid, 2 invalid; 4 errors, 1 warning\n"))
    }

    @Test("relative paths are resolved against the working directory")
    func relativePaths() throws {
        try folder.write("packs/harbor.json", SamplePacks.harbor)
        let result = themekit(["validate", "packs/harbor.json"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("packs/harbor.json: valid"))
    }

    @Test("--format json lists every file and issue with severity, code, path, reason and action")
    func jsonFormat() throws {
        let good = try folder.write("good.json", SamplePacks.harbor)
        let bad = try folder.write("bad.json", SamplePacks.broken)
        let result = themekit(["validate", "--lenient", "--format", "json", good, bad])
        #expect(result.status == 1)
        let report = try JSONReader().read(result.stdout).value
        #expect(report["valid"] == false)
        #expect(report["policy"] == "lenient")
        #expect(report["errorCount"] == 1)
        #expect(report["warningCount"] == 3)
        #expect(report["files"]?[0]?["kind"] == "themePack")
        #expect(report["files"]?[0]?["pack"]?["colors"] == 5)
        let issues = try #require(report["files"]?[1]?["issues"]?.arrayValue)
        #expect(issues.count == 4)
        let id = try #require(issues.first { $0["path"] == "id" })
        #expect(id["severity"] == "error")
        #expect(id["code"] == "missingKey")
        #expect(id["action"] == "rejected")
        let color = try #require(issues.first { $0["path"] == "colors.primary.light" })
        #expect(color["code"] == "invalidColor")
        #expect(color["action"] == "dropped")
    }
}
