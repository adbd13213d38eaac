/// RFC 6901 JSON Pointers, as used by DTCG resolver `$ref`s (`#/sets/color`).
enum JSONPointer {
    /// The reference tokens of a pointer such as `/sets/color` (a leading `#` is allowed), unescaped.
    static func components(_ pointer: String) -> [String]? {
        var text = Substring(pointer)
        if text.hasPrefix("#") { text = text.dropFirst() }
        if text.isEmpty { return [] }
        guard text.hasPrefix("/") else { return nil }
        return text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }
}

extension Substring {
    /// Replaces every occurrence of `target` with `replacement`, scanning left to right
    /// (with the iOS 14 standard library: `split(separator:)` by a string needs iOS 16).
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        let pattern = Array(target.utf8)
        let bytes = Array(utf8)
        guard !pattern.isEmpty else { return String(self) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + pattern.count <= bytes.count, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                result.append(contentsOf: replacement.utf8)
                index += pattern.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
