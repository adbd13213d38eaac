import Foundation
import ThemeKitTokens

/// An input read into a pack, with the warnings the reading produced.
struct LoadedInput {
    /// The path as given on the command line.
    var path: String
    var kind: InputKind
    var pack: ThemePack
    /// Problems the policy let through, in document order. Under `--strict` the caller treats them as errors.
    var warnings: [ThemePackIssue]
    /// What a design-token import read and left unmapped; `nil` for packs and catalogs.
    var statistics: DTCGImportStatistics? = nil
}

extension LoadedInput {
    /// The pack, warnings and statistics of a design-token import of `path`.
    init(path: String, kind: InputKind, imported result: DTCGImportResult) {
        self.init(
            path: path, kind: kind, pack: result.pack, warnings: result.warnings, statistics: result.statistics)
    }
}

/// An input that could not be used: every problem found, as issues.
struct InputFailure: Error {
    var path: String
    /// `nil` when the file could not even be read.
    var kind: InputKind?
    var issues: [ThemePackIssue]
}

/// Reads any input the tool accepts into a ``ThemePack``, using the library's decoders.
///
/// Files are read once, within ``JSONLimits/default``; the JSON is parsed once and handed to the
/// decoder its content calls for (see ``InputKind/detect(_:)``). A folder with `$metadata.json` or
/// `$themes.json` (or either file named directly) is a Tokens Studio export; any other folder is read as an
/// asset catalog.
/// `-` reads standard input.
struct InputLoader {
    var policy: DecodingPolicy
    var limits = JSONLimits.default
    /// Overrides the id of packs made from design tokens or catalogs (packs keep their own).
    var id: String?
    /// Overrides the name of packs made from design tokens or catalogs.
    var name: String?
    /// The contexts or themes an import applies (``DTCGImporter/choices``).
    var choices: [String: String] = [:]

    func load(_ path: String, context: CommandContext) throws(InputFailure) -> LoadedInput {
        let source = Self.displayName(of: path)
        if path.isEmpty || path.contains("\u{0}") {
            throw InputFailure(
                path: path, kind: nil, issues: [Self.fileIssue(path, "the path is empty or contains a NUL byte")])
        }
        if path != "-" {
            let url = context.url(for: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw InputFailure(path: path, kind: nil, issues: [Self.fileIssue(path, "no such file")])
            }
            if isDirectory.boolValue {
                if InputKind.tokensStudioMarkers.contains(where: {
                    FileManager.default.fileExists(atPath: url.appendingPathComponent($0).path)
                }) {
                    return try loadTokensStudioFolder(path, url: url, context: context)
                }
                return try loadCatalog(path, url: url)
            }
            // `$metadata.json` or `$themes.json` named directly: the export is its folder.
            if InputKind.tokensStudioMarkers.contains(url.lastPathComponent) {
                return try loadTokensStudioFolder(path, url: url.deletingLastPathComponent(), context: context)
            }
        }
        context.progress.begin("reading \(source)")
        let data = try read(path, context: context)
        context.progress.begin("parsing \(source) (\(data.count) bytes)")
        let document: JSONDocument
        do {
            document = try JSONReader(limits: limits).read(data)
        } catch {
            throw InputFailure(
                path: path, kind: nil, issues: ThemePackError.malformedJSON(error, source: source).issues)
        }
        let kind = InputKind.detect(document.value)
        context.progress.begin("importing \(source) (\(kind.displayName))")
        do throws(ThemePackError) {
            switch kind {
            case .themePack:
                // A pack has no brands to choose from: `--choose` must not be ignored without a word.
                if let error = importer.choicesUnsupported(source: source) { throw error }
                let decoded = try ThemePackDecoder(policy: policy, limits: limits).decode(document, source: source)
                return LoadedInput(path: path, kind: kind, pack: decoded.pack, warnings: decoded.warnings)
            case .dtcgTokens, .assetCatalog:  // detect() never returns .assetCatalog for a JSON document.
                let tokens = DTCGDocument(document: document, source: source)
                let result = try importer.pack(document: tokens, id: packID(for: path), name: packName(for: path))
                return LoadedInput(path: path, kind: kind, imported: result)
            case .styleDictionary:
                let result = try importer.pack(
                    styleDictionary: document, source: source, id: packID(for: path), name: packName(for: path))
                return LoadedInput(path: path, kind: kind, imported: result)
            case .tokensStudio:
                let result = try importer.pack(
                    tokensStudio: document, source: source, id: packID(for: path), name: packName(for: path))
                return LoadedInput(path: path, kind: kind, imported: result)
            case .dtcgResolver:
                let folder =
                    path == "-"
                    ? context.environment.currentDirectory : context.url(for: path).deletingLastPathComponent()
                let result = try importer.pack(
                    resolver: data, baseDirectory: folder, source: source, id: packID(for: path), name: name)
                return LoadedInput(path: path, kind: kind, imported: result)
            }
        } catch {
            throw InputFailure(path: path, kind: kind, issues: error.issues)
        }
    }

