import Foundation

extension DTCGImporter {
    /// Imports a Style Dictionary token file (`value`, `type`, `comment`, `attributes`).
    ///
    /// The file is translated to DTCG — `{color.base.red.value}` and `{color.base.red}` references both
    /// work, `attributes` are kept under `$extensions["com.amazon.style-dictionary"]`, a token under a
    /// top-level `color` group without a `type` is a colour (Style Dictionary's CTI convention) — and
    /// imported as ``pack(document:id:name:)`` imports a DTCG document: same mapping, warnings and limits.
    ///
    /// - Parameters:
    ///   - document: The file, already read (within ``limits``).
    ///   - source: The file's name in issues.
    ///   - id: The pack's id.
    ///   - name: The pack's name.
    /// - Returns: The pack, warnings and statistics.
    /// - Throws: ``ThemePackError/invalid(_:)`` listing every issue when the policy rejects the import.
    public func pack(
        styleDictionary document: JSONDocument, source: String? = nil, id: String = "style-dictionary-import",
        name: String = "Imported design tokens"
    ) throws(ThemePackError) -> DTCGImportResult {
        try legacyPack(document, format: .styleDictionary, source: source, id: id, name: name)
    }

    /// Imports a single-file Tokens Studio for Figma export.
    ///
    /// A file with `$metadata` or `$themes` holds token sets as its top-level members; themes choose the
    /// sets of each appearance (see `Docs/TokenFormats.md`), and ``choices`` the theme of other groups
    /// (a brand). Any other file is one set, the same in both
    /// appearances. Values may be hex, `rgb()`, `rgba()`, `hsl()`, `hsla()` or named colours, references
    /// `{a.b}`, and math (`{spacing.base} * 2`, with `+ - * /` and parentheses), which is evaluated.
    ///
    /// - Parameters:
    ///   - document: The file, already read (within ``limits``).
    ///   - source: The file's name in issues.
    ///   - id: The pack's id.
    ///   - name: The pack's name.
    /// - Returns: The pack, warnings and statistics.
    /// - Throws: ``ThemePackError/invalid(_:)`` listing every issue when the policy rejects the import.
    public func pack(
        tokensStudio document: JSONDocument, source: String? = nil, id: String = "tokens-studio-import",
        name: String = "Imported design tokens"
    ) throws(ThemePackError) -> DTCGImportResult {
        try legacyPack(document, format: .tokensStudio, source: source, id: id, name: name)
    }

    /// Imports a Tokens Studio multi-file export: a folder with `$metadata.json` (`tokenSetOrder`),
    /// `$themes.json`, and one `NAME.json` per token set (set names may contain `/`: `core/colors`).
    ///
    /// Without `$metadata.json` the sets are every other `.json` file below the folder, in path order.
    /// Set names that are absolute or leave the folder (`../x`) are refused; at most ``maxFiles`` files are
    /// read, each within ``limits``.
    ///
    /// - Parameters:
    ///   - folder: The export's folder.
    ///   - id: The pack's id.
    ///   - name: The pack's name.
    /// - Returns: The pack, warnings and statistics.
    /// - Throws: ``ThemePackError``: unreadable files, malformed JSON, or problems the policy rejects.
    public func pack(
        tokensStudioFolder folder: URL, id: String = "tokens-studio-import", name: String = "Imported design tokens"
    ) throws(ThemePackError) -> DTCGImportResult {
        let base = folder.standardizedFileURL.resolvingSymlinksInPath()
        func read(_ relative: String) throws(ThemePackError) -> JSONDocument {
            let url = base.appendingPathComponent(relative)
            let data = try FileLoading.readRegularFile(url, limit: limits.maxDocumentBytes)
            do {
                return try JSONReader(limits: limits).read(data)
            } catch {
                throw .malformedJSON(error, source: relative)
            }
        }
        let manager = FileManager.default
        let metadata =
            manager.fileExists(atPath: base.appendingPathComponent("$metadata.json").path)
            ? try read("$metadata.json") : nil
        let themes =
            manager.fileExists(atPath: base.appendingPathComponent("$themes.json").path)
            ? try read("$themes.json") : nil
        var issues: [ThemePackIssue] = []
        var order: [String] = []
        if let metadata {
            order = Self.setOrder(metadata.value["tokenSetOrder"], source: "$metadata.json", issues: &issues)
        } else {
            order = Self.setFiles(in: base, maxFiles: maxFiles)
        }
        var sets: [String: (JSONDocument, String)] = [:]
        /// An error in `$metadata.json`'s set order.
        func orderError(_ reason: String, code: ThemePackIssue.Code = .unknownReference) {
            issues.append(
                ThemePackIssue(
                    source: "$metadata.json", path: "tokenSetOrder", reason: reason, severity: .error, code: code))
        }
        for setName in order {
            if let reason = Self.setNameProblem(setName) {
                orderError(reason)
                continue
            }
            guard sets.count < maxFiles else {
                orderError("the export names more than \(maxFiles) token sets, the most read", code: .invalidValue)
                break
            }
            let file = setName + ".json"
            let url = base.appendingPathComponent(file).standardizedFileURL.resolvingSymlinksInPath()
            guard url.path.hasPrefix(base.path + "/") else {
                orderError("the set \(JSONWriter.quoted(setName)) is outside the export's folder")
                continue
            }
            guard manager.fileExists(atPath: url.path) else {
                orderError("the set \(JSONWriter.quoted(setName)) has no file \(file)")
                continue
            }
            sets[setName] = (try read(file), file)
        }
        if !issues.isEmpty { throw .invalid(issues) }
        var studio = TokensStudioThemes(source: "$themes.json")
        studio.choices = choices
        let themeList = studio.themes(themes?.value, path: "$")
        let choiceIssues = studio.choiceIssues(themeList)
        if !choiceIssues.isEmpty { throw .invalid(choiceIssues) }
        let plan = studio.plan(themes: themeList, setOrder: order)
        return try studioPack(
            plan: plan, problems: studio.problems, themesSource: themes == nil ? "$metadata.json" : "$themes.json",
            set: { name in
                guard let (document, file) = sets[name], case .object(let root) = document.value else { return nil }
                return LegacyTokenTranslator.TokenSet(source: file, root: root)
            }, id: id, name: name)
    }

