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
/// no process's write is lost; a theme's variant index is merged the same way, in one step.
/// The lock's descriptor is closed in child processes (`O_CLOEXEC`), so a process the app
/// starts during a write never keeps it. Reads take no lock: they see the old file or the new one.
/// A read parses the file only when its bytes differ from the last ones parsed, so a theme restoring
/// many keys at launch does not parse a large file once per key.
///
/// **Damage stays where it is.** A value that cannot be read (neither a JSON array or object nor Base64
/// text) makes
/// only its own key throw ``ThemeStorageError/Kind-swift.enum/corrupt``; every other
/// key reads normally, and writes to other keys keep the bad value as it is. A file
/// that does not parse as a JSON object — empty, cut short, not JSON, nested more than 512 levels
/// deep (Foundation's limit), larger than ``maxFileBytes``, or not a regular file — makes every key
/// throw `corrupt`, with the parser's reason; the next write
/// moves it aside to `<name>.corrupt` (then `<name>.corrupt-2`, `-3`…: an earlier copy
/// is never overwritten) and starts a fresh file.
///
/// The file is a JSON object mapping each key to its value, readable as it is: a value that is itself a
/// JSON array or object (what ``Theme`` stores: `["dark"]`, an extension's fields) is written as that JSON,
/// provided it reads back byte for byte (keys sorted, no spaces: `JSONEncoder`'s default output of a
/// structure with several fields is not, and is written as Base64) and nests at most 64 levels deep;
/// any other value is written as Base64 text. Files written entirely
/// in Base64 (before 0.1.0) read as before.
public final class JSONFileThemeStorage: ThemeStorage, _KeyUpdatingStorage, _DamageReportingStorage {
    /// The file this storage reads and writes.
    public let fileURL: URL
    /// Serialises this process's writers (the file lock serialises processes).
    private let lock = PlatformLock()
    /// The file as last parsed, with the bytes it was parsed from. Invalidated by any change to the
    /// bytes, compared whole on every read (a file's identity and times are not enough: an inode a
    /// rename frees is reused at once, and Linux's file times are as coarse as a timer tick). Pays
    /// for: a launch that restores many keys from a large file (one parse, not one per key).
    private let parsed = Locked<ParsedFile?>(nil)

    /// How many times the file was parsed (for tests of the cache above).
    package let parseCount = Locked(0)
    /// Damaged files that writes moved aside, not yet taken by a theme (the last 16).
    private let damageReports = Locked<[ThemeStorageError]>([])