    /// Reads a Tokens Studio multi-file export (a folder with `$metadata.json` or `$themes.json`).
    private func loadTokensStudioFolder(_ path: String, url: URL, context: CommandContext) throws(InputFailure)
        -> LoadedInput
    {
        context.progress.begin("reading the Tokens Studio export \(Self.displayName(of: path))")
        let folderName = url.lastPathComponent
        do {
            let result = try importer.pack(
                tokensStudioFolder: url, id: packID(for: folderName), name: packName(for: folderName))
            return LoadedInput(path: path, kind: .tokensStudio, imported: result)
        } catch {
            throw InputFailure(path: path, kind: .tokensStudio, issues: error.issues)
        }
    }

    /// Imports separate DTCG documents for each appearance (`convert --dark`…).
    func loadAppearances(
        light: String, dark: String, highContrastLight: String?, highContrastDark: String?, context: CommandContext
    ) throws(InputFailure) -> LoadedInput {
        func document(_ path: String) throws(InputFailure) -> DTCGDocument {
            context.progress.begin("reading \(Self.displayName(of: path))")
            let data = try read(path, context: context)
            let source = Self.displayName(of: path)
            let json: JSONDocument
            do {
                json = try JSONReader(limits: limits).read(data)
            } catch {
                throw InputFailure(
                    path: path, kind: .dtcgTokens, issues: ThemePackError.malformedJSON(error, source: source).issues)
            }
            // Style Dictionary and Tokens Studio files are translated; anything else is read as DTCG.
            switch TokenFormat.detect(json.value) {
            case let format? where format != .dtcg:
                return DTCGDocument(legacy: json, format: format, source: source, maxAliasChain: importer.maxAliasChain)
            default:
                return DTCGDocument(document: json, source: source)
            }
        }
        let lightDocument = try document(light)
        let darkDocument = try document(dark)
        let highLight = try highContrastLight.map { (path) throws(InputFailure) in try document(path) }
        let highDark = try highContrastDark.map { (path) throws(InputFailure) in try document(path) }
        context.progress.begin("importing the appearances")
        do {
            let result = try importer.pack(
                light: [lightDocument], dark: [darkDocument], highContrastLight: highLight.map { [$0] } ?? [],
                highContrastDark: highDark.map { [$0] } ?? [], id: packID(for: light), name: packName(for: light))
            return LoadedInput(path: light, kind: .dtcgTokens, imported: result)
        } catch {
            throw InputFailure(path: light, kind: .dtcgTokens, issues: error.issues)
        }
    }

    private var importer: DTCGImporter {
        var importer = DTCGImporter(policy: policy, choices: choices)
        importer.limits = limits
        return importer
    }

