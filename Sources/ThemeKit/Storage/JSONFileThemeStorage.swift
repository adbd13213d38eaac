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
/// any moment leaves either the old file or the new one — never a torn one. The
/// rewrite keeps the file's permissions (a file made `0600` stays `0600`).
///
/// **Several processes** (an app and its extensions sharing an App Group folder) may
/// use one file: every write takes an advisory lock (`flock`) on `<name>.lock` beside
/// it, then reads the file, changes its key and writes it back, all under the lock, so
/// no process's write is lost. Reads take no lock: they see the old file or the new one.
///
/// **Damage stays where it is.** A value that cannot be read (neither a JSON array or object nor Base64
/// text) makes
/// only its own key throw ``ThemeStorageError/Kind-swift.enum/corrupt``; every other
/// key reads normally, and writes to other keys keep the bad value as it is. A file
/// that is not a JSON object at all makes every key throw `corrupt`; the next write
/// moves it aside to `<name>.corrupt` (then `<name>.corrupt-2`, `-3`…: an earlier copy
/// is never overwritten) and starts a fresh file.
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

    /// The lock file beside the storage file that writers of every process lock.
    public var lockFileURL: URL { fileURL.appendingPathExtension("lock") }

    /// Returns the data stored under `key`.
    ///
    /// - Throws: ``ThemeStorageError`` of kind `corrupt` when this key's value (or the whole
    ///   file) cannot be read, `unreadable` when the file cannot be opened.
    public func data(forKey key: String) throws(ThemeStorageError) -> Data? {
        try lock.withLock { () throws(ThemeStorageError) -> Data? in
            guard let value = try readAll(key: key)[key] else { return nil }
            return try decode(value, name: key, key: key)
        }
    }

    /// Stores `data` under `key`, rewriting the file atomically under the cross-process lock.
    public func setData(_ data: Data, forKey key: String) throws(ThemeStorageError) {
        try update(key: key) { $0[key] = Self.inlineValue(of: data) ?? data.base64EncodedString() }
    }

    /// Removes `key`, rewriting the file atomically under the cross-process lock.
    public func removeData(forKey key: String) throws(ThemeStorageError) {
        try update(key: key) { $0.removeValue(forKey: key) }
    }

    /// Read, change and write back, holding this process's lock and the file lock, so that writes from
    /// other threads and other processes are merged rather than lost.
    private func update(key: String, _ change: (inout [String: Any]) -> Void) throws(ThemeStorageError) {
        try lock.withLock { () throws(ThemeStorageError) in
            try createDirectory(key: key)
            let fileLock = try FileLock(path: lockFileURL.path, key: key)
            defer { fileLock.unlock() }
            var contents: [String: Any]
            do throws(ThemeStorageError) {
                contents = try readAll(key: key)
            } catch {
                guard error.kind == .corrupt else { throw error }
                try quarantineDamagedFile(key: key)
                contents = [:]
            }
            // Values that read are rewritten in today's form (inline JSON where it reads back exactly); a value
            // that does not read is kept exactly as it is, for its own key to report.
            for (name, value) in contents {
                guard let data = try? decode(value, name: name, key: key) else { continue }
                contents[name] = Self.inlineValue(of: data) ?? data.base64EncodedString()
            }
            change(&contents)
            try writeAll(contents, key: key)
        }
    }

    /// The file's JSON object, values as they are (decoded one key at a time by ``decode(_:name:key:)``).
    private func readAll(key: String) throws(ThemeStorageError) -> [String: Any] {
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
        return object
    }

    private func decode(_ value: Any, name: String, key: String) throws(ThemeStorageError) -> Data {
        if let text = value as? String, let data = Data(base64Encoded: text) { return data }
        if let data = Self.bytes(ofInlineValue: value) { return data }
        throw ThemeStorageError(
            kind: .corrupt, key: key,
            reason: "\(fileURL.path): value of '\(name)' is neither a JSON array or object nor Base64 text")
    }

    private func createDirectory(key: String) throws(ThemeStorageError) {
        let directory = fileURL.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ThemeStorageError(
                kind: .writeFailed, key: key, reason: "cannot create \(directory.path): \(error)")
        }
    }

    /// Moves the damaged file to the first free name of `<name>.corrupt`, `<name>.corrupt-2`, … (under the
    /// file lock, so no other writer takes the same name).
    private func quarantineDamagedFile(key: String) throws(ThemeStorageError) {
        var number = 1
        var aside = fileURL.appendingPathExtension("corrupt")
        while FileManager.default.fileExists(atPath: aside.path) || isSymbolicLink(aside.path) {
            number += 1
            aside = fileURL.appendingPathExtension("corrupt-\(number)")
        }
        if rename(fileURL.path, aside.path) != 0 {
            throw ThemeStorageError(
                kind: .writeFailed, key: key,
                reason: "cannot move damaged \(fileURL.path) aside: \(String(cString: strerror(errno)))")
        }
    }

    private func isSymbolicLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    private func writeAll(_ contents: [String: Any], key: String) throws(ThemeStorageError) {
        let bytes: Data
        do {
            bytes = try JSONSerialization.data(withJSONObject: contents, options: [.sortedKeys])
        } catch {
            throw ThemeStorageError(kind: .writeFailed, key: key, reason: "cannot encode: \(error)")
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

/// An exclusive advisory lock (`flock`) on a lock file, held until ``unlock()``: how processes sharing a
/// storage file take turns. The same code on Darwin and Linux; the lock is released by the kernel if the
/// process dies.
struct FileLock {
    private let descriptor: Int32

    /// Opens (creating it, mode `0600`) and locks `path`, waiting for other holders.
    init(path: String, key: String) throws(ThemeStorageError) {
        let descriptor = open(path, O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else {
            throw ThemeStorageError(
                kind: .writeFailed, key: key,
                reason: "cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw ThemeStorageError(kind: .writeFailed, key: key, reason: "cannot lock \(path): \(reason)")
        }
        self.descriptor = descriptor
    }

    /// Releases the lock (closing the descriptor releases it).
    func unlock() {
        close(descriptor)
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
        // The rewrite keeps the permissions of the file it replaces (a 0600 file stays 0600).
        var existing = stat()
        let mode: mode_t = stat(path, &existing) == 0 ? existing.st_mode & 0o7777 : 0o644
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard descriptor >= 0 else { throw failure("cannot create") }
        // `open` applies the umask; the mode of an existing file is restored exactly.
        if stat(path, &existing) == 0 { _ = fchmod(descriptor, mode) }
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
