/// A JSON value read by ``JSONReader``: the tree every theme-pack and DTCG decoder walks.
///
/// Unlike `JSONSerialization`, the tree keeps object members in document order, so
/// diagnostics and re-encodings follow the author's layout.
///
/// ```swift
/// let document = try JSONReader().read(Data(#"{"a": [1, true]}"#.utf8))
/// document.value["a"]?[1]  // .bool(true)
/// ```
public enum JSONNode: Hashable, Sendable {
    /// The literal `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A finite number. The reader rejects literals that overflow to ±∞.
    case number(Double)
    /// A string, with escapes decoded.
    case string(String)
    /// An array, in document order.
    case array([JSONNode])
    /// An object, members in document order.
    case object(JSONObject)

    /// A short English name of the value's kind, for diagnostics: "an object", "a number"…
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The string payload, or `nil` for other kinds.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The number payload, or `nil` for other kinds.
    public var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The boolean payload, or `nil` for other kinds.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The array payload, or `nil` for other kinds.
    public var arrayValue: [JSONNode]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The object payload, or `nil` for other kinds.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The member named `key` when this is an object, else `nil`.
    ///
    /// - Complexity: O(*n*) in the number of members.
    public subscript(key: String) -> JSONNode? {
        objectValue?[key]
    }

    /// The element at `index` when this is an array and the index is in bounds, else `nil`.
    public subscript(index: Int) -> JSONNode? {
        guard let array = arrayValue, array.indices.contains(index) else { return nil }
        return array[index]
    }
}

/// A JSON object whose members keep their document order.
///
/// Keys are unique: when a document repeats a key, ``JSONReader`` keeps the member at
/// its first position with the value of its last occurrence (as JavaScript does) and
/// reports the repetition in ``JSONDocument/duplicateKeys``.
public struct JSONObject: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// One member of an object.
    public struct Member: Hashable, Sendable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONNode

        /// Creates a member.
        /// - Parameters:
        ///   - key: The member's key.
        ///   - value: The member's value.
        public init(key: String, value: JSONNode) {
            self.key = key
            self.value = value
        }
    }

    /// The members in document order.
    public private(set) var members: [Member]

    /// Creates an empty object.
    public init() { members = [] }

    /// Creates an object from key–value pairs; a repeated key replaces the earlier value in place.
    /// - Parameter pairs: The members in order.
    /// - Complexity: O(*n*) in the number of pairs (expected; keys are hashed, not searched).
    public init(_ pairs: [(String, JSONNode)]) {
        members = []
        members.reserveCapacity(pairs.count)
        // A hashed index, not `self[key] = value`: that searches the members, which made encoding a
        // pack of n colours O(n²) (200 000 colours took minutes; issue #23).
        var indices: [String: Int] = [:]
        indices.reserveCapacity(pairs.count)
        for (key, value) in pairs {
            if let index = indices[key] {
                members[index].value = value
            } else {
                indices[key] = members.count
                members.append(Member(key: key, value: value))
            }
        }
    }

    /// Creates an object from a dictionary literal.
    public init(dictionaryLiteral elements: (String, JSONNode)...) {
        self.init(elements)
    }

    /// The keys in document order.
    public var keys: [String] { members.map(\.key) }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The value of the member named `key`; setting `nil` removes it, setting a new key appends it.
    ///
    /// - Complexity: O(*n*) in the number of members.
    public subscript(key: String) -> JSONNode? {
        get { members.first { $0.key == key }?.value }
        set {
            let index = members.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append(Member(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// The members' values by key, built once, for an object looked up many times: the first member of a
    /// key wins, as the subscript's lookup does.
    /// - Complexity: O(*n*) in the number of members (expected).
    func valuesByKey() -> [String: JSONNode] {
        Dictionary(members.lazy.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Appends a member without checking for an existing key; the reader's fast path.
    mutating func appendUnchecked(key: String, value: JSONNode) {
        members.append(Member(key: key, value: value))
    }

    /// Replaces the value at a member index; the reader's duplicate-key path.
    mutating func replaceValue(at index: Int, with value: JSONNode) {
        members[index].value = value
    }

    /// Returns a copy whose members are sorted by key (by Unicode scalar values), recursively.
    public func sortedByKey() -> JSONObject {
        var copy = JSONObject()
        copy.members = members.sorted { $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars) }
            .map { Member(key: $0.key, value: $0.value.sortedByKey()) }
        return copy
    }
}

extension JSONNode {
    /// Returns a copy with every object's members sorted by key, recursively.
    public func sortedByKey() -> JSONNode {
        switch self {
        case .object(let object): .object(object.sortedByKey())
        case .array(let array): .array(array.map { $0.sortedByKey() })
        default: self
        }
    }
}

extension JSONNode: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    /// Creates a string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// Creates a boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// Creates a number value.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// Creates a number value.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// Creates an array value.
    public init(arrayLiteral elements: JSONNode...) { self = .array(elements) }
    /// Creates `null`.
    public init(nilLiteral: ()) { self = .null }
}
