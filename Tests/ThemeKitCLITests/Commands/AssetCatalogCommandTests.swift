import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct AssetCatalogCommandTests {
    let folder = TemporaryDirectory()

    static let fourAppearances = """
        {"schemaVersion": 1, "id": "hc", "name": "HC", "colors": {
          "brand": {"light": "#FF0000", "dark": "#00FF00", "highContrastLight": "#0000FF", "highContrastDark": "#FFFFFF"}
        }}
        """

    /// What Xcode 15 writes for a colour set with Any, Dark, High Contrast and Dark + High Contrast entries.
    static let xcodeContents = """
        {
          "colors" : [
            {
              "color" : {
                "color-space" : "srgb",
                "components" : {
                  "alpha" : "1.000",
                  "blue" : "0.000",
                  "green" : "0.000",
                  "red" : "1.000"
                }
              },
              "idiom" : "universal"
            },
            {
              "appearances" : [
                {
                  "appearance" : "luminosity",
                  "value" : "dark"
                }
              ],
              "color" : {
                "color-space" : "srgb",
                "components" : {
                  "alpha" : "1.000",
                  "blue" : "0.000",
                  "green" : "1.000",
                  "red" : "0.000"
                }
              },
              "idiom" : "universal"
            },
            {
              "appearances" : [
                {
                  "appearance" : "contrast",
                  "value" : "high"
                }
              ],
              "color" : {
                "color-space" : "srgb",
                "components" : {
                  "alpha" : "1.000",
                  "blue" : "1.000",
                  "green" : "0.000",
                  "red" : "0.000"
                }
              },
              "idiom" : "universal"
            },
            {
              "appearances" : [
                {
                  "appearance" : "luminosity",
                  "value" : "dark"
                },
                {
                  "appearance" : "contrast",
                  "value" : "high"
                }
              ],
              "color" : {
                "color-space" : "srgb",
                "components" : {
                  "alpha" : "1.000",
                  "blue" : "1.000",
                  "green" : "1.000",
                  "red" : "1.000"
                }
              },
              "idiom" : "universal"
            }
          ],
          "info" : {
            "author" : "xcode",
            "version" : 1
          }
        }

        """

    @Test("export writes one colour set per colour, in Xcode's exact format with all four appearances")
    func exportFormat() throws {
        let path = try folder.write("hc.json", Self.fourAppearances)
        let result = themekit(["export-xcassets", path, "-o", folder.path("HC.xcassets")])
        #expect(result.status == 0)
        #expect(result.stdout == "Wrote \(folder.path("HC.xcassets")): 1 colour set\n")
        #expect(try folder.read("HC.xcassets/brand.colorset/Contents.json") == Self.xcodeContents)
        #expect(try folder.read("HC.xcassets/Contents.json").contains("\"author\" : \"xcode\""))
    }

    /// Every appearance of every colour, as hex, for comparing what a catalog kept.
    func appearances(_ colors: [String: ColorSet]) -> [String: [String]] {
        colors.mapValues { set in
            [ThemeStyle.light, .dark].flatMap { style in
                ThemeContrast.allCases.map { set.resolved(for: style, contrast: $0).hex }
            }
        }
    }

    @Test("the exported catalog reads back with every colour's light, dark and high-contrast values")
    func roundTrip() throws {
        var inputs = [
            try folder.write("harbor.json", SamplePacks.harbor), try folder.write("hc.json", Self.fourAppearances),
        ]
        inputs += ExamplePacks.paths
        for (index, input) in inputs.enumerated() {
            let catalog = folder.path("Round\(index).xcassets")
            let exported = themekit(["export-xcassets", input, "-o", catalog])
            #expect(exported.status == 0, "\(exported.all)")
            let original = try ThemePackDecoder().decode(contentsOf: URL(fileURLWithPath: input)).pack
            // Read back with the library…
            let contents = try AssetCatalog.read(from: URL(fileURLWithPath: catalog))
            #expect(contents.warnings.isEmpty)
            #expect(appearances(contents.colors) == appearances(original.colors))
            // …and with import-xcassets, which reads the three-decimal components back as the original bytes.
            let imported = themekit(["import-xcassets", catalog])
            #expect(imported.status == 0, "\(imported.all)")
            let pack = try ThemePackDecoder(policy: .strict).decode(Data(imported.stdout.utf8)).pack
            #expect(appearances(pack.colors) == appearances(original.colors))
            for (name, set) in original.colors where set.highContrastLight == nil && set.highContrastDark == nil {
                #expect(pack.colors[name] == ColorSet(light: set.light, dark: set.dark), "\(name)")
            }
            // A pack and its catalog differ only in what Xcode cannot hold.
            let diff = themekit(["diff", input, catalog, "--format", "json"])
            let changed = try #require(try JSONReader().read(diff.stdout).value["changed"]?.arrayValue)
            #expect(changed.allSatisfy { $0["field"]?.stringValue?.hasPrefix("custom.") ?? ($0["section"] == "pack") })
        }
    }

    @Test("custom styles are warnings on export; under --strict nothing is written")
    func customStyles() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let lenient = themekit(["export-xcassets", path, "-o", folder.path("A.xcassets")])
        #expect(lenient.status == 0)
        #expect(
            lenient.stderr.contains(
                "warning: Colour set 'background' has custom styles (sepia) that Xcode cannot express"))
        let strict = themekit(["export-xcassets", path, "-o", folder.path("B.xcassets"), "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("error: colors.text.custom: custom styles (sepia) have no Xcode appearance"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("B.xcassets")))
    }

    @Test("names with a slash become namespace folders, and import gives the same names back")
    func namespaces() throws {
        let path = try folder.write(
            "ns.json", ##"{"schemaVersion": 1, "id": "ns", "name": "NS", "colors": {"Brand/Primary": "#336699"}}"##)
        #expect(themekit(["export-xcassets", path, "-o", folder.path("NS.xcassets")]).status == 0)
        #expect(try folder.read("NS.xcassets/Brand/Contents.json").contains("\"provides-namespace\" : true"))
        let imported = themekit(["import-xcassets", folder.path("NS.xcassets"), "--id", "ns", "--name", "NS"])
        let pack = try ThemePackDecoder().decode(Data(imported.stdout.utf8)).pack
        #expect(pack.colors["Brand/Primary"]?.light.hex == "#336699")
        #expect(pack.id == "ns")
    }

    @Test(
        "import reads real catalogs: 0x bytes, Display P3, four appearances, and skips system colours",
        Fixtures.required)
    func importFixtures() throws {
        let catalog = try Fixtures.url("xcassets").path
        let result = themekit([
            "import-xcassets", catalog, "-o", folder.path("fixtures.json"), "--id", "com.example.fixtures",
        ])
        #expect(result.status == 0)
        #expect(result.stdout == "Wrote \(folder.path("fixtures.json")): 3 colours\n")
        #expect(result.stderr.contains("refers to the system colour 'systemBackgroundColor'"))
        let pack = try ThemePackDecoder(policy: .strict).decode(
            contentsOf: URL(fileURLWithPath: folder.path("fixtures.json"))
        ).pack
        #expect(pack.id == "com.example.fixtures")
        #expect(pack.name == "xcassets")
        // "0x08", "0x6A", "0xEE" with a decimal alpha.
        #expect(
            pack.colors["primaryAccentColor"]
                == ColorSet(light: try ThemeColor(hex: "#086AEE"), dark: try ThemeColor(hex: "#2D80F1")))
        // A Display P3 dark entry, converted to sRGB.
        let accent = try #require(pack.colors["AccentColor"])
        #expect(accent.light.hex == "#086AEE")
        #expect(accent.dark.hex == "#5E9DF3")
        // Four-decimal components from Style Dictionary, all four appearances.
        let gray = try #require(pack.colors["gray1400"])
        #expect(
            [gray.light.hex, gray.dark.hex, gray.highContrastLight?.hex, gray.highContrastDark?.hex] == [
                "#1B1D22", "#EBEEF2", "#1A1C21", "#F2F5F7",
            ])
        #expect(themekit(["import-xcassets", catalog, "--strict"]).status == 1)
    }

    @Test("import reads gray-gamma-22 white levels and integer components")
    func importGrayAndIntegers() throws {
        try folder.write(
            "Gray.xcassets/Ink.colorset/Contents.json",
            """
            {"colors": [
              {"color": {"color-space": "gray-gamma-22", "components": {"white": "0.500", "alpha": "1.000"}}, "idiom": "universal"},
              {"appearances": [{"appearance": "luminosity", "value": "dark"}],
               "color": {"color-space": "srgb", "components": {"red": "255", "green": "128", "blue": "0", "alpha": "0.500"}},
               "idiom": "universal"}
            ], "info": {"author": "xcode", "version": 1}}
            """)
        let result = themekit(["import-xcassets", folder.path("Gray.xcassets")])
        #expect(result.status == 0, "\(result.all)")
        let pack = try ThemePackDecoder().decode(Data(result.stdout.utf8)).pack
        let ink = try #require(pack.colors["Ink"])
        #expect(ink.light.hex == "#808080")
        #expect(ink.dark.hex == "#FF800080")
    }

    @Test("a malformed colour set is an input problem naming the file and JSON path")
    func malformedColorSet() throws {
        try folder.write(
            "Bad.xcassets/Red.colorset/Contents.json",
            #"{"colors": [{"color": {"color-space": "srgb", "components": {"red": "lots", "green": "0", "blue": "0", "alpha": "1.000"}}, "idiom": "universal"}]}"#
        )
        let result = themekit(["import-xcassets", folder.path("Bad.xcassets")])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "error: Bad.xcassets/Red.colorset/Contents.json: $.colors[0].color.components.red: the file has colour "
                    + "component 'lots' at $.colors[0].color.components.red"))
        #expect(result.stdout.isEmpty)
    }

    @Test("usage: export needs -o; import refuses a file")
    func mistakes() throws {
        let path = try folder.write("hc.json", Self.fourAppearances)
        #expect(themekit(["export-xcassets", path]).status == 2)
        let file = themekit(["import-xcassets", path])
        #expect(file.status == 1)
        #expect(file.stderr.contains("is not a folder; import-xcassets reads an .xcassets folder"))
    }
}
