import Foundation
import Testing
import ThemeKitTokens
import ThemeKitTestSupport

/// Smaller mistakes found while trying the tool as a new user (issue #23); each test failed before its fix.
@Suite struct CommandConsistencyTests {
    let folder = TemporaryDirectory()

    @Test("a missing second argument is named as the second one: diff OLD without NEW says 'missing NEW'")
    func missingSecondPositional() throws {
        let path = try folder.write("ocean.json", SamplePacks.harbor)
        let result = themekit(["diff", path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("themekit diff: missing NEW\n"))
        #expect(themekit(["diff"]).stderr.hasPrefix("themekit diff: missing OLD\n"))
    }

    @Test("export-xcassets refuses an output whose folder does not exist, like every other command")
    func exportXcassetsRefusesMissingFolders() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let output = folder.path("missing/deeper/Out.xcassets")
        let result = themekit(["export-xcassets", path, "-o", output])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("cannot write \(output): the folder \(folder.path("missing/deeper")) does not exist")
        )
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing")))
        // Into an existing folder it still creates the catalog itself.
        #expect(themekit(["export-xcassets", path, "-o", folder.path("Out.xcassets")]).status == 0)
    }

    @Test("convert --to dtcg-resolver refuses a folder whose parent does not exist")
    func resolverBundleRefusesMissingFolders() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(["convert", path, "--to", "dtcg-resolver", "-o", folder.path("missing/bundle")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("does not exist"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing")))
    }

    @Test(
        "an output that is the input is refused with exit 2 and the input is left as it was",
        arguments: [
            ["convert", "IN", "--to", "dtcg", "-o", "IN"], ["export-swift", "IN", "-o", "IN"],
            ["preview", "IN", "--html", "IN"], ["convert", "IN", "--to", "pack", "-o", "./IN"],
        ])
    func outputIsInput(arguments: [String]) throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(arguments.map { $0.replacingOccurrences(of: "IN", with: "harbor.json") }, in: folder.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains("is the input 'harbor.json'; writing it would replace the input"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == SamplePacks.harbor)
    }

    @Test(
        "UTF-16 and UTF-32 input is named, not reported as a stray byte",
        arguments: [
            (String.Encoding.utf16LittleEndian, true, "UTF-16"), (.utf16BigEndian, true, "UTF-16"),
            (.utf16LittleEndian, false, "UTF-16"), (.utf32LittleEndian, true, "UTF-32"),
        ])
    func otherEncodings(encoding: String.Encoding, byteOrderMark: Bool, name: String) throws {
        var data = Data()
        if byteOrderMark {
            switch encoding {
            case .utf16LittleEndian: data = Data([0xFF, 0xFE])
            case .utf16BigEndian: data = Data([0xFE, 0xFF])
            default: data = Data([0xFF, 0xFE, 0, 0])
            }
        }
        data += try #require(SamplePacks.harbor.data(using: encoding))
        let url = folder.url.appendingPathComponent("utf.json")
        try data.write(to: url)
        let result = themekit(["validate", url.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(name) is not supported; save as UTF-8"), "\(result.stdout)")
        #expect(!result.stdout.contains("0xFF"))
    }

    @Test("standard input given twice is a usage error, not 'the document is empty' on the second read")
    func standardInputTwice() {
        for arguments in [
            ["diff", "-", "-"], ["validate", "-", "-"], ["convert", "-", "--dark", "-", "--to", "pack"],
        ] {
            let result = themekit(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("standard input ('-') can be read only once"))
        }
    }

    @Test("options given before the subcommand are the subcommand's")
    func optionsBeforeSubcommand() throws {
        let path = try folder.write("pack.json", SamplePacks.withUnknownKey)
        #expect(themekit(["validate", path]).status == 0)
        let strict = themekit(["--strict", "validate", path])
        #expect(strict.status == 1)
        #expect(strict.stdout == themekit(["validate", "--strict", path]).stdout)
        let json = themekit(["--format", "json", "validate", path])
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix("{"))
        let alone = themekit(["--strict"])
        #expect(alone.status == 2)
        #expect(alone.stderr.hasPrefix("themekit: unknown option '--strict'; options go after the subcommand"))
    }

    @Test("a warning that says which value was used does not end in '(the default was used)'")
    func noDefaultWasUsedNote() throws {
        try folder.write(
            "r.resolver.json",
            ##"""
            {"version": "2025.10", "resolutionOrder": [
              {"type": "modifier", "name": "size", "contexts": {
                 "big": [{"c": {"$type": "color", "x": {"$value": "#112233"}}}],
                 "small": [{"c": {"$type": "color", "x": {"$value": "#445566"}}}]}}]}
            """##)
        let result = themekit(["validate", folder.path("r.resolver.json")])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "warning: resolutionOrder[0]: the modifier has no default context; the first one, \"big\", is used\n"))
        #expect(!result.stdout.contains("(the default was used)"))
    }
}