    /// Reads an asset catalog, then checks the colour names as a pack's by round-tripping through the pack decoder.
    private func loadCatalog(_ path: String, url: URL) throws(InputFailure) -> LoadedInput {
        if let error = importer.choicesUnsupported(source: Self.displayName(of: path)) {
            throw InputFailure(path: path, kind: .assetCatalog, issues: error.issues)
        }
        let contents: AssetCatalog.Contents
        do {
            contents = try AssetCatalog.read(from: url)
        } catch {
            throw InputFailure(path: path, kind: .assetCatalog, issues: [Self.issue(for: error, catalog: url)])
        }
        // A colour set whose only entries are system colours or other devices' is skipped on purpose: it has
        // nothing a pack can hold, so `validate` does not count it as a colour left out.
        var skippedOnPurpose: Set<String> = []
        for warning in contents.warnings {
            switch warning {
            case .systemColorReference(let file, _, _), .unsupportedIdiom(let file, _, _): skippedOnPurpose.insert(file)
            default: break
            }
        }
        let warnings = contents.warnings.map { warning in
            var issue = Self.issue(for: warning, catalog: url)
            if case .missingAnyAppearance(let file) = warning, skippedOnPurpose.contains(file) {
                issue.action = .ignored
            }
            return issue
        }
        if contents.colors.isEmpty {
            // Under every policy: a folder of JSON files (or an empty one) is not a catalog to import.
            throw InputFailure(
                path: path, kind: .assetCatalog,
                issues: warnings + [
                    ThemePackIssue(
                        source: Self.displayName(of: path), path: "$",
                        reason: "the folder holds no colour sets (NAME.colorset folders), so it is not an asset "
                            + "catalog with colours; pass a JSON file to read one", severity: .error,
                        code: .missingValue)
                ])
        }
        let colors = contents.colors.mapValues(Self.snappedToBytes)
        let pack = ThemePack(id: packID(for: path), name: packName(for: path), colors: colors)
        // The pack decoder is the one place names and values are checked; run the catalog's colours through it.
        let encoded = ThemePackEncoder().encode(pack)
        do {
            let decoded = try ThemePackDecoder(policy: policy, limits: limits).decode(
                encoded, source: Self.displayName(of: path))
            return LoadedInput(
                path: path, kind: .assetCatalog, pack: decoded.pack, warnings: warnings + decoded.warnings)
        } catch {
            throw InputFailure(path: path, kind: .assetCatalog, issues: warnings + error.issues)
        }
    }

    /// The colour set with each component that lies within 0.0005 of an 8-bit value set to that value.
    ///
    /// Xcode writes components with three decimals, which cannot hold an 8-bit value exactly but always
    /// identify one: `0.557` is 142/255 (0.5569). Reading such components as bytes makes a catalog exported
    /// from a pack of hex colours import as the same hex colours. Values further from a byte, such as a
    /// converted Display P3 colour, are kept as they are.
    static func snappedToBytes(_ set: ColorSet) -> ColorSet {
        func snap(_ color: ThemeColor) -> ThemeColor {
            func component(_ value: Double) -> Double {
                let byte = (value * 255).rounded()
                return abs(value - byte / 255) <= 0.0005 ? byte / 255 : value
            }
            return ThemeColor(
                red: component(color.red), green: component(color.green), blue: component(color.blue),
                alpha: component(color.alpha))
        }
        var result = ColorSet(
            light: snap(set.light), dark: snap(set.dark), highContrastLight: set.highContrastLight.map(snap),
            highContrastDark: set.highContrastDark.map(snap))
        result.custom = set.custom.mapValues { .init(color: snap($0.color), highContrast: $0.highContrast.map(snap)) }
        return result
    }

    /// Reads a file or standard input, refusing more than the document limit.
    func read(_ path: String, context: CommandContext) throws(InputFailure) -> Data {
        let handle: FileHandle
        if path == "-" {
            handle = FileHandle.standardInput
        } else {
            let url = context.url(for: path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw InputFailure(path: path, kind: nil, issues: [Self.fileIssue(path, "no such file")])
            }
            if isDirectory.boolValue {
                throw InputFailure(
                    path: path, kind: nil, issues: [Self.fileIssue(path, "this is a folder, not a JSON file")])
            }
            do {
                handle = try FileHandle(forReadingFrom: url)
            } catch {
                throw InputFailure(path: path, kind: nil, issues: [Self.fileIssue(path, "the file cannot be opened")])
            }
        }
        defer { if path != "-" { try? handle.close() } }  // A failed close of a read-only file loses nothing.
        do {
            let data = try handle.read(upToCount: limits.maxDocumentBytes + 1) ?? Data()
            if data.count > limits.maxDocumentBytes {
                throw InputFailure(
                    path: path, kind: nil,
                    issues: [
                        Self.fileIssue(path, "the file is larger than the limit of \(limits.maxDocumentBytes) bytes")
                    ])
            }
            return data
        } catch let failure as InputFailure {
            throw failure
        } catch {
            throw InputFailure(path: path, kind: nil, issues: [Self.fileIssue(path, "the file cannot be read")])
        }
    }

    // MARK: Names

