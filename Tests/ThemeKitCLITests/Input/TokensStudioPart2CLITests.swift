import Foundation
import Testing
import ThemeKitTokens
import ThemeKitTestSupport

/// Issue #30 at the command line: modifiers applied, formats named, nothing changed silently.
@Suite struct TokensStudioPart2CLITests {
    let folder = TemporaryDirectory()

    static let shadow = #"""
        {"color": {"ink": {"value": "#1f262e", "type": "color"},
                   "shadow": {"value": "{color.ink}", "type": "color",
                              "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": "{opacity.200}", "space": "lch"}}}}},
         "opacity": {"200": {"value": "0.12", "type": "opacity"}}}
        """#

    @Test("convert applies a Tokens Studio alpha modifier whose value is a reference")
    func modifierApplied() throws {
        let input = try folder.write("ts.json", Self.shadow)
        let output = folder.url.appendingPathComponent("pack.json").path
        let result = themekit(["convert", input, "--to", "pack", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let pack = try ThemePackDecoder().decode(Data(contentsOf: URL(fileURLWithPath: output))).pack
        #expect(pack.colors["color.shadow"]?.light.hex == "#1F262E1F")
    }

    @Test("validate prints the kind it found; an rgba({…}) value leaves a Style Dictionary file Style Dictionary")
    func kindPrinted() throws {
        let input = try folder.write(
            "sd.json",
            ##"{"color": {"black": {"value": "#000000"}, "shade": {"value": "rgba({color.black}, 0.5)"}, "none": {"value": "transparent"}}}"##
        )
        let result = themekit(["validate", input])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Style Dictionary tokens"), "\(result.stdout)")
        #expect(result.stdout.contains("3 colours"), "\(result.stdout)")
    }

    @Test(
        "validate --strict exits 1 on every case of items 5–7 of issue #30",
        arguments: [String](
            arrayLiteral:
                ##"{"c": {"value": "rgba({b},{o})", "type": "color"}, "b": {"value": "#000", "type": "color"}, "o": {"value": "{missing}", "type": "opacity"}}"##,
            #"{"c": {"$type": "color", "$value": {"colorSpace": "rec2020", "components": [1, 0, 0]}}}"#,
            #"{"c": {"$type": "color", "$value": "rgb(300,-5,0)"}}"#,
            #"{"c": {"$type": "color", "$value": "hsl(0 100% 150%)"}}"#,
            #"{"c": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0.5, -0.2, 1.5]}}}"#
        ))
    func strictExits1(json: String) throws {
        let input = try folder.write("in.json", json)
        let result = themekit(["validate", "--strict", input])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
    }

    @Test("contrast measures the modified colour: black at alpha 0.5 on white fails AA")
    func contrastOnModifiedColours() throws {
        let input = try folder.write(
            "ts.json",
            ##"""
            {"ink": {"value": "#000000", "type": "color"}, "bg": {"value": "#ffffff", "type": "color"},
             "text": {"value": "{ink}", "type": "color",
                      "$extensions": {"studio.tokens": {"modify": {"type": "alpha", "value": "0.5", "space": "srgb"}}}}}
            """##)
        let result = themekit(["contrast", input, "--pair", "text:bg"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        // #00000080 over white is #7F7F7F: 4.00:1 (unmodified black would be 21:1).
        #expect(result.stdout.contains("4.00:1"), "\(result.stdout)")
        #expect(!result.stdout.contains("21:1"), "\(result.stdout)")
    }

    @Test("contrast --format json says the space it measured in")
    func contrastSpace() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(["contrast", path, "--format", "json"])
        #expect(result.stdout.contains(#""colorSpace":"srgb""#) || result.stdout.contains(#""colorSpace": "srgb""#))
    }
}
