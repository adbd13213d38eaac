import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ThemeKitTokens

extension CommandContext {
    /// Writes text to a file, or to standard output when `path` is `nil` or `-`.
    /// - Throws: ``CommandError/input(_:)`` when the file cannot be written.
    mutating func emit(_ text: String, to path: String?) throws(CommandError) {
        guard let path, path != "-" else {
            write(text)
            return
        }
        progress.begin("writing \(path)")
        try writeFile(Data(text.utf8), to: path)
    }

    /// Refuses an output path that names one of the inputs: writing it would replace the input without a word.
    /// - Throws: ``CommandError/usage(_:command:)`` (exit 2).
    func checkOutput(_ output: String?, isNotAnyOf inputs: [String?], command: String) throws(CommandError) {
        guard let output, output != "-", !output.isEmpty else { return }
        let target = url(for: output).resolvingSymlinksInPath().path
        for case let input? in inputs where input != "-" && !input.isEmpty {
            if url(for: input).resolvingSymlinksInPath().path == target {
                throw .usage(
                    "the output '\(output)' is the input '\(input)'; writing it would replace the input. "
                        + "Choose another output path", command: command)
            }
        }
    }

    /// Refuses an output whose parent folder does not exist, as ``writeFile(_:to:)`` does: no command creates
    /// missing folders on the way to its output.
    /// - Throws: ``CommandError/input(_:)``.
    func checkParentFolder(of output: String) throws(CommandError) {
        let folder = url(for: output).deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw .input("cannot write \(output): the folder \(folder.path) does not exist")
        }
    }

    /// `--write-through`: the one way to write into an output that is not a regular file.
    static let writeThroughOption = CommandSpec.Option(
        name: "write-through", kind: .flag,
        help: "Write into an existing output that is not a regular file (a symbolic link's target, a FIFO, a "
            + "device) instead of refusing it. Without it, only a missing path or a regular file is written, and a "
            + "regular file is replaced atomically.")

    /// Writes bytes to a file atomically; the folder it goes in must exist.
    ///
    /// Only a missing path or a regular file is written (atomically: a temporary file renamed into place), so
    /// the rename never turns a symbolic link, a device (`/dev/null`) or a FIFO into a regular file. Anything
    /// else is refused, unless the command was given `--write-through` (``writesThrough``): then a symbolic
    /// link's target is written (atomically when it is a regular file) and a device or FIFO is opened and
    /// written into. Every refusal is decided by ``checkWritable(_:)`` before a byte is written.
    mutating func writeFile(_ data: Data, to path: String) throws(CommandError) {
        let type = try checkWritable(path)
        let url = self.url(for: path)
        do {
            switch type {
            case nil:
                try data.write(to: url, options: .atomic)
            case .typeRegular?:
                try Self.replaceRegularFile(at: url, with: data, named: path)
            case let special?:
                let target = url.resolvingSymlinksInPath()
                let targetType = Self.fileType(at: target.path)
                if special == .typeSymbolicLink, targetType == .typeRegular {
                    try Self.replaceRegularFile(at: target, with: data, named: path)
                } else if special == .typeSymbolicLink, targetType == nil {
                    try data.write(to: target, options: .atomic)
                } else {
                    guard let handle = FileHandle(forWritingAtPath: url.path) else {
                        throw CommandError.input("cannot write \(path): it cannot be opened for writing")
                    }
                    defer { try? handle.close() }  // Best effort: the bytes are written or the write threw.
                    try handle.write(contentsOf: data)
                }
            }
        } catch let error as CommandError {
            throw error
        } catch {
            throw .input("cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Checks, without writing anything, that ``writeFile(_:to:)`` would write `path` rather than refuse it, and
    /// returns the type of the path itself (`nil` when it does not exist).
    ///
    /// Refused: an empty path or one holding NUL; a folder; a path whose folder does not exist; and, without
    /// `--write-through`, anything but a missing path or a regular file. With `--write-through`, a dangling
    /// symbolic link whose target's folder does not exist is refused too. A command that writes
    /// several files checks them all with this before writing the first, so a refusal writes nothing.
    /// - Throws: ``CommandError/input(_:)`` naming the path and what it is.
    @discardableResult
    func checkWritable(_ path: String) throws(CommandError) -> FileAttributeType? {
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
        let type = Self.fileType(at: url.path)
        guard let special = type, special != .typeRegular else { return type }
        guard writesThrough else {
            throw .input(
                "cannot write \(path): it is \(Self.describe(special)), not a regular file, and replacing it "
                    + "would turn it into one. Pass --write-through to write into it")
        }
        guard special == .typeSymbolicLink else { return type }
        // A link to a folder was refused above (`fileExists` follows links); a dangling one is written by
        // creating its target, so the target's folder must exist.
        let target = url.resolvingSymlinksInPath()
        let targetFolder = target.deletingLastPathComponent()
        if Self.fileType(at: target.path) == nil,
            !FileManager.default.fileExists(atPath: targetFolder.path, isDirectory: &isDirectory)
                || !isDirectory.boolValue
        {
            throw .input(
                "cannot write \(path): it is a symbolic link to \(target.path), whose folder \(targetFolder.path) "
                    + "does not exist")
        }
        return type
    }

    /// The type of the file at `path` itself, not following a symbolic link; `nil` when there is none.
    static func fileType(at path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    /// Replaces the regular file at `url` atomically, keeping its permission bits: the bytes go to a new file
    /// beside it, created with no access for anyone but its owner and then given the old file's mode, which is
    /// renamed over the old one. A private file (`0600`) never has a readable copy, and a shared one (`0644`)
    /// stays shared.
    static func replaceRegularFile(at url: URL, with data: Data, named path: String) throws(CommandError) {
        func failure(_ step: String) -> CommandError {
            .input("cannot write \(path): \(step) failed: \(String(cString: strerror(errno)))")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        let mode = (attributes?[.posixPermissions] as? NSNumber)?.uint16Value ?? 0o644
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).themekit-\(UUID().uuidString)").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw failure("creating a file beside it") }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw .input("cannot write \(path): \(error.localizedDescription)")
        }
        // `fchmod` is not masked by the umask, so the new file gets exactly the old one's bits.
        guard fchmod(descriptor, mode_t(mode & 0o7777)) == 0 else { throw failure("setting its permissions") }
        guard fsync(descriptor) == 0 else { throw failure("flushing it") }
        try? handle.close()  // Best effort: the bytes were flushed above.
        guard rename(temporary, url.path) == 0 else { throw failure("renaming it into place") }
        renamed = true
    }

    /// `a symbolic link`, `a character device`…: what a path that is not a regular file is.
    static func describe(_ type: FileAttributeType) -> String {
        switch type {
        case .typeSymbolicLink: "a symbolic link"
        case .typeCharacterSpecial: "a character device"
        case .typeBlockSpecial: "a block device"
        case .typeSocket: "a socket"
        case .typeDirectory: "a folder"
        default: "a FIFO or another special file"
        }
    }

    /// Encodes a pack about to be written and checks that it decodes under the strict policy, so no command
    /// writes a pack that `validate --strict` would reject. Returns the bytes to write.
    ///
    /// The check reads the pack with the size limits lifted (it is the tool's own output, already in memory):
    /// a size limit concerns files being read, and a pack larger than the readers' defaults is written with a
    /// warning that names the output file, its size and the limit it exceeds, rather than refused with a
    /// message that reads as if the unwritten output were an input (issue #23).
    /// - Parameter readingLimits: The limits readers apply by default; a parameter for tests.
    mutating func checkedPackData(
        _ pack: ThemePack, output: String, readingLimits: JSONLimits = .default
    ) throws(CommandError) -> Data {
        progress.begin("encoding the pack")
        let data = ThemePackEncoder().encode(pack)
        progress.begin("checking the pack (\(data.count) bytes)")
        let shown = output == "-" ? "the pack written to standard output" : output
        var limits = readingLimits
        limits.maxDocumentBytes = max(limits.maxDocumentBytes, data.count)
        limits.maxTokenCount = Int.max
        do {
            _ = try ThemePackDecoder(policy: .strict, limits: limits).decode(data, source: output)
        } catch {
            for issue in error.issues { printError(IssueFormatting.line(issue, file: shown)) }
            throw .input("the result would not be a valid theme pack; nothing was written")
        }
        // One limit for one pipeline: what convert writes, export-swift, validate and ThemePackLoader read.
        if let exceeded = Self.limitExceeded(by: data, limits: readingLimits) {
            throw .input(
                "\(shown): \(exceeded); export-swift, validate and ThemePackLoader would refuse it, so nothing was "
                    + "written (split the tokens into several packs)")
        }
        return data
    }

    /// Which reading limit a pack's bytes exceed, as a phrase naming the limit and the figures.
    static func limitExceeded(by data: Data, limits: JSONLimits) -> String? {
        if data.count > limits.maxDocumentBytes {
            return "at \(data.count) bytes it is larger than the \(limits.maxDocumentBytes)-byte limit on a file "
                + "that ThemeKit reads (JSONLimits.maxDocumentBytes)"
        }
        do {
            _ = try JSONReader(limits: limits).read(data)
        } catch {
            if case .tooManyTokens(let limit) = error.reason {
                return "it holds more than \(limit) JSON values, the limit on a file that ThemeKit reads "
                    + "(JSONLimits.maxTokenCount)"
            }
        }
        return nil
    }
}
