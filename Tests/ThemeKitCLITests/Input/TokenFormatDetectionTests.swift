import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct TokenFormatDetectionTests {
    let folder = TemporaryDirectory()

    static let styleDictionary = """
        {"color": {"base": {"red": {"value": "#FF0000", "type": "color", "attributes": {"font": "inverse"}}},
          "brand": {"value": "{color.base.red.value}", "type": "color", "comment": "Brand"}}}
        """

    static let tokensStudio = """
        {"colors": {"ink": {"value": "rgba(0, 0, 0, 0.5)", "type": "color", "$extensions": {"x": {"id": 1}}}},
         "spacing": {"base": {"value": "4", "type": "spacing"}, "large": {"value": "{spacing.base} * 4", "type": "spacing"}}}
        """

    func decodedPack(_ text: String) throws -> ThemePack {
        try ThemePackDecoder(policy: .strict).decode(Data(text.utf8)).pack
    }

    @Test("convert --to pack reads a Style Dictionary file by its content")
    func convertStyleDictionary() throws {
        let path = try folder.write("colors.json", Self.styleDictionary)
        let result = themekit(["convert", path, "--to", "pack"])
        #expect(result.status == 0, "\(result.all)")
        let pack = try decodedPack(result.stdout)
        #expect(pack.colors["color.base.red"]?.light.hex == "#FF0000")
        #expect(pack.colors["color.brand"]?.dark.hex == "#FF0000")
    }

    @Test("convert --to pack reads a Tokens Studio file, evaluating its math")
    func convertTokensStudio() throws {
        let path = try folder.write("light.json", Self.tokensStudio)
        let result = themekit(["convert", path, "--to", "pack"])
        #expect(result.status == 0, "\(result.all)")
        let pack = try decodedPack(result.stdout)
        #expect(pack.colors["colors.ink"]?.light.hex == "#00000080")
        #expect(pack.spacing["spacing.large"] == 16)
    }

    @Test("validate names the detected format and exits 0 for a clean file")
    func validateNamesFormat() throws {
        let sd = themekit(["validate", try folder.write("sd.json", Self.styleDictionary)])
        #expect(sd.status == 0, "\(sd.all)")
        #expect(sd.all.contains("Style Dictionary"))
        let ts = themekit(["validate", try folder.write("ts.json", Self.tokensStudio)])
        #expect(ts.status == 0, "\(ts.all)")
        #expect(ts.all.contains("Tokens Studio"))
    }

    @Test("validate exits 1 with the file and path for a broken Style Dictionary reference")
    func brokenReference() throws {
        let path = try folder.write(
            "broken.json", ##"{"color": {"a": {"value": "{color.nope.value}", "type": "color"}}}"##)
        let result = themekit(["validate", path])
        #expect(result.status == 1)
        #expect(
            result.all.contains("broken.json: error: color.a.$value: the alias {color.nope.value}"), "\(result.all)")
    }

    @Test("a Tokens Studio export folder, or its $themes.json, is read as one input")
    func tokensStudioFolder() throws {
        try folder.write("export/$metadata.json", ##"{"tokenSetOrder": ["base", "light", "dark"]}"##)
        try folder.write(
            "export/$themes.json",
            """
            [{"name": "Light", "selectedTokenSets": {"base": "source", "light": "enabled"}},
             {"name": "Dark", "selectedTokenSets": {"base": "source", "dark": "enabled"}}]
            """)
        try folder.write("export/base.json", ##"{"white": {"value": "#FFFFFF", "type": "color"}}"##)
        try folder.write("export/light.json", ##"{"bg": {"value": "{white}", "type": "color"}}"##)
        try folder.write("export/dark.json", ##"{"bg": {"value": "hsl(0, 0%, 0%)", "type": "color"}}"##)
        for input in [folder.path("export"), folder.path("export/$themes.json")] {
            let result = themekit(["convert", input, "--to", "pack"])
            #expect(result.status == 0, "\(result.all)")
            let pack = try decodedPack(result.stdout)
            #expect(pack.colors["bg"]?.light.hex == "#FFFFFF")
            #expect(pack.colors["bg"]?.dark.hex == "#000000")
            #expect(pack.colors.count == 1)
        }
        let preview = themekit(["preview", folder.path("export")])
        #expect(preview.status == 0, "\(preview.all)")
    }

    @Test("--dark accepts Style Dictionary files for each appearance")
    func darkOption() throws {
        let light = try folder.write("l.json", ##"{"bg": {"value": "#FFFFFF", "type": "color"}}"##)
        let dark = try folder.write("d.json", ##"{"bg": {"value": "#111111", "type": "color"}}"##)
        let result = themekit(["convert", light, "--dark", dark, "--to", "pack"])
        #expect(result.status == 0, "\(result.all)")
        let pack = try decodedPack(result.stdout)
        #expect(pack.colors["bg"]?.light.hex == "#FFFFFF")
        #expect(pack.colors["bg"]?.dark.hex == "#111111")
    }

    @Test("the real Style Dictionary and Tokens Studio files convert with all their colours", Fixtures.required)
    func realFiles() throws {
        for (name, count) in [
            ("style-dictionary-complete-color-base.json", 256), ("tokens-studio-spectrum-palette-light.json", 223),
        ] {
            let result = themekit(["convert", try Fixtures.url("realworld/\(name)").path, "--to", "pack"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(try decodedPack(result.stdout).colors.count == count, "\(name)")
            let validation = themekit(["validate", try Fixtures.url("realworld/\(name)").path])
            #expect(validation.status == 0, "\(name): \(validation.all)")
        }
    }
}
