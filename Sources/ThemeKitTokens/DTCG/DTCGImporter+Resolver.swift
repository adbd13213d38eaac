import Foundation

extension DTCGImporter {
    /// Imports a DTCG resolver document (version `2025.10`) from a file; its relative `$ref`s
    /// are resolved against the file's folder.
    ///
    /// - Parameters:
    ///   - url: The resolver file.
    ///   - id: The pack's id.
    ///   - name: The pack's name; the resolver's `name` when omitted.
    /// - Returns: The pack, warnings and statistics.
    /// - Throws: ``ThemePackError``: unreadable files, malformed JSON, resolver problems, or token
    ///   problems the policy rejects.
    public func pack(resolver url: URL, id: String = "dtcg-import", name: String? = nil) throws(ThemePackError)
        -> DTCGImportResult
    {
        let data = try FileLoading.read(url, limit: limits.maxDocumentBytes)
        return try pack(
            resolver: data, baseDirectory: url.deletingLastPathComponent(), source: url.lastPathComponent, id: id,
            name: name)
    }

    /// Imports a DTCG resolver document.
    ///
    /// The resolver's `resolutionOrder` is applied once per appearance, later sources winning.
    /// The modifier whose contexts include `light` and `dark` (any case) chooses the appearance;
    /// its high-contrast contexts are found by name — `lightHighContrast`, `light-hc`,
    /// `light-high-contrast`, `highContrastLight`, Apple HIG's `light_ax` (and the dark equivalents). Every
    /// other modifier uses the context ``choices`` names for it, else its `default` context, else its first
    /// context in document order.
    /// A resolver with no such modifier gives the same values in
    /// both appearances, with a warning.
    ///
    /// `$ref`s may be `#/sets/…` and `#/modifiers/…` pointers, relative file paths with an
    /// optional `#/pointer`, or inline token objects. A file path that is absolute, has a URL
    /// scheme, or leaves `baseDirectory` (`../secret.json`) is refused; at most ``maxFiles`` files
    /// are read, each within ``limits``.
    ///
    /// - Parameters:
    ///   - data: The resolver document.
    ///   - baseDirectory: The folder relative file references are resolved against.
    ///   - source: The resolver's name in issues.
    ///   - id: The pack's id.
    ///   - name: The pack's name; the resolver's `name` when omitted.
    /// - Returns: The pack, warnings and statistics.
    /// - Throws: ``ThemePackError``.
    public func pack(
        resolver data: Data, baseDirectory: URL, source: String? = nil, id: String = "dtcg-import",
        name: String? = nil
    ) throws(ThemePackError) -> DTCGImportResult {
        let document: JSONDocument
        do {
            document = try JSONReader(limits: limits).read(data)
        } catch {
            throw .malformedJSON(error, source: source)
        }
        var loader = DTCGResolverLoader(
            resolver: document.value, baseDirectory: baseDirectory, source: source, limits: limits, maxFiles: maxFiles)
        loader.choices = choices
        let appearances = loader.appearances()
        if !loader.errors.isEmpty { throw .invalid(loader.errors + loader.warnings.map { $0.issue(under: policy) }) }
        let resolverName = document.value["name"]?.stringValue
        return try build(
            appearances, id: id, name: name ?? resolverName ?? "Imported design tokens", extraIssues: loader.warnings,
            resolverSource: source ?? "resolver", choicesApplied: true)
    }
}

extension DTCGImporter {
    /// The strict or lenient import of a resolver file, as a one-line call.
    /// - Parameters:
    ///   - url: The resolver file; relative references are resolved against its folder.
    ///   - policy: `.strict` or `.lenient`.
    /// - Returns: The pack, warnings and statistics.
    /// - Throws: ``ThemePackError``.
    public static func pack(resolver url: URL, policy: DecodingPolicy) throws(ThemePackError) -> DTCGImportResult {
        try DTCGImporter(policy: policy).pack(resolver: url)
    }

