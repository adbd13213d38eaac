import Foundation

/// A repeated key in one JSON object, as found by ``JSONReader``.
public struct JSONDuplicateKey: Hashable, Sendable, CustomStringConvertible {
    /// The repeated key.
    public var key: String
    /// The JSON path of the repeated member, e.g. `colors.primary`.
    public var path: String
    /// Where the repetition starts.
    public var location: JSONSourceLocation

    /// Creates a duplicate-key report.
    public init(key: String, path: String, location: JSONSourceLocation) {
        self.key = key
        self.path = path
        self.location = location
    }

    /// `PATH: the key "K" appears more than once…`.
    public var description: String {
        "\(path): the key \(JSONWriter.quoted(key)) appears more than once in the same object (\(location)); the last value is used"
    }
}

/// The result of reading a document: its value, and the duplicate keys it contained.
public struct JSONDocument: Hashable, Sendable {
    /// The root value.
    public var value: JSONNode
    /// The keys repeated within one object, in document order, up to
    /// ``maxReportedDuplicateKeys`` of them and ``maxReportedDuplicatePathBytes`` of their paths.
    /// Each object keeps the member's first position and the value of its last occurrence,
    /// reported or not.
    public var duplicateKeys: [JSONDuplicateKey]

    /// The most repeated keys a read reports. A document can repeat a key hundreds of thousands of
    /// times; past this many, later ones are not reported (nor their paths kept).
    public static let maxReportedDuplicateKeys = 1_000
    /// The most bytes of paths the reported repeated keys carry. A path shows each ancestor's key (a
    /// long one by its beginning, see ``JSONPath``), at up to ``JSONLimits/maxDepth`` levels; this bounds
    /// the reports whatever depth a reader allows. Past it, later repetitions are not reported.
    public static let maxReportedDuplicatePathBytes = 1 << 20

    /// Creates a document.
    public init(value: JSONNode, duplicateKeys: [JSONDuplicateKey] = []) {
        self.value = value
        self.duplicateKeys = duplicateKeys
    }
}

/// A strict JSON reader (RFC 8259) for untrusted input.
///
/// It exists because `JSONSerialization` cannot report repeated keys, cannot say where
/// a problem is, and does not bound nesting. This reader:
/// - keeps object members in document order and reports repeated keys;
/// - rejects malformed UTF-8, raw control characters in strings, lone UTF-16 surrogates
///   in `\u` escapes, `NaN`/`Infinity`, and numbers that overflow to ±∞ (`1e400`);
/// - enforces ``JSONLimits`` before doing the work each limit guards;
/// - never recurses: containers are tracked on an explicit stack, so nesting cannot
///   overflow the call stack whatever the limits say;
/// - runs in time linear in the document's size.
///
/// A leading UTF-8 byte-order mark is skipped, as RFC 8259 allows.
///
/// ```swift
/// let document = try JSONReader().read(data)
/// for duplicate in document.duplicateKeys { print(duplicate) }
/// ```
///
/// The reader is a value type with no shared state: use it from any thread.
public struct JSONReader: Sendable {
    /// The limits enforced while reading.
    public var limits: JSONLimits

    /// Creates a reader.
    /// - Parameter limits: The limits to enforce; ``JSONLimits/default`` when omitted.
    public init(limits: JSONLimits = .default) {
        self.limits = limits
    }

    /// Reads a complete JSON document.
    /// - Parameter data: The document's bytes, UTF-8 encoded.
    /// - Returns: The root value and any repeated keys.
    /// - Throws: ``JSONReadError`` with the first problem's location and JSON path.
    /// - Complexity: O(*n*) in the size of `data`.
    public func read(_ data: Data) throws(JSONReadError) -> JSONDocument {
        if data.count > limits.maxDocumentBytes {
            throw JSONReadError(
                reason: .documentTooLarge(bytes: data.count, limit: limits.maxDocumentBytes),
                location: JSONSourceLocation(offset: 0, line: 1, column: 1), path: "$")
        }
        return try read(bytes: Array(data))
    }

    /// Reads a complete JSON document from text.
    /// - Parameter text: The document.
    /// - Returns: The root value and any repeated keys.
    /// - Throws: ``JSONReadError`` with the first problem's location and JSON path.
    public func read(_ text: String) throws(JSONReadError) -> JSONDocument {
        try read(Data(text.utf8))
    }

