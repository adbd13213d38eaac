import Foundation

/// A ``ThemeStorage`` that keeps values in memory: for tests and previews.
public final class InMemoryThemeStorage: ThemeStorage, _KeyUpdatingStorage {
    private let values: Locked<[String: Data]>

    /// Creates an empty storage, or one holding `values`.
    /// - Parameter values: Initial contents, keyed by full storage key.
    public init(_ values: [String: Data] = [:]) { self.values = Locked(values) }

    /// Returns the stored data for `key`.
    public func data(forKey key: String) throws(ThemeStorageError) -> Data? {
        values.withLock { $0[key] }
    }

    /// Stores `data` under `key`.
    public func setData(_ data: Data, forKey key: String) throws(ThemeStorageError) {
        values.withLock { $0[key] = data }
    }

    /// Removes the value under `key`.
    public func removeData(forKey key: String) throws(ThemeStorageError) {
        _ = values.withLock { $0.removeValue(forKey: key) }
    }

    /// Reads, changes and writes `key` under the lock (ThemeKit's own `change` only).
    package func _updateData(
        forKey key: String, _ change: (Data?) throws(ThemeStorageError) -> Data?
    ) throws(ThemeStorageError) {
        try values.withLock { (values: inout [String: Data]) throws(ThemeStorageError) in
            values[key] = try change(values[key])
        }
    }

    /// Every key currently stored, sorted.
    public var keys: [String] { values.withLock { $0.keys.sorted() } }
}
