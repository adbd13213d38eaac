import Foundation

/// Reads and writes an asset catalog's `Contents.json` files with the module's one JSON model, ``JSONNode``.
///
/// Reading goes through ``JSONReader`` with ``JSONLimits/default``, so a catalog gets the same protection as
/// any other untrusted input: bounded size and depth (a deeply nested file is an error, not a crash), strict
/// RFC 8259 syntax, and errors that give the line, column and JSON path. A key repeated within one object is
/// not an error: the last value is used (at the first occurrence's position) and ``AssetCatalogWarning/duplicateKey(path:jsonPath:key:)``
/// reports it.
///
/// Writing goes through ``JSONWriter`` in its ``JSONWriter/Style/xcode`` style, which gives Xcode's bytes.
enum ContentsJSON {
    /// Parses a `Contents.json`.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The file's path, used in errors and warnings.
    ///   - warnings: Receives a ``AssetCatalogWarning/duplicateKey(path:jsonPath:key:)`` per repeated key.
    /// - Returns: The root value.
    /// - Throws: ``AssetCatalogError/invalidJSON(path:reason:)`` naming `path`, whose reason gives the line,
    ///   column and JSON path of the problem.
    static func read(_ data: Data, path: String, warnings: inout [AssetCatalogWarning]) throws(AssetCatalogError)
        -> JSONNode
    {
        let document: JSONDocument
        do {
            document = try JSONReader().read(data)
        } catch {
            throw .invalidJSON(path: path, reason: "\(error.location) at \(catalogPath(error.path)): \(error.reason)")
        }
        for duplicate in document.duplicateKeys {
            warnings.append(.duplicateKey(path: path, jsonPath: catalogPath(duplicate.path), key: duplicate.key))
        }
        return document.value
    }

    /// The document's text as Xcode writes it: keys sorted, two-space indentation, `" : "` between key and
    /// value, empty containers as `[\n\n]`, and a trailing newline.
    static func text(_ value: JSONNode) -> String {
        JSONWriter(sortedKeys: true, indent: 2, style: .xcode).string(from: value)
    }

    /// A ``JSONReader`` path (`colors[0].idiom`, `$` for the root) in the asset catalog's style, which always
    /// starts at the root: `$.colors[0].idiom`.
    static func catalogPath(_ readerPath: String) -> String {
        if readerPath == "$" || readerPath.hasPrefix("$.") || readerPath.hasPrefix("$[") { return readerPath }
        return readerPath.hasPrefix("[") ? "$" + readerPath : "$." + readerPath
    }
}
