import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The loader's disk cache: one file per URL holding the URL, the ETag and the last body that decoded.
///
/// File layout, chosen so that body and ETag are always replaced together by one atomic rename:
///
/// ```
/// ThemePackLoader cache 1\n
/// {"bodyLength":1234,"etag":"\"v7\"","url":"https://example.com/pack.json"}\n
/// <body bytes>
/// ```
///
/// The file name is the FNV-1a 64-bit hash of the URL's absolute string in hex; the URL stored inside guards
/// against the (unlikely) collision. Thread safety: stateless; concurrent writers race only on `rename`, which
/// is atomic, so a reader sees one whole file or the other.
package struct PackCache: Sendable {
    /// One cached body.
    package struct Entry: Sendable, Equatable {
        /// The body, exactly as downloaded.
        package var data: Data
        /// The ETag it was served with.
        package var etag: String?

        /// Creates an entry.
        package init(data: Data, etag: String?) {
            self.data = data
            self.etag = etag
        }
    }

    private struct Header: Codable {
        var url: String
        var etag: String?
        var bodyLength: Int
    }

    private static let magic = Data("ThemePackLoader cache 1\n".utf8)

    /// The folder holding the cache files.
    package let directory: URL

    /// Writes the temporary file; replaced by tests to fail part-way, as a full disk does.
    let writeTemporary: @Sendable (Data, URL) throws -> Void

    /// Creates a cache over `directory` (created on first write).
    ///
    /// - Parameters:
    ///   - directory: The folder holding the cache files.
    ///   - writeTemporary: Writes a temporary file; the default writes it whole, refusing to overwrite.
    package init(
        directory: URL,
        writeTemporary: @escaping @Sendable (Data, URL) throws -> Void = {
            try $0.write(to: $1, options: .withoutOverwriting)
        }
    ) {
        self.directory = directory
        self.writeTemporary = writeTemporary
    }

    /// The cache file name for `url`: 16 hex digits of FNV-1a 64 of its absolute string, plus an extension.
    package static func fileName(for url: URL) -> String {
        let hash = FNV1a.hash64(Array(url.absoluteString.utf8))
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ".themepack-cache"
    }

    /// Where the entry for `url` lives.
    package func fileURL(for url: URL) -> URL {
        directory.appendingPathComponent(Self.fileName(for: url), isDirectory: false)
    }

    /// Reads the entry for `url`.
    ///
    /// - Returns: The entry, or `nil` when there is none (no file, or a file for another URL with the same hash).
    /// - Throws: ``ThemePackLoaderError/cacheUnreadable(url:path:reason:)`` when the file exists but cannot be
    ///   read or is damaged.
    package func read(for url: URL) throws(ThemePackLoaderError) -> Entry? {
        let file = fileURL(for: url)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let contents: Data
        do {
            contents = try Data(contentsOf: file)
        } catch {
            throw .cacheUnreadable(url: url, path: file.path, reason: "It could not be read (\(error)).")
        }
        func damaged(_ reason: String) -> ThemePackLoaderError {
            .cacheUnreadable(url: url, path: file.path, reason: reason)
        }
        guard contents.starts(with: Self.magic) else {
            throw damaged("It does not start with the cache format marker.")
        }
        let afterMagic = contents.index(contents.startIndex, offsetBy: Self.magic.count)
        guard let newline = contents[afterMagic...].firstIndex(of: UInt8(ascii: "\n")) else {
            throw damaged("Its header line is unterminated.")
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: contents[afterMagic..<newline])
        } catch {
            throw damaged("Its header is not valid JSON (\(error)).")
        }
        guard header.url == ThemePackLoaderError.display(url) else { return nil }
        let body = contents[contents.index(after: newline)...]
        guard body.count == header.bodyLength else {
            throw damaged("Its body has \(body.count) bytes where the header records \(header.bodyLength).")
        }
        return Entry(data: Data(body), etag: header.etag)
    }

    /// Replaces the entry for `url` atomically: writes a temporary file beside it, then renames it into place.
    ///
    /// - Throws: ``ThemePackLoaderError/cacheWriteFailed(url:path:reason:)`` when the folder cannot be created
    ///   or the file cannot be written or renamed; the previous entry is then left as it was.
    package func store(_ entry: Entry, for url: URL) throws(ThemePackLoaderError) {
        let file = fileURL(for: url)
        func failure(_ reason: String) -> ThemePackLoaderError {
            .cacheWriteFailed(url: url, path: file.path, reason: reason)
        }
        let headerData: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            // The URL without its credentials: the header is readable by anyone who can read the folder.
            headerData = try encoder.encode(
                Header(url: ThemePackLoaderError.display(url), etag: entry.etag, bodyLength: entry.data.count))
        } catch {
            throw failure("Its header could not be encoded (\(error)).")
        }
        var contents = Self.magic
        contents.append(headerData)
        contents.append(UInt8(ascii: "\n"))
        contents.append(entry.data)

        let temporary = directory.appendingPathComponent(
            ".\(Self.fileName(for: url)).\(UUID().uuidString).tmp", isDirectory: false)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw failure("The folder could not be created (\(error)).")
        }
        do {
            try writeTemporary(contents, temporary)
        } catch {
            // A write that failed part-way (a full disk) leaves a partial file: remove it, whatever it holds.
            if FileManager.default.fileExists(atPath: temporary.path) {
                do {
                    try FileManager.default.removeItem(at: temporary)
                } catch let removal {
                    throw failure(
                        "The temporary file could not be written (\(error)); \(temporary.path) remains (\(removal)).")
                }
            }
            throw failure("The temporary file could not be written (\(error)).")
        }
        guard rename(temporary.path, file.path) == 0 else {
            let code = errno
            let reason = String(cString: strerror(code))
            do {
                try FileManager.default.removeItem(at: temporary)
            } catch {
                throw failure("It could not be renamed into place (\(reason)); \(temporary.path) remains (\(error)).")
            }
            throw failure("It could not be renamed into place (\(reason)).")
        }
    }
}

/// The 64-bit FNV-1a hash: small, fast, stable across runs and platforms (unlike `Hasher`), and enough to
/// name cache files; not a cryptographic hash.
package enum FNV1a {
    /// Hashes `bytes`.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    package static func hash64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
