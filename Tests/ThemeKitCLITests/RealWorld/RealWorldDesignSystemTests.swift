import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// One test per design system in `../shared/fixtures/realworld/` (see its SOURCES.md): what is imported, what is
/// left out and why, and colours checked against the source files.
///
/// The counts were worked out from the source files with a separate script (merging each resolver's sources in
/// order, inheriting `$type` from groups and following aliases), not copied from ThemeKit's output:
///
/// | system | tokens | by type in the source |
/// | --- | --- | --- |
/// | Apple HIG | 29 | 18 colours (17 without `$type`), 11 typography aliasing `font.design.default`, which is in a set outside `resolutionOrder` |
/// | Adobe Spectrum | 1,579 | 555 colours, 731 dimensions (28 named radius, 32 named spacing), 154 `string`, 86 font weights, 53 numbers |
/// | GitHub Primer | 1,353 | 1,140 colours, 113 dimensions (6 radius, 39 spacing), 28 borders, 14 shadows, 13 font weights, 12 durations, 11 typography, 11 numbers, 4 cubic Béziers, 4 font families, 3 `string` |
/// | Microsoft Fluent | 178 | 151 colours, 13 typography, 8 dimensions (3 radius, 5 spacing), 6 shadows |
/// | Figma Bison | 127 per mode | 127 colours, the same paths in both modes |
/// | Style Dictionary basic | 11 | 11 colours (DTCG string syntax) |
@Suite(Fixtures.required)
struct RealWorldDesignSystemTests {
    let folder = TemporaryDirectory()

    func realworld(_ name: String) throws -> String { try Fixtures.url("realworld/\(name)").path }

