/// Reads a CSS `font-family` list — a *font stack* — into its family names, most preferred first.
///
/// Families are separated by commas outside quotes. A quoted family (`'Segoe UI'`, `"Helvetica Neue"`)
/// loses its quotes, with `\` escaping the next character; an unquoted one has its surrounding whitespace
/// removed and inner runs of whitespace collapsed to one space, as CSS does. Generic families
/// (`sans-serif`, `system-ui`…) are kept as written. A string with no comma and no quote is one family.
///
/// ```swift
/// try FontStack.families(in: "-apple-system, 'Segoe UI', \"Helvetica Neue\", sans-serif")
/// // ["-apple-system", "Segoe UI", "Helvetica Neue", "sans-serif"]
/// ```
public enum FontStack {
    /// The most families read from one stack.
    public static let maxFamilies = 64

    /// The family names of a CSS font stack, in order.
    /// - Parameter stack: The `font-family` value.
    /// - Returns: One or more non-empty names.
    /// - Throws: ``FontStackError`` for an empty family, an unclosed quote, text after a closing quote,
    ///   or more than ``maxFamilies`` families.
    /// - Complexity: O(*n*) in the length of `stack`.
    public static func families(in stack: String) throws(FontStackError) -> [String] {
        guard stack.contains(",") || stack.contains("\"") || stack.contains("'") else {
            let name = collapsed(stack)
            guard !name.isEmpty else { throw .emptyFamily(stack, position: 1) }
            return [name]
        }
        var families: [String] = []
        var current = ""
        var quote: Character?
        var quoted = false
        var afterQuote = false
        var escaping = false
        func finish() throws(FontStackError) {
            let name = quoted ? current : collapsed(current)
            guard !name.isEmpty else { throw .emptyFamily(stack, position: families.count + 1) }
            guard families.count < maxFamilies else { throw .tooManyFamilies(stack, limit: maxFamilies) }
            families.append(name)
            current = ""
            quoted = false
            afterQuote = false
        }
        for character in stack {
            if let open = quote {
                if escaping {
                    current.append(character)
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else if character == open {
                    quote = nil
                    afterQuote = true
                } else {
                    current.append(character)
                }
                continue
            }
            if character == "," {
                try finish()
            } else if character == "\"" || character == "'" {
                guard current.allSatisfy(\.isWhitespace), !quoted else {
                    throw .unexpectedText(stack, position: families.count + 1)
                }
                current = ""
                quote = character
                quoted = true
            } else if afterQuote {
                guard character.isWhitespace else { throw .unexpectedText(stack, position: families.count + 1) }
            } else {
                current.append(character)
            }
        }
        if quote != nil { throw .unclosedQuote(stack) }
        try finish()
        return families
    }

    /// Whitespace trimmed and inner runs collapsed to one space.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// Why a CSS font stack could not be read.
public enum FontStackError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The family at `position` (1-based) is empty: `"Inter, , serif"` or a trailing comma.
    case emptyFamily(String, position: Int)
    /// A quote is opened and never closed.
    case unclosedQuote(String)
    /// Text sits next to a quoted family without a comma between them, at family `position` (1-based).
    case unexpectedText(String, position: Int)
    /// The stack lists more than `limit` families.
    case tooManyFamilies(String, limit: Int)

    /// A sentence naming the stack and what was wrong.
    public var description: String {
        switch self {
        case .emptyFamily(let stack, let position):
            return "the font stack '\(stack.prefix(120))' has an empty family at position \(position)"
        case .unclosedQuote(let stack):
            return "the font stack '\(stack.prefix(120))' opens a quote that is never closed"
        case .unexpectedText(let stack, let position):
            return "the font stack '\(stack.prefix(120))' has text beside a quoted name at family \(position); "
                + "separate families with commas"
        case .tooManyFamilies(let stack, let limit):
            return "the font stack '\(stack.prefix(120))' lists more than \(limit) families"
        }
    }
}
