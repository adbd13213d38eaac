import Foundation

/// Where a ``Theme`` keeps the user's choices between launches.
///
/// Keys are plain strings; a theme prefixes them with its namespace, so two
/// themes over one storage never see each other's data (unless one namespace is
/// the other followed by a dot and more: see ``Theme/init(storage:namespace:delivery:)``).
/// Implementations must be safe to call from any thread.
public protocol ThemeStorage: Sendable {
    /// Returns the data stored under `key`, or `nil` when there is none.
    /// - Throws: ``ThemeStorageError`` when the store exists but cannot be read.
    func data(forKey key: String) throws(ThemeStorageError) -> Data?

    /// Stores `data` under `key`, replacing any earlier value.
    /// - Throws: ``ThemeStorageError`` when the value could not be written; the
    ///   earlier value is then still in place.
    func setData(_ data: Data, forKey key: String) throws(ThemeStorageError)

    /// Removes the value stored under `key`, if any.
    func removeData(forKey key: String) throws(ThemeStorageError)
}

/// A storage that reads, changes and writes one key as one step, so that a change another thread or
/// process makes to the file meanwhile is merged, not lost: ThemeKit's own file and memory storages.
/// A theme merges its variant index with it. `change` is always ThemeKit's own code (it runs under the
/// storage's locks, which the app's code never does); package-only for that reason.
package protocol _KeyUpdatingStorage: ThemeStorage {
    /// Replaces the value under `key` with what `change` makes of it (`nil`: none; returning `nil`
    /// removes it), as one step. A value that cannot be read throws before `change` runs.
    func _updateData(
        forKey key: String, _ change: (Data?) throws(ThemeStorageError) -> Data?
    ) throws(ThemeStorageError)
}

/// A storage that tells its theme about damage it dealt with on its own: a file that could not be read,
/// moved aside by a write so that the write could go ahead. The theme posts each report as a
/// ``ThemeEvent/storageFailure(_:)``: a reset is never silent.
package protocol _DamageReportingStorage: ThemeStorage {
    /// The damage dealt with since the last call, oldest first.
    func _takeDamageReports() -> [ThemeStorageError]
}

extension ThemeStorage {
    /// ``_KeyUpdatingStorage/_updateData(forKey:_:)`` where the storage has it; otherwise a read and a
    /// write, which another process may come between.
    func updateData(
        forKey key: String, _ change: (Data?) throws(ThemeStorageError) -> Data?
    ) throws(ThemeStorageError) {
        if let updating = self as? any _KeyUpdatingStorage {
            try updating._updateData(forKey: key, change)
        } else if let data = try change(try data(forKey: key)) {
            try setData(data, forKey: key)
        } else {
            try removeData(forKey: key)
        }
    }
}

/// A failure to read or write a ``ThemeStorage``.
public struct ThemeStorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: String, Hashable, Sendable {
        /// The backing store could not be read (I/O error, permissions).
        case unreadable
        /// The stored bytes exist but are not a valid value.
        case corrupt
        /// The value could not be written.
        case writeFailed
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// The storage key (including the namespace) that was involved.
    public var key: String
    /// A plain-English reason.
    public var reason: String

    /// Creates a storage error.
    public init(kind: Kind, key: String, reason: String) {
        self.kind = kind
        self.key = key
        self.reason = reason
    }

    /// A sentence naming the key and the reason.
    public var description: String { "\(kind.rawValue) storage at key '\(key)': \(reason)" }
}
