import Foundation

/// Reads and writes the colour sets of an Xcode asset catalog (`.xcassets` folder).
///
/// ```swift
/// let warnings = try AssetCatalog.write(["AccentColor": accent, "Background": background], to: catalogURL)
/// let contents = try AssetCatalog.read(from: catalogURL)
/// contents.colors["AccentColor"]?.resolved(for: .dark)
/// ```
///
/// Both functions work on the file system synchronously and hold no state, so they are safe to call from any
/// thread; concurrent writes to the same folder are not coordinated.
public enum AssetCatalog {
    /// What ``read(from:)`` found: the colour sets by name, and warnings about anything skipped.
    public struct Contents: Hashable, Sendable {
        /// The colour sets, keyed by name (`Brand/Primary` inside a namespace folder).
        public var colors: [String: ColorSet]
        /// Everything skipped or clamped while reading, in file order.
        public var warnings: [AssetCatalogWarning]

        /// Creates a result.
        /// - Parameters:
        ///   - colors: The colour sets by name.
        ///   - warnings: The warnings.
        public init(colors: [String: ColorSet], warnings: [AssetCatalogWarning] = []) {
            self.colors = colors
            self.warnings = warnings
        }
    }

    /// Writes colour sets into an asset catalog folder, creating it (and its root `Contents.json`) if needed.
    ///
    /// Each colour becomes `<name>.colorset/Contents.json`, as produced by ``AssetCatalogColorSet/contentsJSON()``.
    /// Existing colour sets with the same names are replaced; other files in the folder are left alone.
    /// A `/` in a name makes a namespace folder, as Xcode's "Provides Namespace" option does: `Brand/Primary`
    /// is written to `Brand/Primary.colorset` with `"provides-namespace" : true` in `Brand/Contents.json`, and
    /// ``read(from:)`` returns it under the same name. Names may contain spaces and punctuation, but no part of
    /// a name may be empty, start with `.`, contain control characters or be longer than a file name may be
    /// (255 bytes with its `.colorset`); a group part may have no extension (`Brand.v2/Primary` would not be
    /// read back as a group, and `X.colorset/Y` would overwrite colour `X`); and no two names may differ
    /// only in case (one folder on a case-insensitive file system, macOS's default).
    ///
    /// Nothing is written through a symbolic link that leads out of the catalog: an existing folder on the
    /// way to a colour set that is such a link is refused, before anything is written.
    ///
    /// - Parameters:
    ///   - colors: The colour sets to write, keyed by name.
    ///   - url: The `.xcassets` folder.
    /// - Returns: A ``AssetCatalogWarning/customStylesNotWritten(name:styles:)`` warning for each colour set
    ///   with custom styles, which Xcode cannot express.
    /// - Throws: ``AssetCatalogError/invalidColorSetName(_:reason:)`` before writing anything if a name is
    ///   unusable; ``AssetCatalogError/writeFailed(path:reason:)`` before writing anything if a folder on the
    ///   way is a link out of the catalog, or when the file system refuses.
    /// - Complexity: O(*n*) files written for *n* colour sets.
    @discardableResult
    public static func write(_ colors: [String: ColorSet], to url: URL) throws(AssetCatalogError)
        -> [AssetCatalogWarning]
    {
        // Each folder written (a group's, a colour set's) by its path ignoring case: two that differ only in
        // case are one folder on a case-insensitive file system.
        var foldersIgnoringCase: [String: String] = [:]
        for name in colors.keys.sorted() {
            try validate(name: name)
            var path = ""
            for folder in folderNames(of: name) {
                path += (path.isEmpty ? "" : "/") + folder
                if let other = foldersIgnoringCase.updateValue(path, forKey: path.lowercased()), other != path {
                    throw .invalidColorSetName(
                        name,
                        reason: "its folder \(JSONWriter.quoted(JSONPath.shown(path))) differs from "
                            + "\(JSONWriter.quoted(JSONPath.shown(other))) only in case: one folder on a "
                            + "case-insensitive file system (macOS's default)")
                }
            }
        }
        // Links out of the catalog, checked before anything is written (existing folders only: the
        // others are made here).
        if FileManager.default.fileExists(atPath: url.path) {
            let root = url.resolvingSymlinksInPath().standardizedFileURL.path
            for name in colors.keys.sorted() {
                for folder in folders(of: name, in: url) where !isInside(folder, root: root) {
                    throw .writeFailed(
                        path: folder.path,
                        reason:
                            "it is a symbolic link out of the catalog (to \(folder.resolvingSymlinksInPath().path)); "
                            + "ThemeKit does not write through it")
                }
            }
        }
        try writeFile(ContentsJSON.text(.object(["info": AssetCatalogColorSet.info])), to: url)
        var warnings: [AssetCatalogWarning] = []
        for name in colors.keys.sorted() {
            guard let colorSet = colors[name] else { continue }
            let styles = colorSet.custom.keys.filter { $0 != .light && $0 != .dark }
            if !styles.isEmpty {
                warnings.append(
                    .customStylesNotWritten(name: name, styles: styles.sorted { $0.rawValue < $1.rawValue }))
            }
            let folders = folders(of: name, in: url)
            for group in folders.dropLast() { try writeFile(namespaceGroupContents, to: group) }
            try writeFile(AssetCatalogColorSet(colorSet).contentsJSON(), to: folders[folders.count - 1])
        }
        return warnings
    }

