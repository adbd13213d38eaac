import Foundation

/// Field-level comparison of two extension values through their JSON encoding.
enum ExtensionDiff {
    static func changedFields<Value: Encodable>(_ lhs: Value, _ rhs: Value) -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let left = try? encoder.encode(lhs), let right = try? encoder.encode(rhs) else {
            // A value that cannot be encoded is compared as a whole.
            return ["<value>"]
        }
        let leftObject = (try? JSONSerialization.jsonObject(with: left, options: [.fragmentsAllowed])) as? [String: Any]
        let rightObject =
            (try? JSONSerialization.jsonObject(with: right, options: [.fragmentsAllowed])) as? [String: Any]
        guard let leftObject, let rightObject else {
            return left == right ? [] : ["<value>"]
        }
        var changed: [String] = []
        for key in Set(leftObject.keys).union(rightObject.keys) {
            let a = leftObject[key].map { canonical($0) }
            let b = rightObject[key].map { canonical($0) }
            if a != b { changed.append(key) }
        }
        return changed.sorted()
    }

    private static func canonical(_ value: Any) -> Data? {
        try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
    }
}