    private func read(bytes: [UInt8]) throws(JSONReadError) -> JSONDocument {
        let result: Result<JSONDocument, JSONReadError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer, limits: limits)
            do throws(JSONReadError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        // A switch, not `get()`: with Swift 5.10's standard library (iOS) `get()` throws untyped.
        switch result {
        case .success(let document): return document
        case .failure(let error): throw error
        }
    }
}

/// The reader's state machine. Containers live on `stack`, never on the call stack.
private struct JSONParser {
    struct Frame {
        var isObject: Bool
        var elements: [JSONNode] = []
        var object = JSONObject()
        var keyIndex: [String: Int] = [:]
        var pendingKey: String?
        var pendingDuplicateIndex: Int?
    }

    struct PendingDuplicate {
        var key: String
        var path: String
        var offset: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    var position = 0
    var tokenCount = 0
    var stack: [Frame] = []
    var duplicates: [PendingDuplicate] = []
    /// The bytes of the recorded duplicates' paths (see `JSONDocument.maxReportedDuplicatePathBytes`).
    var duplicatePathBytes = 0
    var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    // MARK: Document

    /// `UTF-16` or `UTF-32` when the document starts with that encoding's byte-order mark, or with the zero
    /// bytes it puts beside an ASCII character (RFC 4627's detection), else `nil`.
    static func otherUnicodeEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let head = Array(bytes.prefix(4))
        if head.count >= 4, head[0] == 0, head[1] == 0,
            head[2] == 0xFE && head[3] == 0xFF || head[2] == 0 && head[3] != 0
        {
            return "UTF-32"
        }
        if head.count >= 4, head[2] == 0, head[3] == 0,
            head[0] == 0xFF && head[1] == 0xFE || head[0] != 0 && head[1] == 0
        {
            return "UTF-32"
        }
        if head.count >= 2, head[0] == 0xFE && head[1] == 0xFF || head[0] == 0xFF && head[1] == 0xFE {
            return "UTF-16"
        }
        if head.count >= 2, (head[0] == 0) != (head[1] == 0) { return "UTF-16" }
        return nil
    }

    mutating func parseDocument() throws(JSONReadError) -> JSONDocument {
        if bytes.count > limits.maxDocumentBytes {
            throw error(.documentTooLarge(bytes: bytes.count, limit: limits.maxDocumentBytes), at: 0)
        }
        if let encoding = Self.otherUnicodeEncoding(bytes) { throw error(.unsupportedEncoding(encoding), at: 0) }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        if position == bytes.count { throw error(.emptyDocument, at: position) }
        let value = try parseValueTree()
        skipWhitespace()
        if position != bytes.count { throw error(.trailingContent, at: position) }
        return JSONDocument(value: value, duplicateKeys: locateDuplicates())
    }

