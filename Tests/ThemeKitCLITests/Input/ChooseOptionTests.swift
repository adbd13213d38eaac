import Foundation
import Testing
import ThemeKitTokens
import ThemeKitTestSupport

/// `--choose NAME=VALUE`: which brand (resolver modifier context, Tokens Studio group theme) a command imports.
@Suite struct ChooseOptionTests {
    let folder = TemporaryDirectory()

    static let resolver = ##"""
        {"version": "2025.10", "name": "Brands",
         "modifiers": {
           "brand": {"default": "acme", "contexts": {
             "acme": [{"accent": {"$type": "color", "$value": "#AC0000"}}],
             "globex": [{"accent": {"$type": "color", "$value": "#610000"}}]}},
           "theme": {"contexts": {
             "light": [{"bg": {"$type": "color", "$value": "#FFFFFF"}}],
             "dark": [{"bg": {"$type": "color", "$value": "#000000"}}]}}},
         "resolutionOrder": [{"$ref": "#/modifiers/brand"}, {"$ref": "#/modifiers/theme"}]}
        """##

    @Test("convert --choose imports the chosen context; without it, the modifier's default")
    func convertChooses() throws {
        let input = try folder.write("brands.resolver.json", Self.resolver)
        for (arguments, hex) in [(["--choose", "brand=globex"], "#610000"), ([], "#AC0000")] {
            let output = folder.path("pack.json")
            let result = themekit(["convert", input, "--to", "pack", "-o", output] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let pack = try ThemePackDecoder().decode(Data(contentsOf: URL(fileURLWithPath: output))).pack
            #expect(pack.colors["accent"]?.light.hex == hex, "\(arguments)")
            #expect(pack.colors["accent"]?.dark.hex == hex, "\(arguments)")
        }
    }

    @Test("convert --choose takes a brand from a Tokens Studio group whose themes name brand and appearance")
    func convertChoosesBrandOfAppearanceGroup() throws {
        let input = try folder.write(
            "studio.json",
            ##"""
            {"acme": {"accent": {"value": "#AC0000", "type": "color"}},
             "globex": {"accent": {"value": "#610000", "type": "color"}},
             "light": {"bg": {"value": "#FFFFFF", "type": "color"}},
             "dark": {"bg": {"value": "#000000", "type": "color"}},
             "$themes": [
               {"name": "Acme Light", "group": "Theme", "selectedTokenSets": {"acme": "enabled", "light": "enabled"}},
               {"name": "Acme Dark", "group": "Theme", "selectedTokenSets": {"acme": "enabled", "dark": "enabled"}},
               {"name": "Globex Light", "group": "Theme", "selectedTokenSets": {"globex": "enabled", "light": "enabled"}},
               {"name": "Globex Dark", "group": "Theme", "selectedTokenSets": {"globex": "enabled", "dark": "enabled"}}]}
            """##)
        let output = folder.path("globex.json")
        let result = themekit(["convert", input, "--to", "pack", "-o", output, "--choose", "Theme=Globex"])
        #expect(result.status == 0, "\(result.stderr)")
        let pack = try ThemePackDecoder().decode(Data(contentsOf: URL(fileURLWithPath: output))).pack
        #expect(pack.colors["accent"]?.light.hex == "#610000")
        #expect(pack.colors["accent"]?.dark.hex == "#610000")
        #expect(pack.colors["bg"]?.dark.hex == "#000000")
        let unknown = themekit(["validate", input, "--choose", "Theme=Hooli"])
        #expect(unknown.status == 1)
        #expect(unknown.stdout.contains(#"the brands are "Acme", "Globex""#), "\(unknown.stdout)")
    }

    @Test("a choice that names nothing fails the input, and says what can be chosen")
    func unknownChoice() throws {
        let input = try folder.write("brands.resolver.json", Self.resolver)
        let result = themekit(["validate", input, "--choose", "brand=hooli"])
        #expect(result.status == 1)
        // validate reports problems on standard output.
        #expect(
            result.stdout.contains(
                #"error: choices["brand"]: the modifier "brand" has no context "hooli"; the contexts are "acme", "globex""#
            ),
            "\(result.stdout)")
        let plain = try folder.write("plain.tokens.json", ##"{"bg": {"$type": "color", "$value": "#FFFFFF"}}"##)
        let unsupported = themekit(["validate", plain, "--choose", "brand=acme"])
        #expect(unsupported.status == 1)
        #expect(
            unsupported.stdout.contains("has no modifiers or theme groups to choose from"), "\(unsupported.stdout)")
        // A theme pack has no brands either: the choice is refused, not ignored.
        let pack = try folder.write("pack.json", SamplePacks.harbor)
        let refused = themekit(["validate", pack, "--choose", "brand=acme"])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("has no modifiers or theme groups to choose from"), "\(refused.stdout)")
        #expect(themekit(["validate", pack]).status == 0)
        // A command that needs the pack stops on it, on standard error.
        let converted = themekit(["convert", input, "--to", "pack", "--choose", "brand=hooli"])
        #expect(converted.status == 1)
        #expect(converted.stderr.contains(#"has no context "hooli""#), "\(converted.stderr)")
    }

    @Test(
        "--choose that is not NAME=VALUE, or names a modifier twice, is a usage error",
        arguments: [["--choose", "brand"], ["--choose", "brand="], ["--choose", "brand=a", "--choose", "brand=b"]])
    func malformed(arguments: [String]) throws {
        let input = try folder.write("brands.resolver.json", Self.resolver)
        let result = themekit(["validate", input] + arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--choose"), "\(result.stderr)")
    }

    @Test("every command that reads inputs accepts --choose")
    func everyCommand() throws {
        let input = try folder.write("brands.resolver.json", Self.resolver)
        let output = folder.path("out")
        let commands: [[String]] = [
            ["validate", input], ["convert", input, "--to", "pack", "-o", output + ".json"],
            ["contrast", input], ["diff", input, input], ["preview", input, "--html", output + ".html"],
            ["export-swift", input, "-o", output + ".swift"],
            ["export-xcassets", input, "-o", output + ".xcassets"],
        ]
        for command in commands {
            let result = themekit(command + ["--choose", "brand=globex"])
            #expect(!result.stderr.contains("unknown option"), "\(command[0]): \(result.stderr)")
            #expect(result.status != 2, "\(command[0]): \(result.stderr)")
        }
    }
}
