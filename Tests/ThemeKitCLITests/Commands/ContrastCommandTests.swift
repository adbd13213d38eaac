import Foundation
import Testing
import ThemeKitTokens
import ThemeKitTestSupport

@Suite struct ContrastCommandTests {
    let folder = TemporaryDirectory()

    @Test("every appearance is listed: light, dark, both high-contrast ones and each custom style at both levels")
    func appearances() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(["contrast", path])
        #expect(result.status == 0)
        let headings = result.stdout.split(separator: "\n").filter {
            !$0.hasPrefix(" ") && !$0.contains(":") && !$0.hasPrefix("Every")
        }
        #expect(
            headings == ["light", "dark", "high-contrast light", "high-contrast dark", "sepia", "high-contrast sepia"])
        #expect(
            result.stdout.hasPrefix(
                "Contrast of Harbor (com.example.harbor): 2 pairs in 6 appearances, required level AA; measured "
                    + "in sRGB (WCAG 2 relative luminance, colours as the pack holds them)\n"))
        #expect(result.stdout.hasSuffix("Every pair meets AA in every appearance.\n"))
    }

    @Test("ratios are WCAG ratios truncated to two decimals, with AA and AAA verdicts per usage")
    func ratios() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(["contrast", path])
        // #1A1A1A on white is 17.40:1; #000000 on #FFFFFF (high contrast) is 21:1.
        #expect(result.stdout.contains("  text    background  normal text  17.40:1  pass  pass"))
        #expect(result.stdout.contains("  text    background  normal text  21.00:1  pass  pass"))
        #expect(result.stdout.contains("  accent  background  large text   6.62:1   pass  pass"))
        // The custom style's high-contrast text colour #1E150A on its sepia background #F4ECD8.
        let sepiaHigh = try #require(result.stdout.components(separatedBy: "high-contrast sepia\n").last)
        let expected = ContrastCheck(
            foreground: try ThemeColor(hex: "#1E150A"), background: try ThemeColor(hex: "#F4ECD8"))
        let truncated = Int((expected.ratio * 100).rounded(.down))
        #expect(sepiaHigh.contains("\(truncated / 100).\(truncated % 100):1"))
    }

    @Test("a pair below its minimum fails with exit 1 and is listed with the ratio it needs")
    func failingPair() throws {
        let path = try folder.write("low.json", SamplePacks.lowContrast)
        let result = themekit(["contrast", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("  muted  background  normal text  2.84:1   FAIL  fail"))
        #expect(result.stdout.contains("light: muted on background is 2.84:1, needs 4.5:1 for normal text"))
        #expect(result.stdout.contains("high-contrast light: muted on background is 2.84:1"))
        #expect(!result.stdout.contains("dark: muted on background"))
    }

    @Test("--level AAA requires 7:1 for normal text and 4.5:1 for large text; non-text needs only AA")
    func levelAAA() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        #expect(themekit(["contrast", path, "--level", "AA"]).status == 0)
        let strict = themekit(["contrast", path, "--level", "AAA", "--pair", "accent:background:nonText"])
        #expect(strict.status == 0)
        #expect(strict.stdout.contains("accent  background  non-text     6.62:1   pass  —"))
        let large = themekit(["contrast", path, "--level", "aaa", "--pair", "accent:scrim:largeText"])
        #expect(large.status == 1)
        #expect(large.stdout.contains("below AAA:"))
    }

    @Test("--pair checks the named pairs instead of the pack's, with the usage normalText by default")
    func pairOption() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(["contrast", path, "--pair", "accent:background", "--pair", "text:background:large"])
        #expect(result.stdout.contains("2 pairs in 6 appearances"))
        #expect(result.stdout.contains("accent  background  normal text"))
        #expect(result.stdout.contains("text    background  large text"))
    }

    @Test("a malformed --pair is a usage error; an unknown colour name is an input problem")
    func pairMistakes() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        #expect(themekit(["contrast", path, "--pair", "accent"]).status == 2)
        #expect(themekit(["contrast", path, "--pair", "accent:background:tiny"]).status == 2)
        let unknown = themekit(["contrast", path, "--pair", "nope:background"])
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.contains(
                "has no colour named \"nope\"; it has accent, background, brand.primary, scrim, text"))
    }

    @Test("a pack without contrast pairs needs --pair: exit 1 with a hint")
    func noPairs() throws {
        let path = try folder.write("tokens.json", SamplePacks.dtcgTokens)
        let result = themekit(["contrast", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("declares no contrastPairs; name pairs to check with --pair TEXT:BACKGROUND"))
        #expect(themekit(["contrast", path, "--pair", "color.primary:color.blue"]).status == 1)  // 1:1 fails
    }

    @Test("--format json gives every check with its ratio and verdicts")
    func json() throws {
        let path = try folder.write("low.json", SamplePacks.lowContrast)
        let result = themekit(["contrast", path, "--format", "json"])
        #expect(result.status == 1)
        let report = try JSONReader().read(result.stdout).value
        #expect(report["passes"] == false)
        #expect(report["failureCount"] == 2)
        #expect(report["requiredLevel"] == "AA")
        let appearances = try #require(report["appearances"]?.arrayValue)
        #expect(appearances.map { $0["appearance"] } == ["light", "dark", "high-contrast light", "high-contrast dark"])
        let check = try #require(appearances[0]["checks"]?[0])
        #expect(check["text"] == "muted")
        #expect(check["aa"]?["minimum"] == 4.5)
        #expect(check["aa"]?["passes"] == false)
        #expect(check["aaa"]?["minimum"] == 7)
        let ratio = try #require(check["ratio"]?.numberValue)
        #expect(Int(ratio * 100) == 284)
    }

    @Test("the example packs meet AA in every appearance", arguments: ExamplePacks.paths)
    func examplePacks(_ path: String) {
        let result = themekit(["contrast", path])
        #expect(result.status == 0, "\(result.all)")
    }
}