    mutating func parseValueTree() throws(JSONReadError) -> JSONNode {
        valueLoop: while true {
            skipWhitespace()
            guard position < bytes.count else {
                throw error(.unexpectedEndOfInput(expected: "a value"), at: position)
            }
            try countToken()
            var value: JSONNode
            switch bytes[position] {
            case UInt8(ascii: "{"):
                try openContainer(isObject: true)
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    stack.removeLast()
                    value = .object(JSONObject())
                } else {
                    try parseKeyAndColon()
                    continue valueLoop
                }
            case UInt8(ascii: "["):
                try openContainer(isObject: false)
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    stack.removeLast()
                    value = .array([])
                } else {
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            default:
                value = try parseLiteral()
            }

            // Attach the finished value to its container; close containers as they end.
            while true {
                guard !stack.isEmpty else { return value }
                let top = stack.count - 1
                if stack[top].isObject {
                    attachMember(value, to: top)
                } else {
                    stack[top].elements.append(value)
                }
                skipWhitespace()
                let isObject = stack[top].isObject
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let expected = isObject ? "',' or '}'" : "',' or ']'"
                guard position < bytes.count else {
                    throw error(.unexpectedEndOfInput(expected: expected), at: position)
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if isObject {
                        try parseKeyAndColon()
                    }
                    continue valueLoop
                }
                guard byte == closer else {
                    throw error(.unexpectedCharacter(found: describe(at: position), expected: expected), at: position)
                }
                position += 1
                let frame = stack.removeLast()
                value = frame.isObject ? .object(frame.object) : .array(frame.elements)
            }
        }
    }

    mutating func openContainer(isObject: Bool) throws(JSONReadError) {
        if stack.count + 1 > limits.maxDepth {
            throw error(.nestingTooDeep(limit: limits.maxDepth), at: position)
        }
        stack.append(Frame(isObject: isObject))
        position += 1
    }

    mutating func parseKeyAndColon() throws(JSONReadError) {
        skipWhitespace()
        guard position < bytes.count else {
            throw error(.unexpectedEndOfInput(expected: "a string key"), at: position)
        }
        guard bytes[position] == UInt8(ascii: "\"") else {
            throw error(.unexpectedCharacter(found: describe(at: position), expected: "a string key"), at: position)
        }
        try countToken()
        let keyOffset = position
        let key = try parseString()
        let top = stack.count - 1
        stack[top].pendingKey = key
        if let existing = stack[top].keyIndex[key] {
            stack[top].pendingDuplicateIndex = existing
            if duplicates.count < JSONDocument.maxReportedDuplicateKeys,
                duplicatePathBytes < JSONDocument.maxReportedDuplicatePathBytes
            {
                let path = currentPath()
                duplicatePathBytes += path.utf8.count
                duplicates.append(PendingDuplicate(key: key, path: path, offset: keyOffset))
            }
        } else {
            stack[top].pendingDuplicateIndex = nil
        }
        skipWhitespace()
        guard position < bytes.count else {
            throw error(.unexpectedEndOfInput(expected: "':'"), at: position)
        }
        guard bytes[position] == UInt8(ascii: ":") else {
            throw error(.unexpectedCharacter(found: describe(at: position), expected: "':'"), at: position)
        }
        position += 1
    }

    mutating func attachMember(_ value: JSONNode, to top: Int) {
        let key = stack[top].pendingKey ?? ""
        if let index = stack[top].pendingDuplicateIndex {
            stack[top].object.replaceValue(at: index, with: value)
        } else {
            stack[top].keyIndex[key] = stack[top].object.count
            stack[top].object.appendUnchecked(key: key, value: value)
        }
        stack[top].pendingKey = nil
        stack[top].pendingDuplicateIndex = nil
    }

    mutating func countToken() throws(JSONReadError) {
        tokenCount += 1
        if tokenCount > limits.maxTokenCount {
            throw error(.tooManyTokens(limit: limits.maxTokenCount), at: position)
        }
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    // MARK: Literals

    mutating func parseLiteral() throws(JSONReadError) -> JSONNode {
        let start = position
        if matches("true") {
            position += 4
            try requireDelimiter(after: start)
            return .bool(true)
        }
        if matches("false") {
            position += 5
            try requireDelimiter(after: start)
            return .bool(false)
        }
        if matches("null") {
            position += 4
            try requireDelimiter(after: start)
            return .null
        }
        for literal in ["NaN", "Infinity", "nan", "inf", "infinity"] where matches(literal) {
            throw error(.nonFiniteLiteral(literal), at: start)
        }
        throw error(.unexpectedCharacter(found: describe(at: start), expected: "a value"), at: start)
    }

    func matches(_ literal: String) -> Bool {
        var index = position
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
        }
        return true
    }

    func requireDelimiter(after start: Int) throws(JSONReadError) {
        guard position < bytes.count else { return }
        if Self.isWordByte(bytes[position]) {
            throw error(
                .unexpectedCharacter(found: describe(at: position), expected: "a delimiter after the literal"),
                at: position)
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"),
            UInt8(ascii: "-"):
            true
        default: false
        }
    }

    // MARK: Numbers

    mutating func parseNumber() throws(JSONReadError) -> Double {
        let start = position
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while parser.position < parser.bytes.count,
                parser.bytes[parser.position] >= UInt8(ascii: "0"), parser.bytes[parser.position] <= UInt8(ascii: "9")
            {
                parser.position += 1
                count += 1
                // Stop early on absurd runs: the length check below reports them.
                if parser.position - start > parser.limits.maxNumberLength { return count }
            }
            return count
        }
        var valid = true
        if bytes[position] == UInt8(ascii: "-") {
            position += 1
            if matches("Infinity") || matches("inf") {
                throw error(.nonFiniteLiteral("-Infinity"), at: start)
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if digits(&self) == 0 {
            valid = false
        }
        if valid, position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            if digits(&self) == 0 { valid = false }
        }
        if valid, position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            if digits(&self) == 0 { valid = false }
        }
        if position - start > limits.maxNumberLength {
            throw error(.numberTooLong(limit: limits.maxNumberLength), at: start)
        }
        // A number runs into letters or digits it cannot own ("01", "1.2.3", "12px"): report the whole word.
        if !valid || (position < bytes.count && Self.isWordByte(bytes[position])) {
            var end = position
            while end < bytes.count, Self.isWordByte(bytes[end]), end - start < 40 { end += 1 }
            let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            throw error(.invalidNumber(literal), at: start)
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let number = Double(literal) else {
            throw error(.invalidNumber(literal), at: start)
        }
        guard number.isFinite else {
            throw error(.numberOutOfRange(literal), at: start)
        }
        return number
    }

    // MARK: Strings

    mutating func parseString() throws(JSONReadError) -> String {
        let start = position
        position += 1  // opening quote
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard position < bytes.count else {
                throw error(.unexpectedEndOfInput(expected: "the end of the string that starts here"), at: start)
            }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape()
            case 0x00..<0x20:
                throw error(.controlCharacterInString(byte), at: position)
            case 0x20..<0x80:
                scratch.append(byte)
                position += 1
            default:
                let length = try validUTF8SequenceLength(at: position)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<position + length]))
                position += length
            }
            if scratch.count > limits.maxStringBytes {
                throw error(.stringTooLong(limit: limits.maxStringBytes), at: start)
            }
        }
    }

    mutating func parseEscape() throws(JSONReadError) {
        let start = position
        guard position + 1 < bytes.count else {
            throw error(.unexpectedEndOfInput(expected: "an escape sequence"), at: position)
        }
        let escaped = bytes[position + 1]
        position += 2
        switch escaped {
        case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeStart: start)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed at once by `\u` and a low surrogate.
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw error(.loneSurrogate(escapeText(from: start, length: 6)), at: start)
                }
                let lowStart = position
                position += 2
                let low = try hexQuad(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(.loneSurrogate(escapeText(from: start, length: 6)), at: start)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error(.loneSurrogate(escapeText(from: start, length: 6)), at: start)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw error(.invalidEscape(escapeText(from: start, length: 6)), at: start)
            }
            UTF8.encode(scalar) { scratch.append($0) }
        default:
            throw error(.invalidEscape(escapeText(from: start, length: 2)), at: start)
        }
    }

    mutating func hexQuad(escapeStart: Int) throws(JSONReadError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard position < bytes.count else {
                throw error(.unexpectedEndOfInput(expected: "four hexadecimal digits"), at: position)
            }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error(.invalidEscape(escapeText(from: escapeStart, length: 6)), at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    func escapeText(from start: Int, length: Int) -> String {
        let end = min(start + length, bytes.count)
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        // Only printable ASCII is echoed, so a hostile escape cannot inject anything into messages.
        return String(slice.map { (0x20..<0x7F).contains($0) ? Character(Unicode.Scalar($0)) : "?" })
    }

    /// Returns the length of the valid UTF-8 sequence at `index` (Unicode Table 3-7), or throws.
    func validUTF8SequenceLength(at index: Int) throws(JSONReadError) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default:
            throw error(.invalidUTF8, at: index)
        }
        guard index + length <= bytes.count else { throw error(.invalidUTF8, at: index) }
        guard secondRange.contains(bytes[index + 1]) else { throw error(.invalidUTF8, at: index) }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
            throw error(.invalidUTF8, at: index)
        }
        return length
    }

    // MARK: Diagnostics

    func describe(at index: Int) -> String {
        guard index < bytes.count else { return "the end of the document" }
        let byte = bytes[index]
        if (0x21..<0x7F).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
    }

    func currentPath() -> String {
        var components: [JSONPath.Component] = []
        components.reserveCapacity(stack.count)
        for frame in stack {
            if frame.isObject {
                if let key = frame.pendingKey { components.append(.key(key)) }
            } else {
                components.append(.index(frame.elements.count))
            }
        }
        return JSONPath.format(components)
    }

    func error(_ reason: JSONReadError.Reason, at offset: Int) -> JSONReadError {
        JSONReadError(
            reason: reason, location: JSONSourceLocation.locate(offset: offset, in: bytes), path: currentPath())
    }

    /// Computes every duplicate's line and column in one pass over the bytes.
    func locateDuplicates() -> [JSONDuplicateKey] {
        guard !duplicates.isEmpty else { return [] }
        var result: [JSONDuplicateKey] = []
        result.reserveCapacity(duplicates.count)
        var line = 1
        var column = 1
        var index = 0
        for duplicate in duplicates {
            while index < duplicate.offset {
                if bytes[index] == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if bytes[index] & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            let location = JSONSourceLocation(offset: duplicate.offset, line: line, column: column)
            result.append(JSONDuplicateKey(key: duplicate.key, path: duplicate.path, location: location))
        }
        return result
    }
}