    // MARK: Shared

    func legacyPack(
        _ document: JSONDocument, format: TokenFormat, source: String?, id: String, name: String
    ) throws(ThemePackError) -> DTCGImportResult {
        guard case .object(let root) = document.value else {
            // A root that is not an object holds no tokens: the DTCG path says so in its words.
            return try pack(document: DTCGDocument(document: document, source: source), id: id, name: name)
        }
        let translator = LegacyTokenTranslator(format: format, maxAliasChain: maxAliasChain)
        let hasSets = format == .tokensStudio && (root["$metadata"] != nil || root["$themes"] != nil)
        guard hasSets else {
            let set = LegacyTokenTranslator.TokenSet(source: source, root: root)
            var documents = translator.documents([set], merged: translator.collect([set]))
            documents[0].problems = Self.duplicateProblems(document, source: source) + documents[0].problems
            return try build(
                AppearanceDocuments(
                    light: documents, dark: documents, highContrastLight: nil, highContrastDark: nil, darkIsLight: true),
                id: id, name: name, extraIssues: [])
        }
        var issues: [ThemePackIssue] = []
        var order = Self.setOrder(root["$metadata"]?["tokenSetOrder"], source: source, issues: &issues)
        var ordered = Set(order)
        for member in root.members where !member.key.hasPrefix("$") && ordered.insert(member.key).inserted {
            order.append(member.key)
        }
        if !issues.isEmpty { throw .invalid(issues) }
        var studio = TokensStudioThemes(source: source)
        studio.choices = choices
        let themes = studio.themes(root["$themes"], path: "$themes")
        let choiceIssues = studio.choiceIssues(themes)
        if !choiceIssues.isEmpty { throw .invalid(choiceIssues) }
        let plan = studio.plan(themes: themes, setOrder: order)
        let prefix = source ?? "tokens"
        // The sets by name, found once: a lookup in the root object walks its members, once per set
        // per appearance.
        let setsByName = root.valuesByKey()
        return try studioPack(
            plan: plan, problems: Self.duplicateProblems(document, source: source) + studio.problems,
            themesSource: source,
            set: { name in
                guard case .object(let object)? = setsByName[name] else { return nil }
                // The set's name is a key of the file: shown shortened, as in a path (a label goes into every issue).
                return LegacyTokenTranslator.TokenSet(source: "\(prefix) [set \(JSONPath.shown(name))]", root: object)
            }, id: id, name: name)
    }

    /// Translates the sets of each appearance and imports them.
    func studioPack(
        plan: TokensStudioThemes.Plan, problems: [DTCGProblem], themesSource: String?,
        set: (String) -> LegacyTokenTranslator.TokenSet?, id: String, name: String
    ) throws(ThemePackError) -> DTCGImportResult {
        let translator = LegacyTokenTranslator(format: .tokensStudio, maxAliasChain: maxAliasChain)
        var missing: [DTCGProblem] = []
        var outputPaths: Set<String> = []
        var referencePaths: Set<String> = []
        func documents(_ appearance: TokensStudioThemes.Appearance) -> [DTCGDocument] {
            var sets: [LegacyTokenTranslator.TokenSet] = []
            for setName in appearance.sets {
                guard let tokenSet = set(setName) else {
                    missing.append(
                        DTCGProblem(
                            source: themesSource, path: JSONPath([.key(setName)]).description,
                            reason: "the token set \(JSONWriter.quoted(setName)) is listed in tokenSetOrder or "
                                + "selected by a theme, but there is no such set", code: .unknownReference,
                            lenientAction: .ignored))
                    continue
                }
                sets.append(tokenSet)
                let paths = translator.collect([tokenSet]).keys
                if appearance.referenceOnly.contains(setName) {
                    referencePaths.formUnion(paths)
                } else {
                    outputPaths.formUnion(paths)
                }
            }
            return translator.documents(sets, merged: translator.collect(sets))
        }
        let light = documents(plan.light)
        let sameDark = plan.dark == plan.light
        var appearances = AppearanceDocuments(
            light: light, dark: sameDark ? light : documents(plan.dark),
            highContrastLight: plan.highContrastLight.map(documents),
            highContrastDark: plan.highContrastDark.map(documents), darkIsLight: sameDark)
        appearances.referenceOnlyPaths = referencePaths.subtracting(outputPaths)
        var seen: Set<DTCGProblem> = []
        let extra = (problems + missing).filter { seen.insert($0).inserted }
        return try build(appearances, id: id, name: name, extraIssues: extra, choicesApplied: true)
    }