    /// Reads every colour set in an asset catalog folder, including those inside group folders.
    ///
    /// Colour sets in a group whose `Contents.json` sets `"provides-namespace" : true` are named
    /// `Group/Name`, as Xcode looks them up; otherwise groups do not change the name. Other asset types
    /// (`.imageset`, `.appiconset`, …) are ignored. Entries that have no fixed sRGB value are skipped with
    /// a warning (see ``AssetCatalogColorSet/init(contentsJSON:path:warnings:)``), and a colour set left with
    /// no Any or Light colour is skipped with ``AssetCatalogWarning/missingAnyAppearance(path:)``. Every
    /// `Contents.json` is read with ``JSONReader``'s default limits; a key repeated within one object gives
    /// ``AssetCatalogWarning/duplicateKey(path:jsonPath:key:)``.
    ///
    /// - Parameter url: The `.xcassets` folder.
    /// - Returns: The colour sets by name, and the warnings.
    /// - Throws: ``AssetCatalogError`` naming the file and JSON path of the first malformed colour set or
    ///   group `Contents.json` (including one beyond the reader's size or depth limits), or
    ///   ``AssetCatalogError/readFailed(path:reason:)`` if the folder cannot be listed.
    public static func read(from url: URL) throws(AssetCatalogError) -> Contents {
        var contents = Contents(colors: [:])
        var sources: [String: String] = [:]
        var visited: Set<String> = []
        let root = url.resolvingSymlinksInPath().standardizedFileURL.path
        try readFolder(url, root: root, namespace: "", into: &contents, sources: &sources, visited: &visited)
        return contents
    }

