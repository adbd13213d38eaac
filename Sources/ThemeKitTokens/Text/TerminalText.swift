/// Makes text from a theme pack (or any untrusted source) safe to print to a terminal or a CI log.
///
/// A pack's names, values and descriptions are chosen by whoever wrote the pack. Printed raw, a carriage
/// return or an ESC sequence rewrites what is already on the screen, a bidi control reorders the rest of the
/// line, and a newline followed by `::error::` or `::add-mask::` becomes a GitHub Actions workflow command.
/// ``escaped(_:)`` replaces every such character with a visible escape, so the text stays on one line and
/// shows what it really holds:
///
/// ```swift
/// TerminalText.escaped("ok\r\u{1B}[8mhidden")     // ok\r\u{1B}[8mhidden  (as plain characters)
/// TerminalText.escaped("a\n::error::x")            // a\n::error::x        (one line)
/// TerminalText.safeLine("::error::x")              // \::error::x
/// ```
///
/// Escaped: C0 controls (U+0000–U+001F, as `\n`, `\r`, `\t` or `\u{…}`), DEL and C1 controls
/// (U+007F–U+009F), the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and the line
/// and paragraph separators U+2028 and U+2029. Backslashes are not escaped, so escaping twice changes
/// nothing: an error description that is already escaped can be escaped again by the tool that prints it.
public enum TerminalText {
    /// `text` with every control, bidi and line-separator character replaced by a visible escape.
    ///
    /// - Parameter text: Untrusted text, such as a value or a name from a pack.
    /// - Returns: The text, safe to print inside one line.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func escaped(_ text: some StringProtocol) -> String { UntrustedText.escaped(text) }

    /// One line of output that no CI system reads as a command: ``escaped(_:)``, and a line that would
    /// start (after spaces) with `::` or `##` gets a backslash in front.
    ///
    /// GitHub Actions runs `::command::` lines (leading whitespace ignored) and Azure Pipelines `##vso[`
    /// lines; a tool that prints pack content must never let it start a line.
    ///
    /// - Parameter line: A line of output, which may contain pack content.
    /// - Returns: The line, safe to print on its own.
    public static func safeLine(_ line: some StringProtocol) -> String {
        guardedAgainstCommands(escaped(line))
    }

    /// `line` with a backslash in front when it would start (after spaces) with `::` or `##`, and
    /// otherwise unchanged: ``safeLine(_:)`` for a line whose untrusted parts are escaped already and
    /// which holds escape sequences of its own (a table of colour swatches).
    ///
    /// - Parameter line: A line of output whose pack content is escaped.
    /// - Returns: The line, safe to print on its own.
    public static func guardedAgainstCommands(_ line: String) -> String {
        let content = line.drop { $0 == " " }
        guard content.hasPrefix("::") || content.hasPrefix("##") else { return line }
        return String(line[..<content.startIndex]) + "\\" + content
    }

    /// Whether `scalar` must not reach a terminal raw.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { UntrustedText.needsEscape(scalar) }
}