    /// The file name without `.tokens.json`, `.resolver.json`, `.json` or `.xcassets`.
    static func stem(of path: String) -> String {
        var name = displayName(of: path)
        for suffix in [".tokens.json", ".resolver.json", ".json", ".xcassets", "/"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        return name
    }

    /// The last path component, or `stdin` for `-`.
    static func displayName(of path: String) -> String {
        if path == "-" { return "stdin" }
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
    }

    /// A pack id made from the file name: ASCII letters, digits, `.`, `-`, `_`.
    func packID(for path: String) -> String {
        if let id { return id }
        let allowed = Self.stem(of: path).unicodeScalars.map { scalar -> Character in
            let ok =
                scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || ".-_".unicodeScalars.contains(scalar))
            return ok ? Character(scalar) : "-"
        }
        let text = String(allowed.prefix(ThemePack.maxNameLength))
        return text.isEmpty || text.allSatisfy({ $0 == "-" }) ? "imported" : text
    }

    /// The pack's name: `--name`, else the file name without its extension, less the characters a pack's
    /// name may not hold (controls, bidi and invisible characters: a file may be called anything).
    func packName(for path: String) -> String {
        if let name { return name }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: Self.stem(of: path).unicodeScalars.filter { !TerminalText.needsEscape($0) })
        let stem = String(kept).trimmingCharacters(in: .whitespaces)
        return stem.isEmpty ? "Imported" : String(stem.prefix(200))
    }

    // MARK: Issues

    static func fileIssue(_ path: String, _ reason: String) -> ThemePackIssue {
        // No JSON path: the problem is the file itself (printed `nope.json: no such file`).
        ThemePackIssue(
            source: displayName(of: path), path: "", reason: reason, severity: .error, code: .unknownReference)
    }

    static func issue(for error: AssetCatalogError, catalog: URL) -> ThemePackIssue {
        let path: String
        switch error {
        case .missingValue(_, let jsonPath), .wrongType(_, let jsonPath, _, _),
            .invalidComponent(_, let jsonPath, _, _):
            path = jsonPath
        default: path = "$"
        }
        let code: ThemePackIssue.Code
        switch error {
        case .wrongType: code = .wrongType
        case .missingValue: code = .missingKey
        case .invalidComponent: code = .invalidColor
        case .invalidColorSetName: code = .invalidName
        default: code = .invalidValue
        }
        // The library's sentence starts with the quoted file path, which the issue already carries.
        var reason = error.description
        if let file = error.filePath, reason.hasPrefix("'\(file)' ") {
            reason = "the file " + reason.dropFirst(file.count + 3)
        }
        return ThemePackIssue(
            source: relativeSource(error.filePath, catalog: catalog), path: path, reason: reason, severity: .error,
            code: code)
    }

    static func issue(for warning: AssetCatalogWarning, catalog: URL) -> ThemePackIssue {
        // The library's sentence starts with the file and JSON path, which the issue already carries.
        var reason = warning.description
        if let file = warning.filePath, reason.hasPrefix("'\(file)' ") { reason.removeFirst(file.count + 3) }
        if let jsonPath = warning.jsonPath, reason.hasPrefix(jsonPath + " ") {
            reason = "the entry " + reason.dropFirst(jsonPath.count + 1)
        } else if reason.hasPrefix("has ") {
            reason = "the colour set " + reason
        }
        for suffix in ["; skipped", "; the colour set was skipped"] where reason.hasSuffix(suffix) {
            reason.removeLast(suffix.count)
        }
        let code: ThemePackIssue.Code
        switch warning {
        case .duplicateColorSetName, .duplicateAppearance, .duplicateKey: code = .duplicateKey
        case .missingAnyAppearance: code = .incompleteAppearance
        case .clampedToSRGB: code = .outOfRange
        default: code = .unsupported
        }
        let action: ThemePackIssue.Action
        switch warning {
        case .clampedToSRGB, .duplicateKey: action = .kept
        case .duplicateAppearance, .duplicateColorSetName, .systemColorReference, .unsupportedColorSpace,
            .unsupportedIdiom, .unsupportedAppearance, .unsupportedQualifier, .linkOutsideCatalog, .moreWarnings:
            action = .ignored
        case .missingAnyAppearance, .customStylesNotWritten: action = .dropped
        }
        return ThemePackIssue(
            source: relativeSource(warning.filePath, catalog: catalog), path: warning.jsonPath ?? "$",
            reason: reason, severity: .warning, code: code, action: action)
    }

    /// A catalog file's path relative to the catalog's parent (`Assets.xcassets/Red.colorset/Contents.json`).
    static func relativeSource(_ path: String?, catalog: URL) -> String {
        let parent = catalog.deletingLastPathComponent().path
        guard let path else { return catalog.lastPathComponent }
        if path.hasPrefix(parent + "/") { return String(path.dropFirst(parent.count + 1)) }
        return path
    }
}
