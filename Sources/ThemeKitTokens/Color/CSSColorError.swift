/// Why a string is not a CSS colour ThemeKit can read.
///
/// Every case carries the offending string, and ``description`` says what was wrong in one sentence.
/// ``ThemeColor/init(css:)`` throws it.
public enum CSSColorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The string was empty.
    case empty
    /// The string starts or ends with whitespace (or a newline), which is not trimmed.
    case surroundingWhitespace(String)
    /// The string is longer than ``ThemeColor/maxCSSLength`` characters.
    case tooLong(String, limit: Int)
    /// The string starts with `#` but is not a valid hex colour; the hex parser's error says why.
    case invalidHex(ThemeColorError)
    /// A CSS function this parser does not evaluate, such as `lab()`, `color-mix()` or `var()`.
    case unsupportedFunction(String, function: String)
    /// A word that is not one of the CSS named colours (or `transparent`).
    case unknownName(String)
    /// A keyword that only has a value in a browser's context, such as `currentcolor`.
    case contextualKeyword(String)
    /// An `rgb()`, `rgba()`, `hsl()` or `hsla()` whose arguments do not follow the CSS grammar.
    case invalidArguments(String, reason: String)

    /// A sentence naming the string and what was wrong with it, escaped with
    /// ``TerminalText/escaped(_:)`` (the string comes from the document).
    public var description: String { TerminalText.escaped(sentence) }

    private var sentence: String {
        switch self {
        case .empty:
            return "The colour string is empty; expected hex (#RRGGBB), rgb(), hsl() or a named colour"
        case .surroundingWhitespace(let value):
            return "'\(Self.shortened(value))' has leading or trailing whitespace; remove it (expected e.g. '#0055FF')"
        case .tooLong(let value, let limit):
            return
                "'\(Self.shortened(value, to: 40))' is longer than \(limit) characters, the longest colour string accepted"
        case .invalidHex(let error):
            return error.description
        case .unsupportedFunction(let value, let function):
            return "'\(function)(…)' is a CSS colour function ThemeKit does not support; "
                + "use hex, rgb(), hsl() or a named colour (in '\(Self.shortened(value))')"
        case .unknownName(let value):
            return "'\(Self.shortened(value))' is not a colour: expected hex (#RGB, #RRGGBB, #RRGGBBAA), "
                + "rgb(), rgba(), hsl(), hsla() or a CSS named colour"
        case .contextualKeyword(let value):
            return "'\(value)' depends on where the colour is used in a web page and has no value in a theme; "
                + "use hex, rgb(), hsl() or a named colour"
        case .invalidArguments(let value, let reason):
            return "'\(Self.shortened(value))' is not a valid CSS colour: \(reason)"
        }
    }

    /// `value`, or its first `limit` Unicode scalars and "…" when it has more: short whatever it holds (a
    /// count of characters would let one letter and a million combining marks through).
    static func shortened(_ value: String, to limit: Int = 80) -> String {
        guard value.unicodeScalars.count > limit else { return value }
        return UntrustedText.beginning(of: value, scalars: limit) + "…"
    }
}