    /// `convert --lenient INPUT --to pack`, decoded.
    func pack(_ arguments: [String]) throws -> ThemePack {
        let output = folder.path("pack-\(UUID().uuidString).json")
        let result = themekit(["convert", "--lenient"] + arguments + ["--to", "pack", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        return try ThemePackDecoder().decode(contentsOf: URL(fileURLWithPath: output)).pack
    }

    /// Each token's `$value.hex` in a flat colour file (`{"group": {"name": {"$value": {"hex": …}}}}`), by path.
    func sourceHexes(_ relative: String) throws -> [String: String] {
        var result: [String: String] = [:]
        var stack: [(JSONNode, [String])] = [(try JSONReader().read(try Fixtures.data(relative)).value, [])]
        while let (node, path) = stack.popLast() {
            guard case .object(let object) = node else { continue }
            if let hex = object["$value"]?["hex"]?.stringValue {
                result[path.joined(separator: ".")] = hex.uppercased()
                continue
            }
            for member in object.members where !member.key.hasPrefix("$") {
                stack.append((member.value, path + [member.key]))
            }
        }
        return result
    }

    @Test("Apple HIG: untyped light colours are read as colours, not replaced by dark ones")
    func appleHIG() throws {
        let resolver = try realworld("apple-hig.resolver.json")
        let pack = try pack([resolver])
        #expect(pack.colors.count == 18)
        #expect(pack.colors["color.systemGray6"]?.light.hex == "#F2F2F7")
        #expect(pack.colors["color.systemGray6"]?.dark.hex == "#1C1C1E")
        #expect(pack.colors["color.systemGray6"]?.highContrastLight?.hex == "#EBEBF0")  // light_ax
        #expect(pack.colors["color.systemGreen"]?.light.hex == "#34C759")
        #expect(pack.colors["color.systemGreen"]?.dark.hex == "#30D158")
        let light = try sourceHexes("realworld/apple-hig/color/light.tokens.json")
        let dark = try sourceHexes("realworld/apple-hig/color/dark.tokens.json")
        #expect(light.count == 18)
        for (path, hex) in light {
            #expect(pack.colors[path]?.light.hex == hex, "\(path) light")
            #expect(pack.colors[path]?.dark.hex == dark[path], "\(path) dark")
        }
        // The text styles alias font.design.default, whose set is not in resolutionOrder: 11 left out.
        #expect(pack.typography.isEmpty)
        let validate = themekit(["validate", resolver])
        #expect(validate.status == 1)
        #expect(validate.stdout.components(separatedBy: "refers to a token that does not exist (left out)").count == 12)
        // Each of the 17 untyped colours is reported once.
        #expect(validate.stdout.components(separatedBy: "so it is read as a color").count == 18)
        #expect(
            validate.stdout.contains("(DTCG resolver \"Apple Human Interface Guidelines\": 29 tokens read; 18 colours)")
        )
        #expect(!validate.stdout.contains("incompleteAppearance"))
    }

    @Test("Adobe Spectrum: 1,579 tokens in; 555 colours, 28 radii and 30 spacing out; the rest listed by type")
    func adobeSpectrum() throws {
        let resolver = try realworld("adobe-spectrum.resolver.json")
        let validate = themekit(["validate", resolver])
        // 731 dimensions = 28 radii + 30 spacing + 670 not mapped + 3 in units DTCG does not define (em, dp).
        #expect(
            validate.stdout.contains(
                "(DTCG resolver \"Adobe Spectrum\": 1579 tokens read; 555 colours, 28 radii, 30 spacing values; "
                    + "not mapped: 670 dimensions, 154 \"string\" tokens, 86 font weights, 53 numbers)"))
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("invalid, 3 errors, "))
        #expect(validate.stdout.contains("cjk-letter-spacing.$value.unit: the unit \"em\" is not px or rem (left out)"))
        #expect(validate.stdout.contains("android-elevation.$value.unit: the unit \"dp\" is not px or rem (left out)"))
        // No default on the size modifier: the first context in document order.
        #expect(
            validate.stdout.contains(
                "modifiers.size: the modifier has no default context; the first one, \"desktop\", is used"))
        let pack = try pack([resolver])
        #expect(pack.colors.count == 555)
        #expect(pack.radii.count == 28)
        #expect(pack.spacing.count == 30)
        #expect(pack.colors["gray-100"]?.light.hex == "#E9E9E9")
        #expect(pack.colors["gray-100"]?.dark.hex == "#2C2C2C")
        #expect(pack.colors["accent-background-color-default"]?.light.hex == "#4B75FF")
        #expect(pack.colors["accent-background-color-default"]?.dark.hex == "#4069FD")
    }

    @Test("GitHub Primer resolver: 1,353 tokens in; 1,140 colours with high-contrast values, the rest by type")
    func githubPrimer() throws {
        let resolver = try realworld("github-primer.resolver.json")
        let validate = themekit(["validate", resolver])
        // 113 dimensions = 6 radii + 39 spacing + 67 not mapped + 1 in em; 11 typography = 10 + 1 aliasing it.
        #expect(
            validate.stdout.contains(
                "(DTCG resolver \"GitHub Primer\": 1353 tokens read; 1140 colours, 10 text styles, 6 radii, "
                    + "39 spacing values; not mapped: 67 dimensions, 28 borders, 14 shadows, 13 font weights, "
                    + "12 durations, 11 numbers, 4 cubic Béziers, 4 font families, 3 \"string\" tokens)"))
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("invalid, 2 errors, "))
        let pack = try pack([resolver])
        #expect(pack.colors.count == 1_140)
        #expect(pack.typography.count == 10)
        #expect(pack.colors["fgColor.default"]?.light.hex == "#1F2328")
        #expect(pack.colors["fgColor.default"]?.highContrastLight?.hex == "#010409")
        #expect(pack.colors["bgColor.default"]?.light.hex == "#FFFFFF")
        #expect(pack.colors["bgColor.default"]?.dark.hex == "#010409")
    }

    @Test("Microsoft Fluent: a modifier without default uses its first context, and font stacks become family lists")
    func microsoftFluent() throws {
        let resolver = try realworld("microsoft-fluent.resolver.json")
        let validate = themekit(["validate", resolver])
        #expect(validate.status == 0)
        #expect(
            validate.stdout.contains(
                "(DTCG resolver \"Microsoft Fluent 2\": 178 tokens read; 151 colours, 13 text styles, 3 radii, "
                    + "5 spacing values; not mapped: 6 shadows)"))
        #expect(
            validate.stdout.contains(
                "modifiers.theme: the modifier has no default context; the first one, \"default\", is used"))
        let pack = try pack([resolver])
        // theme-default.tokens.json, not theme-inverted (#F1707B).
        #expect(pack.colors["semanticColors.errorText"]?.light.hex == "#A4262C")
        // "'Segoe UI', 'Segoe UI Web (West European)', 'Segoe UI', -apple-system, …, sans-serif".
        #expect(pack.typography["fonts.tiny"]?.family == "Segoe UI")
        #expect(pack.typography["fonts.tiny"]?.size == 10)
    }

    @Test("Figma Bison: the Light and Dark variable exports become one pack of 127 colours, each checked")
    func figmaBison() throws {
        let light = try realworld("figma-bison-light.tokens.json")
        let dark = try realworld("figma-bison-dark.tokens.json")
        let pack = try pack([light, "--dark", dark])
        let lightHexes = try sourceHexes("realworld/figma-bison-light.tokens.json")
        let darkHexes = try sourceHexes("realworld/figma-bison-dark.tokens.json")
        #expect(lightHexes.count == 127)
        #expect(Set(lightHexes.keys) == Set(darkHexes.keys))
        #expect(pack.colors.count == 127)
        for (path, hex) in lightHexes {
            #expect(pack.colors[path]?.light.hex.prefix(7) == hex.prefix(7), "\(path) light")
            #expect(pack.colors[path]?.dark.hex.prefix(7) == darkHexes[path]?.prefix(7), "\(path) dark")
        }
        #expect(pack.colors["Border.Primary"]?.light.hex == "#2D6AF0")
        #expect(pack.colors["Border.Primary"]?.dark.hex == "#65B0F6")
        let validate = themekit(["validate", light])
        #expect(validate.status == 0)
        #expect(validate.stdout.contains("127 tokens read; 127 colours)"))
    }

    @Test("Style Dictionary's DTCG-syntax basic colours: 11 colours, exit 0")
    func styleDictionaryBasic() throws {
        let file = try realworld("style-dictionary-basic-colors.json")
        let validate = themekit(["validate", file])
        #expect(validate.status == 0)
        #expect(
            validate.stdout.hasSuffix(
                "valid (DTCG tokens \"style-dictionary-basic-colors\": 11 tokens read; 11 colours)\n"))
        let pack = try pack([file])
        #expect(pack.colors["colors.black"]?.light.hex == "#000000")
        #expect(pack.colors["colors.orange.900"]?.light.hex == "#7B341E")
    }
}
