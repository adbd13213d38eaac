import Foundation
import ThemeKitTokens

extension CommandContext {
    /// Writes text to a file, or to standard output when `path` is `nil` or `-`.
    /// - Throws: ``CommandError/input(_:)`` when the file cannot be written.
    mutating func emit(_ text: String, to path: String?) throws(CommandError) {
        guard let path, path != "-" else {
            write(text)
            return
        }
        try writeFile(Data(text.utf8), to: path)
    }

    /// Writes bytes to a file atomically; the folder it goes in must exist.
    mutating func writeFile(_ data: Data, to path: String) throws(CommandError) {
        if path.isEmpty || path.contains("\u{0}") { throw .input("'\(path)' is not a usable output path") }
        let url = self.url(for: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .input("cannot write \(path): it is a folder")
        }
        let folder = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw .input("cannot write \(path): the folder \(folder.path) does not exist")
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw .input("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Checks that a pack about to be written decodes under the strict policy, so no command writes a pack
    /// that `validate --strict` would reject.
    mutating func checkWritable(_ pack: ThemePack, output: String) throws(CommandError) {
        do {
            _ = try ThemePackDecoder(policy: .strict).decode(ThemePackEncoder().encode(pack), source: output)
        } catch {
            for issue in error.issues { printError(IssueFormatting.line(issue, file: output)) }
            throw .input("the result would not be a valid theme pack; nothing was written")
        }
    }
}
