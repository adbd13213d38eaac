import Foundation
import Testing
import ThemeKitTokens
import ThemeKitTestSupport

/// `validate` as a CI gate (issue #23): exit 1 whenever a token is left out or replaced, exit 0 with warnings only
/// for what is ignored on purpose, `--lenient` for the old behaviour.
@Suite struct ValidateExitStatusTests {
    let folder = TemporaryDirectory()

    @Test(
        "a design-token file that loses a token is invalid: exit 1, the problem an error",
        arguments: [
            (
                ##"{"c": {"$type": "color", "a": {"$value": "{c.missing}"}, "ok": {"$value": "#000000"}}}"##,
                "c.a.$value"
            ),
            (
                ##"{"c": {"$type": "color", "a": {"$value": "{c.b}"}, "b": {"$value": "{c.a}"}, "ok": {"$value": "#000000"}}}"##,
                "c.a"
            ),
            (##"{"c": {"$type": "color", "a": {"$value": "#GGGGGG"}, "ok": {"$value": "#000000"}}}"##, "c.a.$value"),
            (
                ##"{"n": {"$type": "number", "$value": 2}, "c": {"$type": "color", "a": {"$value": "{n}"}, "ok": {"$value": "#000000"}}}"##,
                "c.a.$value"
            ),
        ])
    func lostTokenIsAnError(text: String, path: String) throws {
        let file = try folder.write("tokens.json", text)
        let result = themekit(["validate", file])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(file): error: \(path): "), "\(result.stdout)")
        #expect(result.stdout.contains("(left out)"))
        #expect(result.stdout.contains("\(file): invalid, "))
        let lenient = themekit(["validate", "--lenient", file])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("\(file): warning: \(path): "))
        #expect(themekit(["validate", "--strict", file]).status == 1)
    }

    @Test("a pack colour replaced or left out makes validate exit 1; --lenient exits 0")
    func packLossIsAnError() throws {
        let file = try folder.write("pack.json", SamplePacks.oneBadColor)
        let result = themekit(["validate", file])
        #expect(result.status == 1)
        #expect(result.stdout.contains(": error: colors."))
        #expect(themekit(["validate", "--lenient", file]).status == 0)
    }

    @Test("unknown properties, vendor extensions and unmapped types are warnings or notes: exit 0")
    func ignoredOnPurposeIsValid() throws {
        let file = try folder.write(
            "tokens.json",
            ##"""
            {"c": {"$type": "color", "a": {"$value": "#000000", "$extensions": {"com.vendor": {"x": 1}}, "$note": "n"}},
             "motion": {"$type": "duration", "fast": {"$value": {"value": 100, "unit": "ms"}}},
             "size": {"$type": "dimension", "icon": {"$value": "16px"}}}
            """##)
        let result = themekit(["validate", file])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\(file): warning: c.a.$note: "))
        #expect(
            result.stdout.hasSuffix(
                "\(file): valid with 1 warning (DTCG tokens \"tokens\": 3 tokens read; 1 colour; "
                    + "not mapped: 1 dimension, 1 duration)\n"))
    }

    @Test(
        "a file that holds no design tokens is invalid under every policy, naming the file",
        // A Style Dictionary file (`value`/`type`) is not among them: it is detected and converted
        // (TokenFormatDetectionTests), as the DTCG importer alone still refuses it (DTCGImportHonestyTests).
        arguments: ["null", "[]", "\"hello\"", "{}", ##"{"package": {"name": "x", "version": "1.0"}}"##])
    func notATokenFile(text: String) throws {
        let file = try folder.write("input.json", text)
        for policy in [[], ["--lenient"], ["--strict"]] {
            let result = themekit(["validate"] + policy + [file])
            #expect(result.status == 1)
            #expect(result.stdout.contains("\(file): error: $: "))
            #expect(result.stdout.contains("\(file): invalid, 1 error"))
        }
    }

    @Test("a folder of JSON files is not taken for an asset catalog")
    func folderOfJSONIsNotACatalog() throws {
        try folder.write("tokens/a.json", ##"{"c": {"$type": "color", "a": {"$value": "#000000"}}}"##)
        for policy in [[], ["--lenient"]] {
            let result = themekit(["validate"] + policy + [folder.path("tokens")])
            #expect(result.status == 1)
            #expect(result.stdout.contains("error: $: the folder holds no colour sets"))
        }
    }

    @Test("--format json names the policy and lists what was not mapped")
    func jsonReport() throws {
        let file = try folder.write(
            "tokens.json",
            ##"{"c": {"$type": "color", "a": {"$value": "#000000"}}, "w": {"$type": "fontWeight", "b": {"$value": 700}}}"##
        )
        let report = try JSONReader().read(themekit(["validate", "--format", "json", file]).stdout).value
        #expect(report["policy"] == "default")
        #expect(report["files"]?[0]?["tokensRead"] == 2)
        #expect(report["files"]?[0]?["notMapped"] == .object(["fontWeight": 1]))
    }
}

@Suite struct ConvertEmptyPackTests {
    let folder = TemporaryDirectory()

    @Test("convert refuses to write a pack with no tokens, and writes nothing")
    func refusesEmptyPack() throws {
        let file = try folder.write(
            "motion.json", ##"{"motion": {"$type": "duration", "fast": {"$value": {"value": 100, "unit": "ms"}}}}"##)
        let result = themekit(["convert", file, "--to", "pack", "-o", folder.path("out.json")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("gave no tokens a theme pack can hold; nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.json")))
    }

    @Test("convert names what it did not map")
    func namesUnmapped() throws {
        let file = try folder.write(
            "t.json",
            ##"{"c": {"$type": "color", "a": {"$value": "#000000"}}, "w": {"$type": "fontWeight", "b": {"$value": 700}}}"##
        )
        let toFile = themekit(["convert", file, "--to", "pack", "-o", folder.path("out.json")])
        #expect(toFile.status == 0)
        #expect(
            toFile.stdout == "Wrote \(folder.path("out.json")): 2 tokens read; 1 colour; not mapped: 1 font weight\n")
        let toStdout = themekit(["convert", file, "--to", "pack"])
        #expect(toStdout.stderr == "\(file): not mapped: 1 font weight\n")
    }
}
