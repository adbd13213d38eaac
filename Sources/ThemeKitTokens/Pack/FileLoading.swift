import Foundation

/// Reads files for the decoders without reading more than the document limit allows.
enum FileLoading {
    /// Reads a file that something else named (a folder's member, a resolver's `$ref`), refusing it
    /// before opening it unless it is a regular file (after symbolic links) of at most `limit` bytes:
    /// opening a FIFO waits for a writer that may never come, and a device may never end. A file the
    /// user names is read with ``read(_:limit:)``, so `<(curl …)` still works.
    static func readRegularFile(_ url: URL, limit: Int) throws(ThemePackError) -> Data {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        } catch {
            throw .unreadableFile(path: url.path, reason: "the file cannot be opened (\(error.localizedDescription))")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .unreadableFile(path: url.path, reason: "it is not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= limit else {
            throw .unreadableFile(path: url.path, reason: "it is \(size) bytes, more than the \(limit)-byte limit")
        }
        // Bounded too: a file that grew since it was checked is still read no further than the limit.
        return try read(url, limit: limit)
    }

    /// Reads a whole file, refusing it before reading when it is larger than `limit` bytes.
    static func read(_ url: URL, limit: Int) throws(ThemePackError) -> Data {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .unreadableFile(path: url.path, reason: "the file cannot be opened (\(error.localizedDescription))")
        }
        defer { try? handle.close() }  // Closing a read-only handle cannot lose data; its failure is irrelevant.
        do {
            // Read one byte past the limit: a file that delivers it is too large, whatever its size claims.
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            if data.count > limit {
                throw ThemePackError.unreadableFile(
                    path: url.path, reason: "the file is larger than the document limit of \(limit) bytes")
            }
            return data
        } catch let error as ThemePackError {
            throw error
        } catch {
            throw .unreadableFile(path: url.path, reason: "the file cannot be read (\(error.localizedDescription))")
        }
    }
}
