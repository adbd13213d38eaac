/// Builds the dotted JSON paths used in diagnostics: `colors.primary.dark`, `contrastPairs[2].text`.
///
/// A key made only of letters, digits, `_`, `-` and `$` is written after a dot; any other
/// key (one holding a dot, a space, a quote…) is written in brackets as a JSON string,
/// `colors["brand.primary"]`, so every path reads back unambiguously. The root is `$`
/// when nothing follows it. A key longer than ``maxShownKeyLength`` characters is shown by its
/// beginning and its length (`["aaaa…(1048576 characters)"]`): a path is for reading, and a
/// document's keys may be a mebibyte long.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Hashable, Sendable {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
    }

    /// The steps from the root.
    public var components: [Component]

    /// Creates a path from steps.
    /// - Parameter components: The steps from the root.
    public init(_ components: [Component] = []) { self.components = components }

    /// The empty path, naming the document's root.
    public static let root = JSONPath()

    /// Returns this path extended by an object key.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    /// Returns this path extended by an array index.
    public func appending(index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// The path as text, e.g. `colors.primary.dark`; `$` for the root.
    public var description: String {
        Self.format(components)
    }

    /// The longest key a path shows whole, in characters.
    public static let maxShownKeyLength = 128

    /// `key`, or its beginning and its length when it is longer than ``maxShownKeyLength`` characters or
    /// four times as many bytes (a character may hide any number of combining marks). The beginning is
    /// its first half of ``maxShownKeyLength`` Unicode scalars, so it is short whatever the key holds.
    static func shown(_ key: String) -> String {
        let bytes = key.utf8.count
        guard bytes > maxShownKeyLength else { return key }
        let count = key.count
        if count <= maxShownKeyLength, bytes <= 4 * maxShownKeyLength { return key }
        let beginning = UntrustedText.beginning(of: key, scalars: maxShownKeyLength / 2)
        // Its length in what made it too long: characters, else bytes (few characters, many combining marks).
        return beginning + (count > maxShownKeyLength ? "…(\(count) characters)" : "…(\(bytes) bytes)")
    }

    /// `path` (text as ``description`` writes it) followed by `key`, written as ``description`` writes
    /// a key: shortened (``maxShownKeyLength``), and in brackets when it is not a plain key.
    static func appending(_ key: String, to path: String) -> String {
        var text = path == "$" ? "" : path
        append(key, to: &text)
        return text
    }

    static func format(_ components: [Component]) -> String {
        if components.isEmpty { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key): append(key, to: &text)
            }
        }
        return text
    }

    /// Writes `key` after `text` (a path without its `$`): shortened, after a dot when it is a plain
    /// key and `text` is not empty, else quoted in brackets.
    private static func append(_ fullKey: String, to text: inout String) {
        let key = shown(fullKey)
        if isPlainKey(key) {
            if !text.isEmpty { text += "." }
            text += key
        } else {
            text += "[" + JSONWriter.quoted(key) + "]"
        }
    }

    static func isPlainKey(_ key: String) -> Bool {
        !key.isEmpty
            && key.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "$"):
                    true
                default: false
                }
            }
    }
}