    /// The strict or lenient import of a resolver document, as a one-line call.
    /// - Parameters:
    ///   - data: The resolver document.
    ///   - baseDirectory: The folder relative file references are resolved against.
    ///   - policy: `.strict` or `.lenient`.
    /// - Returns: The pack, warnings and statistics.
    /// - Throws: ``ThemePackError``.
    public static func pack(
        resolver data: Data, baseDirectory: URL, policy: DecodingPolicy
    ) throws(ThemePackError) -> DTCGImportResult {
        try DTCGImporter(policy: policy).pack(resolver: data, baseDirectory: baseDirectory)
    }
}

/// Reads a resolver document and the files it references.
struct DTCGResolverLoader {
    let resolver: JSONNode
    let baseDirectory: URL
    let source: String?
    let limits: JSONLimits
    let maxFiles: Int
    /// The contexts chosen for modifiers other than the appearance's (``DTCGImporter/choices``).
    var choices: [String: String] = [:]
    var errors: [ThemePackIssue] = []
    /// `errors` as a set, so recording one is O(1) however many a document makes.
    private var recordedErrors: Set<ThemePackIssue> = []
    var warnings: [DTCGProblem] = []
    var files: [String: JSONDocument] = [:]
    var documentsBySource: [String: (DTCGDocument, tokens: Int)] = [:]
    /// The members of the objects that pointers pass through near a document's root, by the file and
    /// the pointer's first keys (`["", "sets"]`: the resolver's `#/sets`). A resolution order of n
    /// `$ref`s into one object finds each in O(1); the object's subscript walks its members.
    /// Invalidated by nothing: the documents are read once and never change.
    private var memberIndexes: [[String]: [String: JSONNode]] = [:]

    init(resolver: JSONNode, baseDirectory: URL, source: String?, limits: JSONLimits, maxFiles: Int) {
        self.resolver = resolver
        self.baseDirectory = baseDirectory.standardizedFileURL.resolvingSymlinksInPath()
        self.source = source
        self.limits = limits
        self.maxFiles = maxFiles
    }

    /// The most errors a resolver reports; one more issue then says the rest are not listed. A 2 MB
    /// resolution order of 900,000 bad entries would otherwise make 900,000 issues (half a gigabyte).
    static let maxReportedErrors = 1_000

    /// The value the JSON Pointer `pointer` designates in `root`, the document of `file` (`""`: the
    /// resolver), or `nil`; the members of large objects in its first two levels are indexed once.
    mutating func resolve(_ pointer: String, in root: JSONNode, file: String) -> JSONNode? {
        guard let components = JSONPointer.components(pointer) else { return nil }
        var current = root
        var prefix = [file]
        for component in components {
            switch current {
            case .object(let object):
                let next: JSONNode?
                if object.count > 16, prefix.count <= 2 {
                    if memberIndexes[prefix] == nil { memberIndexes[prefix] = object.valuesByKey() }
                    next = memberIndexes[prefix]?[component]
                } else {
                    next = object[component]
                }
                guard let next else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(component), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
            if prefix.count <= 2 { prefix.append(component) }
        }
        return current
    }

    mutating func error(_ path: String, _ reason: String, _ code: ThemePackIssue.Code) {
        guard errors.count < Self.maxReportedErrors else {
            if errors.count == Self.maxReportedErrors {
                errors.append(
                    ThemePackIssue(
                        source: source, path: "$",
                        reason: "the resolver has more than \(Self.maxReportedErrors) errors; the rest are not listed",
                        severity: .error, code: code))
            }
            return
        }
        let issue = ThemePackIssue(source: source, path: path, reason: reason, severity: .error, code: code)
        if recordedErrors.insert(issue).inserted { errors.append(issue) }
    }

    mutating func warning(_ path: String, _ reason: String, _ code: ThemePackIssue.Code) {
        warnings.append(
            DTCGProblem(
                source: source, path: path, reason: reason, code: code, lenientAction: .usedDefault,
                alwaysWarning: true))
    }

    static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
    }

    // `_ax` is Apple HIG's name for Increase Contrast (`light_ax`, `dark_ax`).
    static let highContrastLightNames: Set<String> = [
        "lighthc", "lighthighcontrast", "highcontrastlight", "hclight", "lightax",
    ]
    static let highContrastDarkNames: Set<String> = [
        "darkhc", "darkhighcontrast", "highcontrastdark", "hcdark", "darkax",
    ]

