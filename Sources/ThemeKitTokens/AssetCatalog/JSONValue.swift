import Foundation

/// A parsed JSON value, so that colour sets can be read leniently with precise error paths.
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses JSON text.
    /// - Throws: `AssetCatalogError.invalidJSON` naming `path`.
    static func parse(_ data: Data, path: String) throws(AssetCatalogError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let underlying = context.underlyingError.map { " (\(String(describing: $0)))" } ?? ""
            throw .invalidJSON(path: path, reason: context.debugDescription + underlying)
        } catch {
            throw .invalidJSON(path: path, reason: String(describing: error))
        }
    }

    /// The JSON type name used in error messages, for example `"a string"`.
    var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONValue: Decodable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try Self.decodeIfType(Bool.self, from: container) {
            self = .bool(value)
        } else if let value = try Self.decodeIfType(Double.self, from: container) {
            self = .number(value)
        } else if let value = try Self.decodeIfType(String.self, from: container) {
            self = .string(value)
        } else if let value = try Self.decodeIfType([JSONValue].self, from: container) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value when it has type `Value`, `nil` on a type mismatch; other errors propagate.
    private static func decodeIfType<Value: Decodable>(
        _ type: Value.Type, from container: any SingleValueDecodingContainer
    ) throws -> Value? {
        do {
            return try container.decode(type)
        } catch DecodingError.typeMismatch {
            return nil
        }
    }
}

/// Writes JSON exactly as Xcode does: keys sorted, two-space indentation, `" : "` between key and value,
/// and a trailing newline.
enum XcodeJSON {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([XcodeJSON])
    case object([String: XcodeJSON])

    /// The document text, ending with a newline.
    var text: String {
        var output = ""
        write(to: &output, indent: 0)
        output += "\n"
        return output
    }

    private func write(to output: inout String, indent: Int) {
        let inner = String(repeating: "  ", count: indent + 1)
        let closing = String(repeating: "  ", count: indent)
        switch self {
        case .string(let value):
            output += Self.quoted(value)
        case .integer(let value):
            output += String(value)
        case .bool(let value):
            output += value ? "true" : "false"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[\n\n\(closing)]"
                return
            }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                element.write(to: &output, indent: indent + 1)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += closing + "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{\n\n\(closing)}"
                return
            }
            output += "{\n"
            let keys = members.keys.sorted()
            for (index, key) in keys.enumerated() {
                output += inner + Self.quoted(key) + " : "
                members[key]?.write(to: &output, indent: indent + 1)
                output += index == keys.count - 1 ? "\n" : ",\n"
            }
            output += closing + "}"
        }
    }

    private static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
