import Foundation
import Testing
import ThemeKitTokens
import ThemeKitTestSupport

/// Nothing a pack contains reaches a terminal or a CI log raw: text output escapes control, ESC, CR and bidi
/// characters, and no line it prints can start with a workflow command such as `::error::`.
@Suite struct HostileOutputTests {
    let folder = TemporaryDirectory()

    /// A colour value with a carriage return, a fake "valid" line, a GitHub Actions command and a conceal
    /// sequence.
    static let hostileValue = #"#GG\r\u001B[2Kocean.json: valid\n::error file=app.swift::pwned\u001B[8m\u202E"#

    static func pack(description: String, color: String = "#FFFFFF") -> String {
        """
        {"schemaVersion": 1, "id": "com.example.hostile", "name": "Hostile",
         "description": "\(description)",
         "colors": {"background": {"light": "\(color)", "dark": "#000000"}, "text": "#111111"},
         "contrastPairs": [{"text": "text", "background": "background", "usage": "normalText"}]}
        """
    }

    /// Raw bytes that must never be printed: every character ``TerminalText`` escapes except the newline
    /// that ends each line.
    static func rawControls(in text: String) -> [String] {
        text.unicodeScalars.filter { $0 != "\n" && TerminalText.needsEscape($0) }.map {
            "U+" + String($0.value, radix: 16, uppercase: true)
        }
    }

