import Foundation
import Testing
import ThemeKitTokens
import ThemeKitTestSupport

@Suite struct PreviewCommandTests {
    let folder = TemporaryDirectory()
    static let escape = "\u{1B}["

    @Test("the terminal table has a row per colour and a column per appearance, plain when not a terminal")
    func plainTable() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(["preview", path])
        #expect(result.status == 0)
        #expect(!result.stdout.contains(Self.escape))
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines[0]
                == "Harbor (com.example.harbor): 5 colours, 2 text styles, 2 radii, 2 spacing values, 1 custom style, 2 contrast pairs"
        )
        #expect(lines[2] == "               light      dark       light HC   dark HC    sepia      sepia HC")
        #expect(lines[7] == "text           #1A1A1A    #F0F0F0    #000000    #FFFFFF    #3B2F1E    #1E150A")
        #expect(lines[6] == "scrim          #00000066  #00000099  #00000066  #00000099  #00000066  #00000066")
        #expect(lines.last == "")
        #expect(lines[lines.count - 2].hasPrefix("HC: high contrast."))
    }

    @Test("a terminal gets 24-bit swatches; NO_COLOR and --color never turn them off, --color always forces them")
    func colorSwitches() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let terminal = themekit(["preview", path], terminal: true)
        #expect(terminal.stdout.contains("\u{1B}[48;2;26;26;26m    \u{1B}[0m #1A1A1A"))
        // A translucent colour's swatch is composited over the canvas: #00000066 over white is #999999.
        #expect(terminal.stdout.contains("\u{1B}[48;2;153;153;153m    \u{1B}[0m #00000066"))
        #expect(
            !themekit(["preview", path], terminal: true, variables: ["NO_COLOR": "1"]).stdout.contains(Self.escape))
        #expect(themekit(["preview", path], terminal: true, variables: ["NO_COLOR": ""]).stdout.contains(Self.escape))
        #expect(!themekit(["preview", path, "--color", "never"], terminal: true).stdout.contains(Self.escape))
        #expect(themekit(["preview", path, "--color", "always"]).stdout.contains(Self.escape))
    }

    @Test("--html writes a self-contained page with every appearance, name, hex value and contrast table")
    func htmlPage() throws {
        let path = try folder.write("harbor.json", SamplePacks.harbor)
        let result = themekit(["preview", path, "--html", folder.path("harbor.html")])
        #expect(result.status == 0)
        #expect(result.stdout == "Wrote \(folder.path("harbor.html")): 6 appearances, 5 colours\n")
        let html = try folder.read("harbor.html")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        for appearance in [
            "light", "dark", "high-contrast light", "high-contrast dark", "sepia", "high-contrast sepia",
        ] {
            #expect(html.contains("<h2>\(appearance)"))
        }
        #expect(html.components(separatedBy: "<table class=\"contrast\">").count == 7)
        #expect(html.contains("<span class=\"name\">brand.primary</span><span class=\"hex\">#0055CC</span>"))
        #expect(html.contains("<td class=\"ratio\">17.40:1</td>"))
        #expect(html.contains("<span class=\"inherited\">as light</span>"))
        #expect(html.contains("<h2>Text styles</h2>"))
        // Self-contained: nothing is fetched and nothing runs.
        for forbidden in ["<script", "src=", "http://", "https://", "@import", "url("] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
    }

    @Test("names and text from the pack are HTML-escaped")
    func htmlEscaping() throws {
        let path = try folder.write(
            "evil.json",
            #"""
            {"schemaVersion": 1, "id": "evil", "name": "<script>alert(1)</script>", "description": "a & b",
             "colors": {"<img src=x onerror=alert(1)>": "#FF0000"},
             "typography": {"t": {"family": "x\"; background: url(http://evil)", "size": 12}}}
            """#)
        let result = themekit(["preview", path, "--html", "-"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("<script>"))
        #expect(!result.stdout.contains("<img"))
        #expect(result.stdout.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(result.stdout.contains("a &amp; b"))
        // The family stays inside a CSS string, so it cannot add declarations such as a background URL.
        #expect(result.stdout.contains("font-family:&quot;x background: url(http://evil)&quot;, system-ui"))
    }

    @Test("a pack without colours previews without failing")
    func emptyPack() throws {
        let path = try folder.write("empty.json", #"{"schemaVersion": 1, "id": "e", "name": "Empty"}"#)
        let result = themekit(["preview", path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("The pack has no colours."))
        #expect(themekit(["preview", path, "--html", folder.path("e.html")]).status == 0)
    }

    @Test(
        "headless Chromium renders the HTML page to a PNG of the requested size",
        .enabled(
            if: BuildProducts.chromium != nil || BuildProducts.chromiumRequired,
            "Chromium is not installed (apt-get install chromium); .ci/cli installs it so CI runs this test"))
    func chromiumRendering() throws {
        let chromium = try #require(BuildProducts.chromium, "THEMEKIT_REQUIRE_CHROMIUM=1 but no Chromium on PATH")
        var packs = [try folder.write("harbor.json", SamplePacks.harbor)]
        packs += ExamplePacks.paths
        for (index, pack) in packs.enumerated() {
            let html = folder.path("page\(index).html")
            let png = folder.path("page\(index).png")
            #expect(themekit(["preview", pack, "--html", html]).status == 0)
            let result = try runProcess(
                chromium,
                [
                    "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--screenshot=\(png)",
                    "--window-size=1200,2000", "file://\(html)",
                ])
            #expect(result.status == 0, "\(result.stderr)")
            let data = try Data(contentsOf: URL(fileURLWithPath: png))
            let image = try #require(PNGHeader(data))
            #expect(image.width == 1200)
            #expect(image.height == 2000)
            // A blank page compresses to a few kilobytes; swatches, text and tables do not.
            #expect(data.count > 40_000, "the screenshot is only \(data.count) bytes")
        }
    }
}

/// The size in a PNG's IHDR chunk.
struct PNGHeader {
    var width: Int
    var height: Int

    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
            bytes[12..<16] == Array("IHDR".utf8)[...]
        else { return nil }
        func integer(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = integer(16)
        height = integer(20)
    }
}