    /// The largest file read: a settings file past it is damaged, not settings.
    public static let maxFileBytes = 16 << 20

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
        guard let value = try readAll(key: key)[key] else { return nil }
        return try decode(value, name: key, key: key)
    }

    /// Stores `data` under `key`, rewriting the file atomically under the cross-process lock.
    public func setData(_ data: Data, forKey key: String) throws(ThemeStorageError) {
        try update(key: key) { $0[key] = Self.inlineValue(of: data) ?? data.base64EncodedString() }
    }

    /// Removes `key`, rewriting the file atomically under the cross-process lock.
    public func removeData(forKey key: String) throws(ThemeStorageError) {
        try update(key: key) { $0.removeValue(forKey: key) }
    }

    /// Reads, changes and writes `key` under both locks (ThemeKit's own `change` only). A damaged
    /// file or value throws `corrupt` before `change` runs, and is left as it is.
    package func _updateData(
        forKey key: String, _ change: (Data?) throws(ThemeStorageError) -> Data?
    ) throws(ThemeStorageError) {
        try update(key: key, movingDamageAside: false) { (contents: inout [String: Any]) throws(ThemeStorageError) in
            // Not `Optional.map`: it rethrows as `any Error` in the iOS SDK's standard library.
            var current: Data?
            if let value = contents[key] { current = try decode(value, name: key, key: key) }
            if let data = try change(current) {
                contents[key] = Self.inlineValue(of: data) ?? data.base64EncodedString()
            } else {
                contents.removeValue(forKey: key)
            }
        }
    }

    /// Read, change and write back, holding this process's lock and the file lock, so that writes from
    /// other threads and other processes are merged rather than lost. A damaged file is moved aside
    /// first (`movingDamageAside`), or makes this throw.
    private func update(
        key: String, movingDamageAside: Bool = true,
        _ change: (inout [String: Any]) throws(ThemeStorageError) -> Void
    ) throws(ThemeStorageError) {
        try lock.withLock { () throws(ThemeStorageError) in
            try createDirectory(key: key)
            let fileLock = try FileLock(path: lockFileURL.path, key: key)
            defer { fileLock.unlock() }
            var contents: [String: Any]
            do throws(ThemeStorageError) {
                contents = try readAll(key: key)
            } catch {
                guard error.kind == .corrupt, movingDamageAside else { throw error }
                let aside = try quarantineDamagedFile(key: key)
                let report = ThemeStorageError(
                    kind: .corrupt, key: key,
                    reason: error.reason + "; a write of this key moved it aside to \(aside.path) and started a new "
                        + "file: the other keys it held are only in that copy now")
                damageReports.withLock { reports in
                    reports.append(report)
                    if reports.count > 16 { reports.removeFirst(reports.count - 16) }
                }
                contents = [:]
            }
            // Values that read are rewritten in today's form (inline JSON where it reads back exactly); a value
            // that does not read is kept exactly as it is, for its own key to report.
            for (name, value) in contents {
                guard let data = try? decode(value, name: name, key: key) else { continue }
                contents[name] = Self.inlineValue(of: data) ?? data.base64EncodedString()
            }
            try change(&contents)
            try writeAll(contents, key: key)
        }
    }

    /// The file's JSON object, values as they are (decoded one key at a time by ``decode(_:name:key:)``):
    /// the parsed version when the file is still that version, else read and parsed anew.
    private func readAll(key: String) throws(ThemeStorageError) -> [String: Any] {
        func failure(_ kind: ThemeStorageError.Kind, _ reason: String) -> ThemeStorageError {
            ThemeStorageError(kind: kind, key: key, reason: "\(fileURL.path) \(reason)")
        }
        // Non-blocking, so a FIFO at the path is refused below instead of waited on; closed in children.
        let descriptor = open(fileURL.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return [:] }
            throw failure(.unreadable, "cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw failure(.unreadable, "cannot be read: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else { throw failure(.corrupt, "is not a regular file") }
        let limit = Self.maxFileBytes
        guard Int(status.st_size) <= limit else {
            throw failure(.corrupt, "is \(status.st_size) bytes, more than the \(limit)-byte limit of a settings file")
        }
        // Read with `read(2)`: Foundation's `FileHandle.read(upToCount:)` on Linux leaks a buffer per call
        // (LeakSanitizer, under CI's ASan step).
        var bytes = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(.unreadable, "cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        guard bytes.count <= limit else {
            throw failure(.corrupt, "is more than the \(limit)-byte limit of a settings file")
        }
        guard !bytes.isEmpty else { throw failure(.corrupt, "is empty: a settings file is a JSON object") }
        if let cached = parsed.withLock({ $0 }), cached.bytes == bytes { return cached.object }
        let object: [String: Any]
        do {
            guard let parsedObject = try JSONSerialization.jsonObject(with: bytes) as? [String: Any] else {
                throw failure(.corrupt, "is not a JSON object (\(bytes.count) bytes)")
            }
            object = parsedObject
        } catch let error as ThemeStorageError {
            throw error
        } catch {
            // The parser says what is wrong and where ("… around line 4, column 3."); escaped, as it
            // may quote the file.
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw failure(
                .corrupt, "is not a JSON object (\(bytes.count) bytes): \(UntrustedText.escaped(detail.prefix(200)))")
        }
        parsed.withLock { $0 = ParsedFile(bytes: bytes, object: object) }
        parseCount.withLock { $0 += 1 }
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
    private func quarantineDamagedFile(key: String) throws(ThemeStorageError) -> URL {
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
        return aside
    }

    /// The damaged files that writes moved aside since the last call (what ``Theme`` posts as
    /// ``ThemeEvent/storageFailure(_:)``).
    package func _takeDamageReports() -> [ThemeStorageError] {
        damageReports.withLock { reports in
            defer { reports = [] }
            return reports
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

/// A parsed version of the file. Sound to share between threads: the object is never mutated (readers
/// get copies of its value types).
private struct ParsedFile: @unchecked Sendable {
    var bytes: Data
    var object: [String: Any]
}

extension JSONFileThemeStorage {
    /// The deepest inline value: one level more inside the file's object must stay within Foundation's
    /// parser limit (512 levels) with room to spare. Deeper values are written as Base64.
    fileprivate static let maxInlineDepth = 64

    /// `data` as a JSON array or object to write in place of Base64, when writing it that way reads back
    /// exactly `data` (sorted keys, compact, as `JSONEncoder` writes the theme's values) and it nests at
    /// most ``maxInlineDepth`` levels; otherwise `nil`.
    fileprivate static func inlineValue(of data: Data) -> Any? {
        guard data.first == UInt8(ascii: "[") || data.first == UInt8(ascii: "{"),
            nestingDepth(of: data) <= maxInlineDepth,
            let value = try? JSONSerialization.jsonObject(with: data),  // Not JSON: written as Base64 instead.
            bytes(ofInlineValue: value) == data
        else { return nil }
        return value
    }

    /// How deeply arrays and objects nest in JSON text (brackets inside strings not counted).
    fileprivate static func nestingDepth(of data: Data) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
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
        // Closed in child processes: a child started during a write must not keep the lock.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
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
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
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
        let directory = open(parent, O_RDONLY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }
}

#if canImport(Glibc)
    private let systemWrite = Glibc.write
    private let systemRead = Glibc.read
#elseif canImport(Musl)
    private let systemWrite = Musl.write
    private let systemRead = Musl.read
#else
    private let systemWrite = Darwin.write
    private let systemRead = Darwin.read
#endif
