import Testing
import ThemeKitTokens

@Suite struct TerminalTextTests {
    @Test(
        "controls, ESC, CR, DEL, C1, bidi controls and line separators are escaped visibly",
        arguments: [
            ("a\nb", #"a\nb"#), ("a\rb", #"a\rb"#), ("a\tb", #"a\tb"#), ("\u{1B}[8m", #"\u{1B}[8m"#),
            ("\u{0}", #"\u{0}"#), ("\u{7F}", #"\u{7F}"#), ("\u{9B}", #"\u{9B}"#), ("\u{202E}abc", #"\u{202E}abc"#),
            ("\u{202A}\u{202B}\u{202C}\u{202D}", #"\u{202A}\u{202B}\u{202C}\u{202D}"#),
            ("\u{2066}\u{2067}\u{2068}\u{2069}", #"\u{2066}\u{2067}\u{2068}\u{2069}"#),
            ("\u{200E}\u{200F}\u{061C}", #"\u{200E}\u{200F}\u{61C}"#), ("\u{2028}\u{2029}", #"\u{2028}\u{2029}"#),
            // Invisible: zero-width space and non-joiner, soft hyphen, word joiner, byte-order mark, a tag.
            ("a\u{200B}b\u{200C}c", #"a\u{200B}b\u{200C}c"#), ("\u{AD}\u{2060}\u{FEFF}", #"\u{AD}\u{2060}\u{FEFF}"#),
            ("x\u{E0041}", #"x\u{E0041}"#),
        ])
    func escapes(_ input: String, _ expected: String) {
        #expect(TerminalText.escaped(input) == expected)
    }

    @Test("ordinary text, including non-ASCII letters and emoji, is unchanged")
    func leavesOrdinaryTextAlone() {
        // Emoji keep their joiners and variation selectors: a family, a skin tone, text or emoji style.
        for text in ["#0055FF", "Océan — ☀️", "名前", "back\\slash", "מים", "👩\u{200D}👩\u{200D}👧", "❤\u{FE0F}"] {
            #expect(TerminalText.escaped(text) == text)
        }
    }

    @Test("escaping twice changes nothing")
    func isIdempotent() {
        let text = "x\r\u{1B}[2K\n::error::y\u{202E}"
        #expect(TerminalText.escaped(TerminalText.escaped(text)) == TerminalText.escaped(text))
    }

    @Test("a line that would start with a workflow command gets a backslash in front, spaces kept")
    func neutralisesCommands() {
        #expect(TerminalText.safeLine("::error::x") == #"\::error::x"#)
        #expect(TerminalText.safeLine("   ::add-mask::x") == #"   \::add-mask::x"#)
        #expect(TerminalText.safeLine("a ::error::x") == "a ::error::x")
        #expect(TerminalText.safeLine("\u{1B}::x") == #"\u{1B}::x"#)
        // GitHub Actions trims every white space, a no-break or ideographic space too.
        #expect(TerminalText.safeLine("\u{A0}::error::x") == "\u{A0}\\::error::x")
        #expect(TerminalText.safeLine("\u{3000}\u{2003}::warning::x") == "\u{3000}\u{2003}\\::warning::x")
    }

    @Test("every ## gets a backslash between its signs: Azure's ##vso[ and GitHub's ##[ are read anywhere in a line")
    func neutralisesDoubleSigns() {
        #expect(TerminalText.safeLine("##vso[task.setvariable]x") == ###"#\#vso[task.setvariable]x"###)
        #expect(TerminalText.safeLine("pack CI ##vso[task.complete]") == ###"pack CI #\#vso[task.complete]"###)
        #expect(TerminalText.safeLine("y ##[error]x") == ###"y #\#[error]x"###)
        #expect(TerminalText.safeLine("###") == ###"#\#\#"###)
        // A joiner (kept by escaping: it composes emoji) between the signs does not hide them.
        let joined = "#" + "\\" + "\u{200D}#vso["
        #expect(TerminalText.safeLine("#\u{200D}#vso[") == joined)
        #expect(TerminalText.safeLine("#0055FF and #FFFFFF") == "#0055FF and #FFFFFF")
    }

    @Test("guarding a guarded line changes nothing")
    func guardIsIdempotent() {
        for line in ["::error::x", "\u{A0}::x", "a ##vso[x] ##[y] ###", "#\u{200D}#"] {
            let once = TerminalText.safeLine(line)
            #expect(TerminalText.safeLine(once) == once, "\(line)")
        }
    }
}
