/// A position in a JSON document.
public struct JSONSourceLocation: Hashable, Sendable, CustomStringConvertible {
    /// The zero-based byte offset.
    public var offset: Int
    /// The one-based line number (lines end at `\n`).
    public var line: Int
    /// The one-based column, counted in Unicode scalars from the start of the line.
    public var column: Int

    /// Creates a location.
    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line L, column C (byte O)`.
    public var description: String { "line \(line), column \(column) (byte \(offset))" }

    /// Computes the line and column of a byte offset by scanning the bytes before it.
    static func locate(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONSourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var column = 1
        for index in 0..<end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes belong to the scalar already counted.
                column += 1
            }
        }
        return JSONSourceLocation(offset: offset, line: line, column: column)
    }
}

/// Why ``JSONReader`` rejected a document, where, and at which JSON path.
///
/// ```swift
/// do { _ = try JSONReader().read(data) } catch {
///     print(error)  // "line 3, column 12 (byte 41) at colors.primary: NaN and Infinity are not JSON…"
/// }
/// ```
public struct JSONReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The document is larger than ``JSONLimits/maxDocumentBytes``.
        case documentTooLarge(bytes: Int, limit: Int)
        /// Containers nest deeper than ``JSONLimits/maxDepth``.
        case nestingTooDeep(limit: Int)
        /// A string is longer than ``JSONLimits/maxStringBytes``.
        case stringTooLong(limit: Int)
        /// A number literal is longer than ``JSONLimits/maxNumberLength``.
        case numberTooLong(limit: Int)
        /// The document holds more values than ``JSONLimits/maxTokenCount``.
        case tooManyTokens(limit: Int)
        /// The document is empty or only whitespace.
        case emptyDocument
        /// The document ended in the middle of a value.
        case unexpectedEndOfInput(expected: String)
        /// A byte that cannot start or continue the expected construct.
        case unexpectedCharacter(found: String, expected: String)
        /// Bytes that are not valid UTF-8.
        case invalidUTF8
        /// A document in another Unicode encoding, recognised by its byte-order mark or by the zero bytes
        /// UTF-16 and UTF-32 put around ASCII (RFC 8259 requires UTF-8); the payload names it (`UTF-16`).
        case unsupportedEncoding(String)
        /// `NaN`, `Infinity` or `-Infinity`, which JSON does not have.
        case nonFiniteLiteral(String)
        /// A number that does not follow JSON's grammar.
        case invalidNumber(String)
        /// A number whose magnitude overflows a Double, such as `1e400`.
        case numberOutOfRange(String)
        /// An unknown backslash escape, or a malformed `\u` escape.
        case invalidEscape(String)
        /// A `\u` escape of a UTF-16 surrogate without its partner.
        case loneSurrogate(String)
        /// A raw control character (U+0000–U+001F) inside a string.
        case controlCharacterInString(UInt8)
        /// Non-whitespace after the root value.
        case trailingContent

        /// A plain-English explanation.
        public var description: String {
            switch self {
            case .documentTooLarge(let bytes, let limit):
                "the document is \(bytes) bytes, more than the limit of \(limit) bytes"
            case .nestingTooDeep(let limit):
                "arrays and objects nest deeper than the limit of \(limit) levels"
            case .stringTooLong(let limit): "a string is longer than the limit of \(limit) bytes"
            case .numberTooLong(let limit): "a number is longer than the limit of \(limit) characters"
            case .tooManyTokens(let limit): "the document holds more than the limit of \(limit) values"
            case .emptyDocument: "the document is empty"
            case .unexpectedEndOfInput(let expected): "the document ends where \(expected) was expected"
            case .unexpectedCharacter(let found, let expected): "found \(found) where \(expected) was expected"
            case .invalidUTF8: "the bytes are not valid UTF-8"
            case .unsupportedEncoding(let encoding): "\(encoding) is not supported; save as UTF-8"
            case .nonFiniteLiteral(let literal): "\(literal) is not JSON: numbers must be finite"
            case .invalidNumber(let literal): "\(literal) is not a valid JSON number"
            case .numberOutOfRange(let literal): "the number \(literal) is too large to represent"
            case .invalidEscape(let escape): "\(escape) is not a valid escape sequence"
            case .loneSurrogate(let escape): "\(escape) is half of a UTF-16 surrogate pair without its other half"
            case .controlCharacterInString(let byte):
                "a string holds the raw control character U+\(String(byte, radix: 16, uppercase: true).leftPadded(to: 4)); escape it"
            case .trailingContent: "there is more content after the JSON value"
            }
        }
    }

    /// What was wrong.
    public var reason: Reason
    /// Where in the document.
    public var location: JSONSourceLocation
    /// The JSON path of the value being read, e.g. `colors.primary.dark`; `$` at the root.
    public var path: String

    /// Creates an error.
    public init(reason: Reason, location: JSONSourceLocation, path: String) {
        self.reason = reason
        self.location = location
        self.path = path
    }

    /// `line L, column C (byte O) at PATH: REASON`.
    public var description: String { "\(location) at \(path): \(reason)" }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