    /// The documents of each appearance.
    mutating func appearances() -> DTCGImporter.AppearanceDocuments {
        let empty = DTCGImporter.AppearanceDocuments(light: [], dark: [], highContrastLight: nil, highContrastDark: nil)
        guard case .object(let root) = resolver else {
            error("$", "a resolver must be a JSON object, not \(resolver.kindDescription)", .wrongType)
            return empty
        }
        switch root["version"] {
        case .string("2025.10")?: break
        case nil: error("version", "the resolver has no version; expected \"2025.10\"", .missingKey)
        case let value?:
            error(
                "version", "resolver version \(JSONWriter.string(value)) is not supported; expected \"2025.10\"",
                .unsupported)
        }
        guard case .array(let order)? = root["resolutionOrder"] else {
            error(
                "resolutionOrder", "the resolver needs a resolutionOrder array",
                root["resolutionOrder"] == nil ? .missingKey : .wrongType)
            return empty
        }
        let items = order.enumerated().compactMap { index, item in self.item(item, path: "resolutionOrder[\(index)]") }
        guard errors.isEmpty else { return empty }

        // The modifier whose contexts include light and dark chooses the appearance.
        let theme = items.first { item in
            guard case .modifier(_, let contexts, _, _) = item else { return false }
            let names = Set(contexts.map { Self.normalized($0.name) })
            return names.contains("light") && names.contains("dark")
        }
        var appearanceModifier: String?
        if case .modifier(let name, _, _, _)? = theme { appearanceModifier = name }
        checkChoices(items, appearanceModifier: appearanceModifier)
        guard errors.isEmpty else { return empty }
        guard case .modifier(let themeName, let contexts, _, _)? = theme else {
            warning(
                "resolutionOrder",
                "no modifier has light and dark contexts; the same tokens are used for both appearances",
                .incompleteAppearance)
            let documents = documents(items, choosing: choices)
            return DTCGImporter.AppearanceDocuments(
                light: documents, dark: documents, highContrastLight: nil, highContrastDark: nil)
        }
        func context(_ names: Set<String>) -> String? {
            contexts.first { names.contains(Self.normalized($0.name)) }?.name
        }
        let light = context(["light"]) ?? "light"
        let dark = context(["dark"]) ?? "dark"
        let highLight = context(Self.highContrastLightNames)
        let highDark = context(Self.highContrastDarkNames)
        func choosing(_ context: String) -> [String: String] { choices.merging([themeName: context]) { $1 } }
        return DTCGImporter.AppearanceDocuments(
            light: documents(items, choosing: choosing(light)),
            dark: documents(items, choosing: choosing(dark)),
            highContrastLight: highLight.map { documents(items, choosing: choosing($0)) },
            highContrastDark: highDark.map { documents(items, choosing: choosing($0)) })
    }

    /// Reports each of ``DTCGImporter/choices`` that names no modifier, a context the modifier does
    /// not have, or the modifier that gives the appearances.
    mutating func checkChoices(_ items: [Item], appearanceModifier: String?) {
        for (modifier, context) in choices.sorted(by: { $0.key < $1.key }) {
            let path = "choices[\(JSONWriter.quoted(modifier))]"
            let contexts = items.lazy.compactMap { item -> [Context]? in
                guard case .modifier(let name, let contexts, _, _) = item, name == modifier else { return nil }
                return contexts
            }.first
            guard let contexts else {
                let modifiers = items.compactMap { item -> String? in
                    guard case .modifier(let name, _, _, _) = item, name != appearanceModifier else { return nil }
                    return name
                }
                error(
                    path,
                    "the resolver has no modifier \(JSONWriter.quoted(modifier)) to choose a context of; "
                        + DTCGImporter.listing(modifiers, noun: "modifiers", none: "it has no other modifier"),
                    .unknownReference)
                continue
            }
            if modifier == appearanceModifier {
                error(
                    path,
                    "the modifier \(JSONWriter.quoted(modifier)) gives the appearances (light and dark); "
                        + "only the other modifiers can be chosen",
                    .invalidValue)
            } else if !contexts.contains(where: { $0.name == context }) {
                error(
                    path,
                    "the modifier \(JSONWriter.quoted(modifier)) has no context \(JSONWriter.quoted(context)); "
                        + DTCGImporter.listing(contexts.map(\.name), noun: "contexts", none: "it has none"),
                    .unknownReference)
            }
        }
    }

