import Foundation
import Testing
import ThemeKitTestSupport

/// Runs the built `themekit` executable as a child process: exit statuses, the two streams, standard input,
/// and that nothing ever ends in a crash.
@Suite(
    .enabled(
        if: BuildProducts.themekit != nil,
        "the themekit executable is not in the build folder; run 'swift build --product themekit' first (.ci/cli does)")
)
struct SubprocessTests {
    let folder = TemporaryDirectory()

    func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil) throws -> ProcessResult {
        let result = try runProcess(
            try #require(BuildProducts.themekit), arguments, stdin: stdin, environment: environment)
        #expect(!result.crashed, "themekit \(arguments) crashed: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(result.stderr)")
        return result
    }

    @Test("the example packs validate and pass contrast with exit 0")
    func examplePacks() throws {
        let packs = [try folder.write("harbor.json", SamplePacks.harbor)] + ExamplePacks.paths
        let validate = try run(["validate"] + packs)
        #expect(validate.status == 0, "\(validate.stdout)")
        #expect(validate.stdout.contains("\(packs.count) valid, 0 invalid") || packs.count == 1)
        for pack in packs {
            #expect(try run(["contrast", pack]).status == 0)
        }
    }

    @Test("broken packs exit 1 with every problem on standard output; a failing contrast pair exits 1")
    func brokenPacks() throws {
        let broken = try folder.write("broken.json", SamplePacks.broken)
        let result = try run(["validate", broken])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error: id: the pack has no id; it is required"))
        let garbage = try folder.write("garbage.json", "{\"schemaVersion\": 1, \"colors\": [")
        #expect(try run(["validate", garbage]).status == 1)
        let low = try folder.write("low.json", SamplePacks.lowContrast)
        #expect(try run(["contrast", low]).status == 1)
    }

    @Test("usage errors exit 2 with a message and a hint on standard error only")
    func usageErrors() throws {
        let result = try run(["contrast", "--level", "AAAA", "x.json"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "themekit contrast: 'AAAA' is not a valid value for '--level'; expected 'AA', 'AAA', 'aa' or 'aaa'\n"
                + "Run 'themekit contrast --help' for usage.\n")
        #expect(try run(["frobnicate"]).status == 2)
        #expect(try run([]).status == 2)
        #expect(try run(["--help"]).status == 0)
    }

    @Test("'-' reads the input from standard input")
    func standardInput() throws {
        let result = try run(["validate", "-"], stdin: Data(SamplePacks.harbor.utf8))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("-: valid (theme pack \"Harbor\""))
    }

    @Test("preview writes no escape codes to a pipe, and honours --color always")
    func previewInPipe() throws {
        let pack = try folder.write("harbor.json", SamplePacks.harbor)
        #expect(try !run(["preview", pack]).stdout.contains("\u{1B}["))
        #expect(try run(["preview", pack, "--color", "always"]).stdout.contains("\u{1B}[48;2;"))
    }

    @Test("every subcommand writes its outputs and exits 0 on a good pack")
    func everySubcommand() throws {
        let pack = try folder.write("harbor.json", SamplePacks.harbor)
        let commands: [[String]] = [
            ["convert", pack, "--to", "dtcg", "-o", folder.path("h.tokens.json")],
            ["convert", folder.path("h.tokens.json"), "--to", "pack", "-o", folder.path("h2.json")],
            ["export-xcassets", pack, "-o", folder.path("H.xcassets")],
            ["import-xcassets", folder.path("H.xcassets"), "-o", folder.path("h3.json")],
            ["export-swift", pack, "-o", folder.path("H.swift")],
            ["preview", pack, "--html", folder.path("h.html")],
            ["diff", pack, folder.path("h2.json"), "--exit-code"],
        ]
        for arguments in commands {
            let result = try run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        for file in [
            "h.tokens.json", "h2.json", "H.xcassets/text.colorset/Contents.json", "h3.json", "H.swift", "h.html",
        ] {
            #expect(FileManager.default.fileExists(atPath: folder.path(file)), "\(file)")
        }
    }
}
