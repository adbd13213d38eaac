import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``ThemeStorage`` that keeps all keys in one JSON file, replaced atomically on every write.
///
/// Each write goes to a temporary file in the same directory, is flushed to disk
/// with `fsync`, and then renamed over the old file, so a crash or power loss at
/// any moment leaves either the old file or the new one — never a torn one.
///
/// When the existing file cannot be parsed, reads of every key throw
/// ``ThemeStorageError/Kind-swift.enum/corrupt``; the next write first moves the
/// damaged file aside to `<name>.corrupt` (so nothing is silently destroyed) and
/// then starts a fresh file.
///
/// The file is a JSON object mapping each key to its value, readable as it is: a value that is itself a
/// JSON array or object (what ``Theme`` stores: `["dark"]`, an extension's fields) is written as that JSON,
/// provided it reads back byte for byte; any other value is written as Base64 text. Files written entirely
/// in Base64 (before 0.1.0) read as before.
public final class JSONFileThemeStorage: ThemeStorage {
    /// The file this storage reads and writes.
    public let fileURL: URL
    private let lock = PlatformLock()

    /// Creates a storage over the JSON file at `fileURL`; the file need not exist yet.
    ///
    /// Temporary files left beside it by a process that died mid-write are removed.
    /// - Parameter fileURL: A file URL; its directory is created on the first write.
    public init(fileURL: URL) {
        self.fileURL = fileURL
        AtomicFileWriter.removeAbandonedTemporaries(of: fileURL.path)
    }

    /// Returns the data stored under `key`.
    public func data(forKey key: String) throws(ThemeStorageError) -> Data? {
        try lock.withLock { () throws(ThemeStorageError) -> Data? in
            try readAll(key: key)[key]
        }
    }

    /// Stores `data` under `key`, rewriting the file atomically.
    public func setData(_ data: Data, forKey key: String) throws(ThemeStorageError) {
        try update(key: key) { $0[key] = data }
    }

    /// Removes `key`, rewriting the file atomically.
    public func removeData(forKey key: String) throws(ThemeStorageError) {
        try update(key: key) { $0.removeValue(forKey: key) }
    }

    private func update(key: String, _ change: (inout [String: Data]) -> Void) throws(ThemeStorageError) {
        try lock.withLock { () throws(ThemeStorageError) in
            var contents: [String: Data]
            do throws(ThemeStorageError) {
                contents = try readAll(key: key)
            } catch {
                guard error.kind == .corrupt else { throw error }
                try quarantineDamagedFile(key: key)
                contents = [:]
            }
            change(&contents)
            try writeAll(contents, key: key)
        }
    }

    private func readAll(key: String) throws(ThemeStorageError) -> [String: Data] {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: fileURL)
        } catch {
            if !FileManager.default.fileExists(atPath: fileURL.path) { return [:] }
            throw ThemeStorageError(kind: .unreadable, key: key, reason: "cannot read \(fileURL.path): \(error)")
        }
        if bytes.isEmpty { return [:] }
        guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
            throw ThemeStorageError(
                kind: .corrupt, key: key, reason: "\(fileURL.path) is not a JSON object (\(bytes.count) bytes)")
        }
        var result: [String: Data] = [:]
        for (name, value) in object {
            if let text = value as? String, let data = Data(base64Encoded: text) {
                result[name] = data
            } else if let data = Self.bytes(ofInlineValue: value) {
                result[name] = data
            } else {
                throw ThemeStorageError(
                    kind: .corrupt, key: key,
                    reason: "\(fileURL.path): value of '\(name)' is neither a JSON array or object nor Base64 text")
            }
        }
        return result
    }

    private func quarantineDamagedFile(key: String) throws(ThemeStorageError) {
        let aside = fileURL.appendingPathExtension("corrupt")
        if rename(fileURL.path, aside.path) != 0 {
            throw ThemeStorageError(
                kind: .writeFailed, key: key,
                reason: "cannot move damaged \(fileURL.path) aside: \(String(cString: strerror(errno)))")
        }
    }

    private func writeAll(_ contents: [String: Data], key: String) throws(ThemeStorageError) {
        var object: [String: Any] = [:]
        for (name, data) in contents { object[name] = Self.inlineValue(of: data) ?? data.base64EncodedString() }
        let bytes: Data
        do {
            bytes = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        } catch {
            throw ThemeStorageError(kind: .writeFailed, key: key, reason: "cannot encode: \(error)")
        }
        let directory = fileURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ThemeStorageError(
                kind: .writeFailed, key: key, reason: "cannot create \(directory.path): \(error)")
        }
        try AtomicFileWriter.write(bytes, to: fileURL.path, key: key)
    }
}

extension JSONFileThemeStorage {
    /// `data` as a JSON array or object to write in place of Base64, when writing it that way reads back
    /// exactly `data` (sorted keys, compact, as `JSONEncoder` writes the theme's values); otherwise `nil`.
    fileprivate static func inlineValue(of data: Data) -> Any? {
        guard data.first == UInt8(ascii: "[") || data.first == UInt8(ascii: "{"),
            let value = try? JSONSerialization.jsonObject(with: data),  // Not JSON: written as Base64 instead.
            bytes(ofInlineValue: value) == data
        else { return nil }
        return value
    }

    /// The bytes an inline value stands for; `nil` when it is not an array or object.
    fileprivate static func bytes(ofInlineValue value: Any) -> Data? {
        guard value is [Any] || value is [String: Any] else { return nil }
        // A value JSONSerialization itself parsed is always serialisable; a failure reads as corrupt.
        return try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    }
}

/// Writes a file so that readers see either the old or the new contents, never a mix.
enum AtomicFileWriter {
    /// Removes `<path>.tmp-<pid>-<n>` files whose writing process no longer exists
    /// (a crash between creating the temporary file and renaming it).
    static func removeAbandonedTemporaries(of path: String) {
        let url = URL(fileURLWithPath: path)
        let prefix = url.lastPathComponent + ".tmp-"
        let directory = url.deletingLastPathComponent()
        // Best effort: an unreadable directory only means nothing is cleaned up now.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            let fields = name.dropFirst(prefix.count).split(separator: "-")
            guard let pid = fields.first.flatMap({ pid_t($0) }), pid > 0 else { continue }
            // kill(pid, 0) fails with ESRCH when no such process exists.
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink(directory.appendingPathComponent(name).path)
            }
        }
    }

    static func write(_ bytes: Data, to path: String, key: String) throws(ThemeStorageError) {
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        func failure(_ step: String) -> ThemeStorageError {
            ThemeStorageError(
                kind: .writeFailed, key: key, reason: "\(step) \(temporary): \(String(cString: strerror(errno)))")
        }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw failure("cannot create") }
        var written = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let result = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return true
        }
        if !ok || fsync(descriptor) != 0 {
            let error = failure("cannot write")
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure("cannot rename")
            unlink(temporary)
            throw error
        }
        // Make the rename itself durable.
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let directory = open(parent, O_RDONLY)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
#elseif canImport(Musl)
    private let systemWrite = Musl.write
#else
    private let systemWrite = Darwin.write
#endif
