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
/// (U+007F–U+009F), the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the line
/// and paragraph separators U+2028 and U+2029, and the other invisible characters Unicode calls
/// default-ignorable (zero-width space U+200B, soft hyphen U+00AD, byte-order mark U+FEFF, word joiner
/// U+2060, tags…), so no part of a name is invisible. Kept: the zero-width joiner U+200D and the
/// variation selectors, which compose emoji. Backslashes are not escaped, so escaping twice changes
/// nothing: an error description that is already escaped can be escaped again by the tool that prints it.
public enum TerminalText {
    /// `text` with every control, bidi and line-separator character replaced by a visible escape.
    ///
    /// - Parameter text: Untrusted text, such as a value or a name from a pack.
    /// - Returns: The text, safe to print inside one line.
    /// - Complexity: O(*n*) in the length of `text`.
    public static func escaped(_ text: some StringProtocol) -> String { UntrustedText.escaped(text) }

    /// One line of output that no CI system reads as a command: ``escaped(_:)``, then
    /// ``guardedAgainstCommands(_:)``.
    ///
    /// - Parameter line: A line of output, which may contain pack content.
    /// - Returns: The line, safe to print on its own.
    public static func safeLine(_ line: some StringProtocol) -> String {
        guardedAgainstCommands(escaped(line))
    }

    /// `line` with a backslash where a CI system would find a command, and otherwise unchanged:
    /// ``safeLine(_:)`` for a line whose untrusted parts are escaped already and which holds escape
    /// sequences of its own (a table of colour swatches).
    ///
    /// GitHub Actions runs a line that starts with `::` after any white space (a no-break space too);
    /// its older `##[command]` form and Azure Pipelines' `##vso[` are found anywhere in a line. So a
    /// backslash goes before a leading `::` (`\::error::`), and between the two signs of every `##`
    /// (`#\#vso[`). Invisible characters between the two (a zero-width joiner: a comparison that
    /// ignores such characters would still see `##`) do not hide them.
    ///
    /// - Parameter line: A line of output whose pack content is escaped.
    /// - Returns: The line, safe to print on its own.
    public static func guardedAgainstCommands(_ line: String) -> String {
        guard line.utf8.contains(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: ":") }) else { return line }
        let scalars = Array(line.unicodeScalars)
        /// Whether the first scalar after `index` that is not invisible is `scalar`.
        func nextVisible(after index: Int, is scalar: Unicode.Scalar) -> Bool {
            var next = index + 1
            while next < scalars.count, scalars[next].properties.isDefaultIgnorableCodePoint { next += 1 }
            return next < scalars.count && scalars[next] == scalar
        }
        var guarded = String.UnicodeScalarView()
        var leading = true
        for (index, scalar) in scalars.enumerated() {
            if leading, !scalar.properties.isWhitespace, !scalar.properties.isDefaultIgnorableCodePoint {
                leading = false
                if scalar == ":", nextVisible(after: index, is: ":") { guarded.append("\\") }
            }
            guarded.append(scalar)
            if scalar == "#", nextVisible(after: index, is: "#") { guarded.append("\\") }
        }
        return String(guarded)
    }

    /// Whether `scalar` must not reach a terminal raw.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { UntrustedText.needsEscape(scalar) }
}
