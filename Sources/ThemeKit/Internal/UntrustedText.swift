/// Escapes text that came from outside the app (stored bytes, a pack's names and values) before it
/// goes into a message that may reach a terminal or a log: the core of ThemeKitTokens'
/// `TerminalText`, which the core's own messages use too.
///
/// Escaped: C0 controls (U+0000–U+001F, as `\n`, `\r`, `\t` or `\u{…}`), DEL and C1 controls
/// (U+007F–U+009F), the bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and
/// the line and paragraph separators U+2028 and U+2029, and the other default-ignorable (invisible)
/// characters but the zero-width joiner and the variation selectors, which compose emoji. Backslashes
/// are not escaped, so escaping twice changes nothing.
package enum UntrustedText {
    /// `text` with every control, bidi and line-separator character replaced by a visible escape.
    package static func escaped(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// The first `limit` Unicode scalars of `text`: short whatever it holds (a prefix of characters
    /// would let one letter with a million combining marks through whole). The callers that shorten
    /// untrusted text for a message (`JSONPath`'s keys, colour errors) add their own mark after it.
    package static func beginning(of text: some StringProtocol, scalars limit: Int) -> String {
        var beginning = String.UnicodeScalarView()
        beginning.append(contentsOf: text.unicodeScalars.prefix(limit))
        return String(beginning)
    }

    /// Whether `scalar` must not reach a terminal or a log raw.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x20..<0x7F: false
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        // Invisible, but part of how emoji are written (a family, a skin tone, text or emoji style).
        case 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF: false
        // Zero-width spaces and joiners, soft hyphens, byte-order marks, fillers, tags…: print nothing.
        default: scalar.properties.isDefaultIgnorableCodePoint
        }
    }
}
