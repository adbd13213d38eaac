/// Why a string is not a valid hex colour.
///
/// Every case carries the offending string, and ``description`` says what was wrong in one sentence.
public enum ThemeColorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The string was empty.
    case empty
    /// The string starts or ends with whitespace (or a newline), which is not trimmed.
    case surroundingWhitespace(String)
    /// The string does not start with `#`.
    case missingHash(String)
    /// A character after the `#` is not an ASCII hex digit (`0-9`, `a-f`, `A-F`).
    ///
    /// `offset` counts characters from the start of the string, so the `#` is at offset 0.
    case invalidCharacter(String, character: Character, offset: Int)
    /// The number of hex digits after the `#` is not 3, 4, 6 or 8.
    case invalidLength(String, digits: Int)

    /// A sentence naming the string and what was wrong with it.
    ///
    /// The string is shown through ``TerminalText/escaped(_:)``: it comes from a pack, and a sentence meant
    /// for a log must not carry its control characters, ESC sequences or bidi controls.
    public var description: String {
        // Shortened too: a value may be a mebibyte long (a hex check runs before any length check).
        let shown = { (value: String) in TerminalText.escaped(CSSColorError.shortened(value)) }
        switch self {
        case .empty:
            return "The colour string is empty; expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA"
        case .surroundingWhitespace(let value):
            return "'\(shown(value))' has leading or trailing whitespace; remove it (expected e.g. '#0055FF')"
        case .missingHash(let value):
            return "'\(shown(value))' does not start with '#'; expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA"
        case .invalidCharacter(let value, let character, let offset):
            let scalars = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
            return
                "'\(shown(value))' has '\(shown(String(character)))' (\(scalars.joined(separator: " "))) at offset \(offset), "
                + "which is not a hex digit (0-9, A-F)"
        case .invalidLength(let value, let digits):
            return "'\(shown(value))' has \(digits) hex digit\(digits == 1 ? "" : "s"); "
                + "expected 3, 4, 6 or 8 (#RGB, #RGBA, #RRGGBB, #RRGGBBAA)"
        }
    }
}