    enum Item {
        case set(name: String, sources: [JSONNode], path: String)
        /// The contexts in document order: a modifier without a default resolves to the first.
        case modifier(name: String, contexts: [Context], defaultContext: String?, path: String)
    }

    /// A modifier context: its name and sources.
    struct Context {
        var name: String
        var sources: [JSONNode]
    }

    /// A resolution-order entry: a `$ref` to a set or modifier, or an inline one.
    mutating func item(_ value: JSONNode, path: String) -> Item? {
        guard case .object(let object) = value else {
            error(path, "a resolutionOrder entry must be an object, not \(value.kindDescription)", .wrongType)
            return nil
        }
        var definition = object
        var definitionPath = path
        var kind = object["type"]?.stringValue
        var name = object["name"]?.stringValue ?? path
        if case .string(let reference)? = object["$ref"] {
            guard reference.hasPrefix("#/"), let target = resolve(reference, in: resolver, file: ""),
                case .object(let targetObject) = target
            else {
                error(
                    path + ".$ref",
                    "\(JSONWriter.quoted(reference)) does not point to a set or modifier in this resolver",
                    .unknownReference)
                return nil
            }
            definition = targetObject
            let components = JSONPointer.components(reference) ?? []
            // The pointer's keys, unescaped and written as any path's keys are (shortened, quoted).
            definitionPath = components.reduce("$") { JSONPath.appending($1, to: $0) }
            if components.count == 2 {
                if components[0] == "sets" { kind = "set" }
                if components[0] == "modifiers" { kind = "modifier" }
                name = components[1]
            }
        }
        if kind == nil { kind = definition["contexts"] != nil ? "modifier" : "set" }
        if kind == "modifier" {
            guard case .object(let contextObject)? = definition["contexts"], !contextObject.isEmpty else {
                error(definitionPath + ".contexts", "a modifier needs a non-empty contexts object", .missingKey)
                return nil
            }
            var contexts: [Context] = []
            for member in contextObject.members {
                guard case .array(let sources) = member.value else {
                    error(
                        JSONPath.appending(member.key, to: definitionPath + ".contexts"),
                        "a context must be an array of sources", .wrongType)
                    continue
                }
                contexts.append(Context(name: member.key, sources: sources))
            }
            let defaultContext = definition["default"]?.stringValue
            if let defaultContext, !contexts.contains(where: { $0.name == defaultContext }) {
                error(
                    definitionPath + ".default",
                    "the default context \(JSONWriter.quoted(defaultContext)) is not defined", .unknownReference)
            }
            return .modifier(name: name, contexts: contexts, defaultContext: defaultContext, path: definitionPath)
        }
        guard case .array(let sources)? = definition["sources"] else {
            error(definitionPath + ".sources", "a set needs a sources array", .missingKey)
            return nil
        }
        return .set(name: name, sources: sources, path: definitionPath)
    }

