import Foundation

/// The stored form of what a theme persists on every change — its style, contrast and
/// flags, the variant ids — built directly: a one-element JSON array, byte for byte
/// what `JSONEncoder` writes for it (`["dark"]`, `[true]`).
///
/// Invariant: the bytes equal `JSONEncoder`'s for the same value (`PersistedJSONTests`).
/// Other types still go through `JSONEncoder`, and reading always goes through
/// `JSONDecoder`. Why it exists: Docs/Benchmarks.md, "Measurements behind the code".
enum PersistedJSON {
    /// `[value]` as JSON, or `nil` for a type this does not write.
    static func array<Value>(of value: Value) -> Data? {
        switch value {
        case let string as String: return array(ofString: string)
        case let style as ThemeStyle: return array(ofString: style.rawValue)
        case let contrast as ThemeContrast: return array(ofString: contrast.rawValue)
        case let flag as Bool: return Data((flag ? "[true]" : "[false]").utf8)
        default: return nil
        }
    }

    /// `[string]` as JSON, escaped as `JSONEncoder` escapes (with its default options:
    /// `/` too).
    static func array(ofString string: String) -> Data {
        var string = string
        let plain = string.withUTF8 { utf8 -> Data? in
            // The usual case (a style or variant id): nothing to escape, and short, so
            // the bytes go straight into the `Data` (inline, with no allocation, up to 14).
            guard utf8.count <= 64, !utf8.contains(where: needsEscape) else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: utf8.count + 4) { buffer in
                buffer[0] = UInt8(ascii: "[")
                buffer[1] = UInt8(ascii: "\"")
                _ = UnsafeMutableBufferPointer(rebasing: buffer[2..<utf8.count + 2]).initialize(from: utf8)
                buffer[utf8.count + 2] = UInt8(ascii: "\"")
                buffer[utf8.count + 3] = UInt8(ascii: "]")
                return Data(buffer: UnsafeBufferPointer(buffer))
            }
        }
        if let plain { return plain }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 6)
        bytes.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "\"")])
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0xF)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "]")])
        return Data(bytes)
    }

    /// Whether `byte` is escaped in a JSON string as `JSONEncoder` writes it.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }
}