    /// Whether `url`, symbolic links resolved, is `root` or inside it.
    static func isInside(_ url: URL, root: String) -> Bool {
        let path = url.resolvingSymlinksInPath().standardizedFileURL.path
        return path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    private static func readFolder(
        _ folder: URL, root: String, namespace: String, into contents: inout Contents, sources: inout [String: String],
        visited: inout Set<String>
    ) throws(AssetCatalogError) {
        // Symbolic links can make group folders contain themselves; visit each real folder once.
        guard visited.insert(folder.resolvingSymlinksInPath().path).inserted else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        } catch {
            throw .readFailed(path: folder.path, reason: error.localizedDescription)
        }
        for child in names where !child.hasPrefix(".") {
            let url = folder.appendingPathComponent(child)
            // A link out of the catalog (to /etc, to a huge file elsewhere) is never followed.
            guard isInside(url, root: root) else {
                contents.warnings.append(
                    .linkOutsideCatalog(path: url.path, target: url.resolvingSymlinksInPath().path))
                continue
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            let fileExtension = url.pathExtension
            if fileExtension == "colorset" {
                let name = namespace + url.deletingPathExtension().lastPathComponent
                let file = url.appendingPathComponent("Contents.json")
                guard isInside(file, root: root) else {
                    contents.warnings.append(
                        .linkOutsideCatalog(path: file.path, target: file.resolvingSymlinksInPath().path))
                    continue
                }
                let data = try readData(file)
                var warnings: [AssetCatalogWarning] = []
                let entry = try AssetCatalogColorSet(contentsJSON: data, path: file.path, warnings: &warnings)
                contents.warnings += warnings
                guard let colorSet = entry.colorSet else {
                    contents.warnings.append(.missingAnyAppearance(path: file.path))
                    continue
                }
                if let kept = sources[name] {
                    contents.warnings.append(.duplicateColorSetName(name, keptPath: kept, ignoredPath: file.path))
                    continue
                }
                sources[name] = file.path
                contents.colors[name] = colorSet
            } else if fileExtension.isEmpty {
                let prefix =
                    try providesNamespace(url, root: root, warnings: &contents.warnings)
                    ? namespace + child + "/" : namespace
                try readFolder(
                    url, root: root, namespace: prefix, into: &contents, sources: &sources, visited: &visited)
            }
        }
    }

    /// A group folder's `Contents.json` with Xcode's "Provides Namespace" option on.
    private static let namespaceGroupContents = ContentsJSON.text(
        .object(["info": AssetCatalogColorSet.info, "properties": .object(["provides-namespace": true])]))

    /// Whether a group folder's `Contents.json` has `"properties" : {"provides-namespace" : true}`.
    private static func providesNamespace(_ folder: URL, root: String, warnings: inout [AssetCatalogWarning])
        throws(AssetCatalogError) -> Bool
    {
        let file = folder.appendingPathComponent("Contents.json")
        guard FileManager.default.fileExists(atPath: file.path) else { return false }
        guard isInside(file, root: root) else {
            warnings.append(.linkOutsideCatalog(path: file.path, target: file.resolvingSymlinksInPath().path))
            return false
        }
        let root = try ContentsJSON.read(try readData(file), path: file.path, warnings: &warnings)
        return root["properties"]?["provides-namespace"] == .bool(true)
    }

    /// Reads a `Contents.json`, checking first (without opening it) that it is a regular file within
    /// ``JSONLimits/default``'s document size, so a 500 MB file or a FIFO is refused before any byte is read.
    private static func readData(_ file: URL) throws(AssetCatalogError) -> Data {
        do {
            return try FileLoading.readRegularFile(file, limit: JSONLimits.default.maxDocumentBytes)
        } catch {
            if case .unreadableFile(_, let reason) = error { throw .readFailed(path: file.path, reason: reason) }
            throw .readFailed(path: file.path, reason: error.description)
        }
    }

    private static func writeFile(_ text: String, to folder: URL) throws(AssetCatalogError) {
        let file = folder.appendingPathComponent("Contents.json")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file, options: .atomic)
        } catch {
            throw .writeFailed(path: file.path, reason: error.localizedDescription)
        }
    }

    /// The folders `name` is written to, outermost first: its groups' and its `.colorset`.
    private static func folders(of name: String, in url: URL) -> [URL] {
        var folder = url
        return folderNames(of: name).map { part in
            folder = folder.appendingPathComponent(part, isDirectory: true)
            return folder
        }
    }

    /// The names of the folders, each inside the one before, that hold the colour set `name`: one per
    /// group (the parts before the last `/`), then the set's own `.colorset` folder.
    private static func folderNames(of name: String) -> [String] {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return parts.dropLast().map(String.init) + [parts[parts.count - 1] + ".colorset"]
    }

    /// The longest file name most file systems accept, in bytes (`NAME_MAX`).
    private static let maxFileNameBytes = 255

    private static func validate(name: String) throws(AssetCatalogError) {
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidColorSetName(name, reason: "it contains a control character")
        }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            let shown = "'\(JSONPath.shown(String(part)))'"
            if part.isEmpty {
                throw .invalidColorSetName(
                    name, reason: "it has an empty part (empty name, or a leading, trailing or double '/')")
            }
            if part.hasPrefix(".") {
                throw .invalidColorSetName(name, reason: "\(shown) starts with '.', which would make a hidden folder")
            }
            let isGroup = index < parts.count - 1
            let bytes = part.utf8.count + (isGroup ? 0 : ".colorset".utf8.count)
            if bytes > maxFileNameBytes {
                throw .invalidColorSetName(
                    name,
                    reason:
                        "\(shown) makes a file name of \(bytes) bytes, more than the \(maxFileNameBytes) a file system accepts"
                )
            }
            if isGroup, !URL(fileURLWithPath: String(part)).pathExtension.isEmpty {
                throw .invalidColorSetName(
                    name,
                    reason: "the group \(shown) has an extension: a folder with one is not read back as a group "
                        + "(and 'X.colorset' would be colour X's folder)")
            }
        }
    }
}
