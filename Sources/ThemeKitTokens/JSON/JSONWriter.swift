/// Writes ``JSONNode`` trees as JSON text: compact or indented, optionally with sorted keys.
///
/// Output is deterministic: numbers use the shortest text that reads back to the same
/// Double (integers without a fraction), strings escape only `"`, `\` and the characters
/// ``TerminalText`` escapes (controls, bidi controls, line separators, as `\uXXXX`), and with
/// `sortedKeys` object members are ordered by their Unicode scalars.
///
/// ```swift
/// let text = JSONWriter(sortedKeys: true, indent: 2).string(from: ["b": 1, "a": [true, nil]])
/// let xcode = JSONWriter(style: .xcode).string(from: ["info": ["author": "xcode", "version": 1]])
/// ```
public struct JSONWriter: Sendable {
    /// The punctuation details of indented output; compact output (`indent == 0`) is the same in every style.
    public enum Style: Hashable, Sendable {
        /// `"key": value`, and empty containers as `[]` and `{}`.
        case standard
        /// The layout Xcode writes in asset catalogs' `Contents.json` files: `"key" : value`, and empty
        /// containers as the opening bracket, an empty line, then the closing bracket at the container's
        /// indentation (`[\n\n  ]`). Combine with `sortedKeys: true` and `indent: 2` for Xcode's exact bytes.
        case xcode
    }

    /// Whether object members are written in key order rather than document order.
    public var sortedKeys: Bool
    /// Spaces per nesting level; `0` writes everything on one line.
    public var indent: Int
    /// The punctuation of indented output.
    public var style: Style

    /// Creates a writer.
    /// - Parameters:
    ///   - sortedKeys: Whether to sort object members by key. Default `true`, for canonical output.
    ///   - indent: Spaces per nesting level; `0` for compact output. Default `2`.
    ///   - style: The punctuation of indented output. Default ``Style/standard``.
    public init(sortedKeys: Bool = true, indent: Int = 2, style: Style = .standard) {
        self.sortedKeys = sortedKeys
        self.indent = max(0, indent)
        self.style = style
    }

    /// Returns the JSON text of a value, ending with a newline when indented.
    /// - Complexity: O(*n*) in the size of the value (plus sorting each object's keys).
    public func string(from value: JSONNode) -> String {
        var output = ""
        write(value, level: 0, into: &output)
        if indent > 0 { output += "\n" }
        return output
    }

    /// Returns the UTF-8 bytes of ``string(from:)``.
    public func data(from value: JSONNode) -> [UInt8] {
        Array(string(from: value).utf8)
    }

    private func write(_ value: JSONNode, level: Int, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .number(let number): output += Self.format(number)
        case .string(let string): output += Self.quoted(string)
        case .array(let array):
            if array.isEmpty {
                writeEmpty(opening: "[", closing: "]", level: level, into: &output)
                return
            }
            output += "["
            for (index, element) in array.enumerated() {
                if index > 0 { output += "," }
                newline(level + 1, into: &output)
                write(element, level: level + 1, into: &output)
            }
            newline(level, into: &output)
            output += "]"
        case .object(let object):
            if object.isEmpty {
                writeEmpty(opening: "{", closing: "}", level: level, into: &output)
                return
            }
            var members = object.members
            if sortedKeys {
                members.sort { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                newline(level + 1, into: &output)
                output += Self.quoted(member.key)
                output += indent == 0 ? ":" : style == .xcode ? " : " : ": "
                write(member.value, level: level + 1, into: &output)
            }
            newline(level, into: &output)
            output += "}"
        }
    }

    private func writeEmpty(opening: String, closing: String, level: Int, into output: inout String) {
        output += opening
        if indent > 0, style == .xcode {
            output += "\n"
            newline(level, into: &output)
        }
        output += closing
    }

    private func newline(_ level: Int, into output: inout String) {
        guard indent > 0 else { return }
        output += "\n"
        output += String(repeating: " ", count: indent * level)
    }

    /// Formats a finite number as JSON: integers without a fraction, others in shortest round-trip form.
    ///
    /// Non-finite values, which JSON cannot express, are written as `null`.
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 {
            if number == 0 { return "0" }
            return String(Int64(number))
        }
        return number.description
    }

    /// Returns a string as a JSON string literal, quotes included.
    public static func quoted(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where TerminalText.needsEscape(scalar):
                // Controls, DEL, C1, bidi controls and line separators: \uXXXX, so JSON printed to a terminal
                // or log cannot reorder or rewrite it (see TerminalText).
                output += "\\u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
        return output
    }
}