    /// `$metadata.tokenSetOrder`: an array of set names.
    static func setOrder(_ value: JSONNode?, source: String?, issues: inout [ThemePackIssue]) -> [String] {
        guard let value else { return [] }
        guard case .array(let items) = value else {
            issues.append(
                ThemePackIssue(
                    source: source, path: "tokenSetOrder",
                    reason: "tokenSetOrder must be an array of set names, not \(value.kindDescription)",
                    severity: .error, code: .wrongType))
            return []
        }
        var names: [String] = []
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            guard case .string(let name) = item, !name.isEmpty else {
                issues.append(
                    ThemePackIssue(
                        source: source, path: "tokenSetOrder[\(index)]",
                        reason: "a set name must be a non-empty string",
                        severity: .error, code: .wrongType))
                continue
            }
            if seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// A set name that cannot name a file inside the export's folder.
    static func setNameProblem(_ name: String) -> String? {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if name.hasPrefix("/") || parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
            || name.contains("\\") || name.contains("\u{0}") || name.contains(":")
        {
            return "the set name \(JSONWriter.quoted(name)) is not a relative path inside the export's folder"
        }
        return nil
    }

    /// The `.json` files below a folder other than `$metadata.json` and `$themes.json`, as set names, sorted.
    static func setFiles(in folder: URL, maxFiles: Int) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var names: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".json"), !relative.hasPrefix("$"), !relative.hasPrefix(".") else { continue }
            names.append(String(relative.dropLast(5)))
            if names.count > maxFiles { break }
        }
        return names.sorted()
    }

    /// The JSON reader's repeated keys as problems, as ``DTCGDocument`` reports them.
    static func duplicateProblems(_ document: JSONDocument, source: String?) -> [DTCGProblem] {
        document.duplicateKeys.map { duplicate in
            DTCGProblem(
                source: source, path: duplicate.path,
                reason: "the key \(JSONWriter.quoted(duplicate.key)) appears more than once in the same object "
                    + "(\(duplicate.location)); the last value is used", code: .duplicateKey, lenientAction: .kept)
        }
    }
}

extension DTCGDocument {
    /// Translates a Style Dictionary or Tokens Studio token tree (one set) into a DTCG document.
    ///
    /// This is what ``DTCGImporter/pack(styleDictionary:source:id:name:)`` and
    /// ``DTCGImporter/pack(tokensStudio:source:id:name:)`` import: `value` → `$value`, `type` → `$type`
    /// (Tokens Studio's names mapped: `spacing` → `dimension`, `fontFamilies` → `fontFamily`…; the original
    /// kept in the vendor extension), `comment`/`description` → `$description`, `$extensions` kept verbatim,
    /// `attributes` and other metadata kept under `$extensions["com.amazon.style-dictionary"]` or
    /// `$extensions["studio.tokens"]`, `{a.b.value}` references written `{a.b}`, math evaluated against the
    /// document's own tokens. Problems carry `source` and the token's path.
    ///
    /// ```swift
    /// let document = try DTCGDocument(legacy: JSONReader().read(data), format: .tokensStudio, source: "light.json")
    /// document.tokens.first?.token.extensions?["spectrum-tokens"]   // kept
    /// ```
    ///
    /// - Parameters:
    ///   - document: The file.
    ///   - format: ``TokenFormat/styleDictionary`` or ``TokenFormat/tokensStudio`` (``TokenFormat/dtcg`` reads
    ///     the document as DTCG).
    ///   - source: The file's name in issues.
    ///   - maxAliasChain: The longest reference chain math follows.
    public init(
        legacy document: JSONDocument, format: TokenFormat, source: String? = nil,
        maxAliasChain: Int = DTCGTokenSet.defaultMaxAliasChain
    ) {
        guard format != .dtcg, case .object(let root) = document.value else {
            self.init(document: document, source: source)
            return
        }
        let translator = LegacyTokenTranslator(format: format, maxAliasChain: maxAliasChain)
        let set = LegacyTokenTranslator.TokenSet(source: source, root: root)
        self = translator.documents([set], merged: translator.collect([set]))[0]
        problems = DTCGImporter.duplicateProblems(document, source: source) + problems
    }
}
