import Foundation
import Testing
import ThemeKitTestSupport

@testable import ThemeKitCLI

@Suite struct CommandLineToolTests {
    static let subcommands = [
        "validate", "contrast", "convert", "export-xcassets", "import-xcassets", "export-swift", "preview", "diff",
    ]

    @Test("every subcommand prints its help and exits 0", arguments: subcommands)
    func subcommandHelp(_ name: String) {
        for flag in ["--help", "-h"] {
            let result = themekit([name, flag])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("OVERVIEW: "))
            #expect(result.stdout.contains("USAGE: themekit \(name)"))
            #expect(result.stdout.contains("EXAMPLES:"))
            #expect(result.stderr.isEmpty)
        }
        #expect(themekit(["help", name]).stdout == themekit([name, "--help"]).stdout)
    }

    @Test("every subcommand answers an unknown option with exit 2, one line and a hint", arguments: subcommands)
    func subcommandUsageError(_ name: String) {
        let result = themekit([name, "--no-such-option"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("themekit \(name): unknown option '--no-such-option'") == true)
        #expect(lines.last == "Run 'themekit \(name) --help' for usage.")
    }

    @Test("every subcommand answers a missing argument with exit 2", arguments: subcommands)
    func subcommandMissingArgument(_ name: String) {
        let result = themekit([name])
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing"))
    }

    @Test("the overview lists every subcommand; --help exits 0 and no arguments exit 2")
    func overview() {
        let help = themekit(["--help"])
        #expect(help.status == 0)
        for name in Self.subcommands { #expect(help.stdout.contains("  \(name) ")) }
        let inputs = help.stdout.replacingOccurrences(of: "\n", with: " ")
        for kind in [
            "theme packs", "DTCG token files", "DTCG resolver documents", "Style Dictionary token files",
            "Tokens Studio exports", ".xcassets folders",
        ] {
            #expect(inputs.contains(kind), "themekit --help does not name \(kind) among the inputs")
        }
        let bare = themekit([])
        #expect(bare.status == 2)
        #expect(bare.stdout.isEmpty)
        #expect(bare.stderr == help.stdout)
    }

    @Test("an unknown subcommand is a usage error that suggests the nearest one")
    func unknownSubcommand() {
        let result = themekit(["valdate", "x.json"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "themekit: unknown subcommand 'valdate'; did you mean 'validate'?\nRun 'themekit --help' for usage.\n"
        )
        #expect(themekit(["help", "nope"]).status == 2)
        #expect(themekit(["--nope"]).status == 2)
    }

    @Test("--version prints the version")
    func version() {
        let result = themekit(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == ThemeKitCommand.version + "\n")
    }

    @Test("--strict and --lenient together are a usage error")
    func conflictingPolicies() {
        let result = themekit(["validate", "--strict", "--lenient", "x.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("'--strict' and '--lenient' cannot be used together"))
    }

    @Test("a file that does not exist is an input problem, exit 1, naming the file", arguments: subcommands)
    func missingFile(_ name: String) {
        var arguments = [name, "/nonexistent/pack.json"]
        switch name {
        case "convert": arguments += ["--to", "pack"]
        case "export-xcassets": arguments += ["-o", "/tmp/never.xcassets"]
        case "diff": arguments.append("/nonexistent/other.json")
        default: break
        }
        let result = themekit(arguments)
        #expect(result.status == 1)
        #expect(result.all.contains("/nonexistent/pack.json: no such file\n"))
        #expect(!result.all.contains("$"), "a missing file is reported with no JSON path")
    }

    @Test("`themekit validate nope.json` prints `nope.json: no such file` and exits 1")
    func validateMissingFile() {
        let folder = TemporaryDirectory()
        let result = themekit(["validate", "nope.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").first == "nope.json: no such file")
        #expect(!result.stdout.contains("$:"))
    }
}
