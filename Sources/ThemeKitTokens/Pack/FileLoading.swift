import Foundation

/// Reads files for the decoders without reading more than the document limit allows.
enum FileLoading {
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
