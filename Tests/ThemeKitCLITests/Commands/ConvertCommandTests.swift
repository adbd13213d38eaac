import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct ConvertCommandTests {
    let folder = TemporaryDirectory()

    func decodedPack(_ text: String) throws -> ThemePack {
        try ThemePackDecoder(policy: .strict).decode(Data(text.utf8)).pack
    }

    @Test("pack → DTCG → pack gives back the same pack, byte for byte")
    func packRoundTrip() throws {
        let packs = [try folder.write("harbor.json", SamplePacks.harbor)] + ExamplePacks.paths
        for path in packs {
            let dtcg = themekit(["convert", path, "--to", "dtcg", "-o", folder.path("out.tokens.json")])
            #expect(dtcg.status == 0, "\(dtcg.all)")
            #expect(dtcg.stdout.hasPrefix("Wrote \(folder.path("out.tokens.json")): "))
            let back = themekit(["convert", folder.path("out.tokens.json"), "--to", "pack"])
            #expect(back.status == 0)
            let canonical = themekit(["convert", path, "--to", "pack"])
            #expect(back.stdout == canonical.stdout)
            #expect(
                try decodedPack(back.stdout) == ThemePackDecoder().decode(contentsOf: URL(fileURLWithPath: path)).pack)
        }
    }

    @Test("the DTCG output is a 2025.10 token file with colour objects and ThemeKit extensions")
    func dtcgOutput() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(["convert", path, "--to", "dtcg"])
        #expect(result.status == 0)
        let document = try JSONReader().read(result.stdout).value
        #expect(document["$schema"] == .string(DTCGExporter.formatSchema))
        #expect(document["colors"]?["$type"] == "color")
        #expect(document["colors"]?["accent"]?["$value"]?["colorSpace"] == "srgb")
        #expect(
            document["colors"]?["accent"]?["$value"]?["hex"] == "#0055cc"
                || document["colors"]?["accent"]?["$value"]?["hex"] == "#0055CC")
        #expect(document["$extensions"]?["com.themekit"]?["id"] == "com.example.harbor")
    }

    @Test(
        "DTCG → pack → DTCG → pack is stable for real token files",
        Fixtures.required,
        arguments: [
            "dtcg/primer-light.tokens.json", "dtcg/figma-sds-legacy-strings.tokens.json",
            "dtcg/figma-sds.resolver.json",
        ])
    func fixtureRoundTrip(_ fixture: String) throws {
        let input = try Fixtures.url(fixture).path
        let first = themekit(["convert", input, "--to", "pack", "-o", folder.path("first.json")])
        #expect(first.status == 0, "\(first.all)")
        #expect(
            themekit(["convert", folder.path("first.json"), "--to", "dtcg", "-o", folder.path("t.json")]).status == 0)
        let second = themekit(["convert", folder.path("t.json"), "--to", "pack", "-o", folder.path("second.json")])
        #expect(second.status == 0)
        #expect(try folder.read("first.json") == folder.read("second.json"))
    }

    @Test(
        "separate light, dark and high-contrast DTCG files become one pack with four appearances",
        Fixtures.required)
    func primerAppearances() throws {
        let light = try Fixtures.url("dtcg/primer-light.tokens.json").path
        let dark = try Fixtures.url("dtcg/primer-dark.tokens.json").path
        let lightHC = try Fixtures.url("dtcg/primer-light-high-contrast.tokens.json").path
        let darkHC = try Fixtures.url("dtcg/primer-dark-high-contrast.tokens.json").path
        let result = themekit([
            "convert", light, "--dark", dark, "--high-contrast-light", lightHC, "--high-contrast-dark", darkHC,
            "--to", "pack", "--id", "com.github.primer", "--name", "Primer",
        ])
        #expect(result.status == 0)
        let pack = try decodedPack(result.stdout)
        #expect(pack.id == "com.github.primer")
        #expect(pack.name == "Primer")
        #expect(pack.colors.count == 98)
        let blue = try #require(pack.colors["base.color.blue.0"])
        #expect(blue.light.hex == "#DDF4FF")
        #expect(blue.dark.hex == "#CAE8FF")
        #expect(blue.highContrastLight?.hex == "#DFF7FF")
        #expect(blue.highContrastDark?.hex == "#CAEAFF")
        // The fixtures' quirks are warnings, printed with the file they are in.
        #expect(result.stderr.contains("primer-dark.tokens.json: base.color.transparent.alpha:"))
        #expect(themekit(["convert", light, "--dark", dark, "--to", "pack", "--strict"]).status == 1)
    }

    @Test("--to dtcg-resolver writes a resolver and token files that read back as the same colours")
    func resolverBundle() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(["convert", path, "--to", "dtcg-resolver", "-o", folder.path("bundle")])
        #expect(result.status == 0, "\(result.all)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path("bundle")).sorted()
        #expect(
            files == [
                "base.tokens.json", "dark-hc.tokens.json", "dark.tokens.json", "light-hc.tokens.json",
                "light.tokens.json", "tokens.resolver.json",
            ])
        let back = themekit(["convert", folder.path("bundle/tokens.resolver.json"), "--to", "pack"])
        #expect(back.status == 0, "\(back.all)")
        let original = try decodedPack(SamplePacks.harbor)
        let imported = try decodedPack(back.stdout)
        let text = try #require(imported.colors["colors.text"])
        #expect(text.light == original.colors["text"]?.light)
        #expect(text.dark == original.colors["text"]?.dark)
        #expect(text.highContrastDark == original.colors["text"]?.highContrastDark)
    }

    @Test(
        "usage mistakes exit 2: no --to, an unknown format, a resolver bundle without a folder, overlays without --dark"
    )
    func usageErrors() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        #expect(themekit(["convert", path]).stderr.contains("missing '--to pack'"))
        #expect(themekit(["convert", path]).status == 2)
        #expect(themekit(["convert", path, "--to", "yaml"]).status == 2)
        #expect(themekit(["convert", path, "--to", "dtcg-resolver"]).status == 2)
        #expect(themekit(["convert", path, "--to", "pack", "--high-contrast-light", path]).status == 2)
    }

    @Test("an --id the pack format rejects is an input problem and nothing is written")
    func invalidOverride() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(["convert", path, "--to", "pack", "--id", "not valid!", "-o", folder.path("out.json")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: id: the id \"not valid!\" may contain only ASCII letters"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.json")))
    }

    @Test("an output folder that does not exist is an input problem")
    func unwritableOutput() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(["convert", path, "--to", "pack", "-o", folder.path("no/such/dir/out.json")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("does not exist"))
    }
}
