import Foundation

/// A ``ThemeStorage`` backed by `UserDefaults`, the standard place for app preferences.
public final class UserDefaultsThemeStorage: ThemeStorage {
    // Sound: UserDefaults is documented thread-safe; it is just not marked Sendable on every platform.
    private nonisolated(unsafe) let defaults: UserDefaults

    /// Storage over `UserDefaults.standard`.
    public convenience init() { self.init(defaults: .standard) }

    /// Storage over the defaults suite `suiteName` (an app group, for example).
    ///
    /// Falls back to `UserDefaults.standard` when the suite cannot be opened.
    public convenience init(suiteName: String) {
        self.init(defaults: UserDefaults(suiteName: suiteName) ?? .standard)
    }

    /// Storage over a given `UserDefaults` instance.
    public init(defaults: UserDefaults) { self.defaults = defaults }

    /// Returns the data stored under `key`.
    public func data(forKey key: String) throws(ThemeStorageError) -> Data? {
        guard let object = defaults.object(forKey: key) else { return nil }
        guard let data = object as? Data else {
            throw ThemeStorageError(kind: .corrupt, key: key, reason: "expected data, found \(type(of: object))")
        }
        return data
    }

    /// Stores `data` under `key`.
    public func setData(_ data: Data, forKey key: String) throws(ThemeStorageError) {
        defaults.set(data, forKey: key)
    }

    /// Removes the value under `key`.
    public func removeData(forKey key: String) throws(ThemeStorageError) {
        defaults.removeObject(forKey: key)
    }
}