    /// The documents of the resolution order with the given modifier contexts (others at their defaults).
    mutating func documents(_ items: [Item], choosing chosen: [String: String]) -> [DTCGDocument] {
        var result: [DTCGDocument] = []
        // A source referenced again is merged again (it overrides what came between), so the tokens merged
        // are bounded here, not by the files read: 100,000 references to one group of 100,000 tokens.
        var merged = 0
        func append(_ source: JSONNode, path: String) -> Bool {
            guard let (document, count) = document(source, path: path) else { return true }
            merged += count
            guard merged <= DTCGImporter.maxMergedTokens else {
                error(
                    path,
                    "the resolution order merges more than \(DTCGImporter.maxMergedTokens) tokens for one "
                        + "appearance (a source listed again counts again)", .invalidValue)
                return false
            }
            result.append(document)
            return true
        }
        for item in items {
            switch item {
            case .set(_, let sources, let path):
                for (index, source) in sources.enumerated() where !append(source, path: "\(path).sources[\(index)]") {
                    return []
                }
            case .modifier(let name, let contexts, let defaultContext, let path):
                let context: String
                if let choice = chosen[name] {
                    context = choice
                } else if let defaultContext {
                    context = defaultContext
                } else {
                    // DTCG 2025.10: without a default, the first context in document order applies.
                    guard let first = contexts.first?.name else { continue }
                    context = first
                    warning(
                        path,
                        "the modifier has no default context; the first one, \(JSONWriter.quoted(context)), is used",
                        .missingKey)
                }
                let sources = contexts.first { $0.name == context }?.sources ?? []
                for (index, source) in sources.enumerated()
                where !append(source, path: JSONPath.appending(context, to: path + ".contexts") + "[\(index)]") {
                    return []
                }
            }
        }
        return result
    }

    /// A source: `{"$ref": "file.json#/pointer"}`, `{"$ref": "#/pointer"}` or an inline token group; with
    /// its number of tokens.
    mutating func document(_ value: JSONNode, path: String) -> (DTCGDocument, tokens: Int)? {
        guard case .object(let object) = value else {
            error(path, "a source must be an object", .wrongType)
            return nil
        }
        guard case .string(let reference)? = object["$ref"] else {
            let document = DTCGDocument(document: JSONDocument(value: value), source: "\(source ?? "resolver"):\(path)")
            return (document, document.tokens.count)
        }
        if let cached = documentsBySource[reference] { return cached }
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let filePart = String(parts[0])
        let pointer = parts.count > 1 ? "#" + parts[1] : ""
        let container: JSONDocument
        if filePart.isEmpty {
            container = JSONDocument(value: resolver)
        } else {
            guard let loaded = file(filePart, path: path) else { return nil }
            container = loaded
        }
        guard let target = pointer.isEmpty ? container.value : resolve(pointer, in: container.value, file: filePart)
        else {
            error(path + ".$ref", "\(JSONWriter.quoted(reference)) points to nothing", .unknownReference)
            return nil
        }
        let duplicates = pointer.isEmpty ? container.duplicateKeys : []
        let document = DTCGDocument(
            document: JSONDocument(value: target, duplicateKeys: duplicates),
            source: filePart.isEmpty ? reference : filePart)
        let counted = (document, tokens: document.tokens.count)
        documentsBySource[reference] = counted
        return counted
    }

    /// Reads a referenced file once, refusing paths outside the base directory.
    mutating func file(_ relative: String, path: String) -> JSONDocument? {
        let refused =
            relative.hasPrefix("/") || relative.hasPrefix("~") || relative.contains("://")
            || relative.contains("\\") || relative.contains("\u{0}")
        let url = baseDirectory.appendingPathComponent(relative).standardizedFileURL.resolvingSymlinksInPath()
        guard !refused, url.path.hasPrefix(baseDirectory.path + "/") else {
            error(
                path + ".$ref",
                "\(JSONWriter.quoted(relative)) is outside the resolver's folder; only relative paths inside it are read",
                .unknownReference)
            return nil
        }
        if let cached = files[url.path] { return cached }
        guard files.count < maxFiles else {
            error(path + ".$ref", "the resolver references more than \(maxFiles) files", .outOfRange)
            return nil
        }
        do throws(ThemePackError) {
            let data = try FileLoading.readRegularFile(url, limit: limits.maxDocumentBytes)
            let document: JSONDocument
            do {
                document = try JSONReader(limits: limits).read(data)
            } catch {
                throw ThemePackError.malformedJSON(error, source: relative)
            }
            files[url.path] = document
            return document
        } catch {
            for issue in error.issues {
                self.error(issue.path == "$" ? path + ".$ref" : issue.path, "\(relative): \(issue.reason)", issue.code)
            }
            return nil
        }
    }
}