    /// Lines that a CI runner would read as a command, with the invisible characters a comparison may
    /// skip left out: GitHub Actions' `::` after any leading white space (a no-break space too), its older
    /// `##[` and Azure Pipelines' `##vso[` anywhere in a line.
    static func commandLines(in text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            var visible = String.UnicodeScalarView()
            visible.append(contentsOf: line.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint })
            let shown = String(visible)
            return shown.drop { $0.isWhitespace }.hasPrefix("::") || shown.contains("##[")
                || shown.lowercased().contains("##vso[")
        }
    }

    static func expectSafe(_ result: CommandResult, _ context: String) {
        #expect(rawControls(in: result.all).isEmpty, "\(context): raw \(rawControls(in: result.all)) in \(result.all)")
        #expect(commandLines(in: result.all).isEmpty, "\(context): \(commandLines(in: result.all))")
    }

    @Test("validate of a colour value full of escape sequences prints no raw control byte and no command line")
    func validateEscapesValues() throws {
        let file = try folder.write("hostile.json", Self.pack(description: "fine", color: Self.hostileValue))
        for policy in [["--lenient"], ["--strict"], []] {
            let result = themekit(["validate", file] + policy)
            // --lenient leaves the colour out and passes; the other policies fail.
            #expect(result.status == (policy == ["--lenient"] ? 0 : 1))
            Self.expectSafe(result, "validate \(policy)")
            // The value is still shown, escaped visibly.
            #expect(result.all.contains(#"\u{1B}[2K"#) && result.all.contains(#"\n::error file="#), "\(result.all)")
        }
    }

    @Test("validate --format json of the same pack stays JSON and escapes the value")
    func validateJSONStaysJSON() throws {
        let file = try folder.write("hostile.json", Self.pack(description: "fine", color: Self.hostileValue))
        let result = themekit(["validate", file, "--format", "json"])
        #expect(Self.rawControls(in: result.stdout).isEmpty, "\(result.stdout)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        #expect(parsed is [String: Any])
    }

    /// Names and values that CI runners read as commands where the guard used to look only at a line's
    /// start after spaces: a no-break space before `::`, `##[` and `##vso[` mid-line, a joiner inside `##`.
    static let ciCommandPack = #"""
        {"schemaVersion": 1, "id": "ci", "name": "CI ##vso[task.setvariable variable=INJECTED]1",
         "description": "x #\u200D#vso[task.complete]",
         "colors": {
           "\u00A0::error title=Injected::pack content": {"light": "#000000", "dark": "#FFFFFF"},
           "\u3000::warning::wide space": {"light": "#000000", "dark": "#FFFFFF"},
           "x ##[error]legacy annotation": {"light": "#000000", "dark": "#FFFFFF"},
           "bg": {"light": "#FFFFFF", "dark": "#000000"}},
         "contrastPairs": [
           {"text": "\u00A0::error title=Injected::pack content", "background": "bg", "usage": "normalText"},
           {"text": "x ##[error]legacy annotation", "background": "bg", "usage": "normalText"}]}
        """#

    @Test("validate, preview, contrast and diff print no line a CI runner reads as a command, wherever it hides")
    func noCICommandsAnywhere() throws {
        let pack = try folder.write("ci.json", Self.ciCommandPack)
        let changed = try folder.write(
            "ci2.json", Self.ciCommandPack.replacingOccurrences(of: "#FFFFFF", with: "#EEEEEE"))
        #expect(themekit(["validate", pack]).status == 0)
        for arguments in [
            ["validate", pack], ["preview", pack, "--color", "never"], ["contrast", pack], ["diff", pack, changed],
        ] {
            Self.expectSafe(themekit(arguments), "themekit \(arguments[0])")
        }
        // Swatches are escape sequences of the tool's own: only the command lines are checked.
        let colored = themekit(["preview", pack, "--color", "always"])
        #expect(Self.commandLines(in: colored.stdout).isEmpty, "\(Self.commandLines(in: colored.stdout))")
    }

    @Test("diff of valid packs whose descriptions hold newlines, commands and bidi controls prints them on one line")
    func diffEscapesDescriptions() throws {
        let old = try folder.write("old.json", Self.pack(description: #"calm\n::add-mask::secret"#))
        let new = try folder.write(
            "new.json", Self.pack(description: #"x\n::error file=a.swift,line=1::boom\u2066\u202E"#))
        let validated = themekit(["validate", old, new])
        #expect(validated.status == 0, "both packs are valid: \(validated.all)")
        let result = themekit(["diff", old, new])
        Self.expectSafe(result, "diff")
        #expect(result.stdout.contains(#"\n::add-mask::secret"#), "\(result.stdout)")
    }

    @Test("preview of a pack whose name is a workflow command with a bidi control prints it escaped")
    func previewEscapesNames() throws {
        let text = #"""
            {"schemaVersion": 1, "id": "hostile", "name": "::warning::x\u202E",
             "colors": {"background": {"light": "#FFFFFF", "dark": "#000000"}}}
            """#
        let file = try folder.write("hostile.json", text)
        let result = themekit(["preview", file, "--color", "never"])
        Self.expectSafe(result, "preview")
        #expect(result.stdout.contains(#"\u{202E}"#), "\(result.stdout)")
    }

    @Test("preview escapes colour and style names and the description, in the terminal table and the HTML page")
    func previewEscapesEveryPackText() throws {
        // A prepending scalar (U+0600) makes `<` part of one Character with it; names that are workflow
        // commands start the table's rows and header; bidi controls and line separators in every place.
        let text = #"""
            {"schemaVersion": 1, "id": "hostile", "name": "Hostile",
             "description": "\u0600<img src=x onerror=alert(1) \u0600> x\n::error::pwned \u202E \u2028 \u0301<b>",
             "colors": {"::warning::c\u2066": {"light": "#FFFFFF", "dark": "#000000"}, "text": "#111111"},
             "styles": {"::error::s\u202E\u2028x": "dark"}}
            """#
        let file = try folder.write("hostile-names.json", text)
        let table = themekit(["preview", file, "--color", "never"])
        #expect(table.status == 0)
        Self.expectSafe(table, "preview")
        #expect(table.stdout.contains(#"\::warning::c\u{2066}"#), "\(table.stdout)")
        let colored = themekit(["preview", file, "--color", "always"])
        #expect(Self.commandLines(in: colored.stdout).isEmpty, "\(colored.stdout)")
        let page = themekit(["preview", file, "--html", "-"])
        #expect(page.status == 0)
        Self.expectSafe(page, "preview --html -")
        for raw in ["<img", "<b>", "\u{0600}<", "\u{0301}<"] {
            #expect(!page.stdout.contains(raw), "\(raw) reached the page raw")
        }
        #expect(page.stdout.contains("x&#xA;::error::pwned &#x202E; &#x2028;"), "\(page.stdout)")
    }

    @Test("contrast of a pack with 8,000 chained styles is refused by the decoder with the style limit")
    func contrastRefusesHugeStyleGraphs() throws {
        let styles = (0..<8_000).map { #""s\#($0)": "\#($0 == 7_999 ? "light" : "s\($0 + 1)")""# }
        let text = Self.pack(description: "deep").dropLast(1) + ", \"styles\": {" + styles.joined(separator: ",") + "}}"
        let file = try folder.write("deep.json", String(text))
        let result = themekit(["contrast", file])
        #expect(result.status == 1)
        #expect(result.stderr.contains("more than the limit of \(ThemePack.maxStyles)"), "\(result.stderr)")
    }

    /// A pack of `colors` colours, `pairs` contrast pairs and `styles` custom styles (each two appearances).
    static func amplifyingPack(colors: Int, pairs: Int, styles: Int) -> String {
        let styleList = (0..<styles).map { #""s\#($0)": "dark""# }.joined(separator: ",")
        let colorList = (0..<colors).map { ##""c\##($0)": "#000000""## }.joined(separator: ",")
        let pairList = (0..<pairs).map { #"{"text": "c\#($0)", "background": "c0", "usage": "nonText"}"# }
        return
            #"{"schemaVersion": 1, "id": "amp", "name": "Amp", "colors": {\#(colorList)}, "styles": {\#(styleList)}, "contrastPairs": [\#(pairList.joined(separator: ","))]}"#
    }

    @Test("preview and contrast of a small pack with hundreds of styles refuse a report thousands of times its size")
    func reportsStayProportionalToTheirInput() throws {
        // A small file: 200 colours in 1,028 appearances made a 47 MB page, held in memory whole.
        let text = Self.amplifyingPack(colors: 250, pairs: 250, styles: 512)
        let file = try folder.write("amp.json", text)
        for arguments in [
            ["preview", file, "--html", "-"], ["preview", file, "--color", "never"], ["contrast", file],
        ] {
            let result = themekit(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout.utf8.count < 10 * text.utf8.count, "\(arguments): \(result.stdout.utf8.count) bytes")
            #expect(result.stderr.contains("1028 appearances make"), "\(result.stderr)")
            #expect(result.stderr.contains("more than the 250000 a report shows"), "\(result.stderr)")
        }
        // Within the limit, the same styles are shown.
        let small = try folder.write("small.json", Self.amplifyingPack(colors: 20, pairs: 20, styles: 512))
        let page = themekit(["preview", small, "--html", "-"])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(page.stdout.contains("s511"))
    }

    @Test("a DTCG file named with controls and bidi characters converts: the pack's name is the file name without them")
    func fileNameWithControls() throws {
        let file = try folder.write(
            "ev\u{1B}[31mil\u{202E}\u{200B}.tokens.json", ##"{"c": {"$type": "color", "$value": "#112233"}}"##)
        let validated = themekit(["validate", file])
        #expect(validated.status == 0, "\(validated.all)")
        Self.expectSafe(validated, "validate")
        let converted = themekit(["convert", file, "--to", "pack"])
        #expect(converted.status == 0, "\(converted.all)")
        let pack = try ThemePackDecoder().decode(Data(converted.stdout.utf8)).pack
        #expect(pack.name == "ev[31mil")
    }
}
