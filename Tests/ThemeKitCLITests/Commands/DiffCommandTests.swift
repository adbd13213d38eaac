import Foundation
import Testing
import ThemeKitTokens
import ThemeKitTestSupport

@Suite struct DiffCommandTests {
    let folder = TemporaryDirectory()

    static let changed = """
        {
          "schemaVersion": 1,
          "id": "com.example.harbor",
          "name": "Harbor 2",
          "description": "A test pack with every section.",
          "colors": {
            "background": {"light": "#FFFFFF", "dark": "#101418", "highContrastLight": "#FFFFFF", "highContrastDark": "#000000",
                           "custom": {"sepia": {"color": "#F4ECD8"}}},
            "text": {"light": "#1A1A1A", "dark": "#EEEEEE", "highContrastLight": "#000000",
                     "custom": {"sepia": {"color": "#3B2F1E", "highContrast": "#1E150A"}}},
            "accent": {"light": "#0055CC", "dark": "#5CA8FF"},
            "scrim": {"light": "#00000066", "dark": "#00000099"},
            "link": "#0000EE"
          },
          "typography": {
            "body": {"family": "Inter", "size": 18, "weight": 400, "textStyle": "body", "lineHeight": 1.4},
            "title": {"size": 28, "weight": 700, "design": "rounded", "letterSpacing": 0.2}
          },
          "radii": {"small": 4, "large": 20},
          "spacing": {"m": 16, "xl": 32},
          "styles": {"sepia": "light"},
          "contrastPairs": [{"text": "text", "background": "background", "usage": "normalText"}]
        }
        """

    @Test("added, removed and changed tokens are listed per section, field by field")
    func textDiff() throws {
        let old = try folder.write("old.json", SamplePacks.harbor)
        let new = try folder.write("new.json", Self.changed)
        let result = themekit(["diff", old, new])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                --- \(old)
                +++ \(new)
                pack:
                  ~ name  Harbor → Harbor 2
                colors:
                  - brand.primary          light #0055CC, dark #0055CC
                  + link                   light #0000EE, dark #0000EE
                  ~ text.dark              #F0F0F0 → #EEEEEE
                  ~ text.highContrastDark  #FFFFFF → (none)
                typography:
                  ~ body.size  17 → 18
                radii:
                  ~ large  16 → 20
                contrastPairs:
                  - accent on background (largeText)
                1 added, 2 removed, 5 changed

                """)
    }

    @Test("identical packs say so; --exit-code makes differences exit 1")
    func exitCode() throws {
        let old = try folder.write("old.json", SamplePacks.harbor)
        let new = try folder.write("new.json", Self.changed)
        let same = themekit(["diff", old, old, "--exit-code"])
        #expect(same.status == 0)
        #expect(same.stdout.hasSuffix("No differences.\n"))
        #expect(themekit(["diff", old, new, "--exit-code"]).status == 1)
    }

    @Test("a pack and its DTCG export have no differences")
    func acrossFormats() throws {
        let pack = try folder.write("harbor.json", SamplePacks.harbor)
        #expect(themekit(["convert", pack, "--to", "dtcg", "-o", folder.path("harbor.tokens.json")]).status == 0)
        let result = themekit(["diff", pack, folder.path("harbor.tokens.json")])
        #expect(result.stdout.hasSuffix("No differences.\n"))
    }

    @Test("--format json lists the changes with section, name, field, old and new values")
    func json() throws {
        let old = try folder.write("old.json", SamplePacks.harbor)
        let new = try folder.write("new.json", Self.changed)
        let report = try JSONReader().read(themekit(["diff", old, new, "--format", "json"]).stdout).value
        #expect(report["identical"] == false)
        #expect(report["added"]?.arrayValue?.count == 1)
        let changes = try #require(report["changed"]?.arrayValue).map { $0.sortedByKey() }
        let dark: JSONNode = .object([
            "section": "colors", "name": "text", "field": "dark", "old": "#F0F0F0", "new": "#EEEEEE",
        ])
        let name: JSONNode = .object(["section": "pack", "name": "name", "old": "Harbor", "new": "Harbor 2"])
        #expect(changes.contains(dark.sortedByKey()))
        #expect(changes.contains(name.sortedByKey()))
    }

    @Test("problems in either input are all printed, exit 1")
    func brokenInputs() throws {
        let broken = try folder.write("broken.json", SamplePacks.broken)
        let result = themekit(["diff", broken, folder.path("missing.json")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.json: error: id: the pack has no id"))
        #expect(result.stderr.contains("missing.json: no such file\n"))
    }
}
