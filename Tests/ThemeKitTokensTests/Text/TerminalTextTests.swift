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
        ])
    func escapes(_ input: String, _ expected: String) {
        #expect(TerminalText.escaped(input) == expected)
    }

    @Test("ordinary text, including non-ASCII letters and emoji, is unchanged")
    func leavesOrdinaryTextAlone() {
        for text in ["#0055FF", "Océan — ☀️", "名前", "back\\slash", "מים"] {
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
        #expect(TerminalText.safeLine("##vso[task.setvariable]x") == ###"\##vso[task.setvariable]x"###)
        #expect(TerminalText.safeLine("a ::error::x") == "a ::error::x")
        #expect(TerminalText.safeLine("\u{1B}::x") == #"\u{1B}::x"#)
    }
}
