import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// `DTCGImporter.choices`: the context of a resolver modifier, or the theme of a Tokens Studio group,
/// that an import applies (a brand), and the errors for choices that name nothing.
@Suite struct ImportChoicesTests {
    /// A resolver with a `brand` modifier (acme, globex, initech; default acme) before a `theme`
    /// modifier (light, dark), all sources inline.
    static let brandResolver = Data(
        ##"""
        {"version": "2025.10", "name": "Brands",
         "modifiers": {
           "brand": {"default": "acme", "contexts": {
             "acme": [{"accent": {"$type": "color", "$value": "#AC0000"}}],
             "globex": [{"accent": {"$type": "color", "$value": "#610000"}}],
             "initech": [{"accent": {"$type": "color", "$value": "#170000"}}]}},
           "theme": {"contexts": {
             "light": [{"bg": {"$type": "color", "$value": "#FFFFFF"}}],
             "dark": [{"bg": {"$type": "color", "$value": "#000000"}}]}}},
         "resolutionOrder": [{"$ref": "#/modifiers/brand"}, {"$ref": "#/modifiers/theme"}]}
        """##.utf8)

    static func resolverPack(_ choices: [String: String], policy: DecodingPolicy = .strict) throws(ThemePackError)
        -> DTCGImportResult
    {
        try DTCGImporter(policy: policy, choices: choices).pack(
            resolver: brandResolver, baseDirectory: FileManager.default.temporaryDirectory, source: "brands.resolver")
    }

    /// The issues an import threw, or an empty list when it succeeded.
    static func issues(_ body: () throws(ThemePackError) -> DTCGImportResult) -> [ThemePackIssue] {
        do {
            _ = try body()
            return []
        } catch {
            return error.issues
        }
    }

    @Test("a resolver modifier's chosen context applies in every appearance; unchosen, its default does")
    func resolverChoice() throws {
        let expected = ["acme": "#AC0000", "globex": "#610000", "initech": "#170000"]
        for (brand, hex) in expected {
            let pack = try Self.resolverPack(["brand": brand]).pack
            let accent = try #require(pack.colors["accent"])
            #expect(accent.light.hex == hex, "\(brand)")
            #expect(accent.dark.hex == hex, "\(brand)")
            #expect(pack.colors["bg"]?.light.hex == "#FFFFFF")
            #expect(pack.colors["bg"]?.dark.hex == "#000000")
        }
        #expect(try Self.resolverPack([:]).pack.colors["accent"]?.light.hex == "#AC0000")
    }

    @Test("a choice that names no modifier or context, or the appearance's modifier, fails under every policy")
    func resolverChoiceErrors() {
        for policy in [DecodingPolicy.strict, .lenient] {
            let unknownModifier = Self.issues { () throws(ThemePackError) in
                try Self.resolverPack(["brnd": "acme"], policy: policy)
            }
            #expect(unknownModifier.count == 1)
            #expect(unknownModifier.first?.path == #"choices["brnd"]"#)
            #expect(unknownModifier.first?.code == .unknownReference)
            #expect(unknownModifier.first?.reason.contains(#"no modifier "brnd""#) == true)
            #expect(
                unknownModifier.first?.reason
                    == #"the resolver has no modifier "brnd" to choose a context of; the modifiers are "brand""#)

            let unknownContext = Self.issues { () throws(ThemePackError) in
                try Self.resolverPack(["brand": "hooli"], policy: policy)
            }
            #expect(unknownContext.map(\.path) == [#"choices["brand"]"#])
            #expect(
                unknownContext.first?.reason
                    == #"the modifier "brand" has no context "hooli"; the contexts are "acme", "globex", "initech""#)

            let appearance = Self.issues { () throws(ThemePackError) in
                try Self.resolverPack(["theme": "dark"], policy: policy)
            }
            #expect(appearance.map(\.code) == [.invalidValue])
            #expect(appearance.first?.reason.contains("gives the appearances") == true)
        }
    }

    /// A Tokens Studio file with a `brand` group (acme, globex) and a `mode` group (light, dark).
    static func studioPack(_ choices: [String: String], themes: String? = nil) throws(ThemePackError)
        -> DTCGImportResult
    {
        let text = """
            {"acme": {"accent": {"value": "#AC0000", "type": "color"}},
             "globex": {"accent": {"value": "#610000", "type": "color"}},
             "light": {"bg": {"value": "#FFFFFF", "type": "color"}},
             "dark": {"bg": {"value": "#000000", "type": "color"}},
             "$themes": \(themes ?? """
            [{"name": "Acme", "group": "brand", "selectedTokenSets": {"acme": "enabled"}},
             {"name": "Globex", "group": "brand", "selectedTokenSets": {"globex": "enabled"}},
             {"name": "Light", "group": "mode", "selectedTokenSets": {"light": "enabled"}},
             {"name": "Dark", "group": "mode", "selectedTokenSets": {"dark": "enabled"}}]
            """)}
            """
        let document: JSONDocument
        do {
            document = try JSONReader().read(Data(text.utf8))
        } catch {
            throw .malformedJSON(error, source: "brands.json")
        }
        return try DTCGImporter(choices: choices).pack(tokensStudio: document, source: "brands.json")
    }

    @Test("a Tokens Studio group's chosen theme applies in every appearance, and only its first is reported unused")
    func studioChoice() throws {
        let globex = try Self.studioPack(["brand": "Globex"], themes: nil)
        #expect(globex.pack.colors["accent"]?.light.hex == "#610000")
        #expect(globex.pack.colors["accent"]?.dark.hex == "#610000")
        #expect(globex.pack.colors["bg"]?.dark.hex == "#000000")
        #expect(globex.warnings.contains { $0.reason.contains(#"the theme "Acme" is not used"#) })
        #expect(!globex.warnings.contains { $0.reason.contains(#""Globex" is not used"#) })
        // The set of the theme not chosen is not read.
        #expect(globex.warnings.contains { $0.reason.contains(#"the token set "acme" is not read"#) })

        let acme = try Self.studioPack([:], themes: nil)
        #expect(acme.pack.colors["accent"]?.light.hex == "#AC0000")
    }

    @Test("without light or dark themes, each group's chosen theme (\"\" for themes without a group) is applied")
    func studioChoiceWithoutAppearances() throws {
        let themes = """
            [{"name": "Acme", "selectedTokenSets": {"acme": "enabled", "light": "enabled"}},
             {"name": "Globex", "selectedTokenSets": {"globex": "enabled", "light": "enabled"}}]
            """
        let chosen = try Self.studioPack(["": "Globex"], themes: themes)
        #expect(chosen.pack.colors["accent"]?.light.hex == "#610000")
        #expect(chosen.pack.colors["accent"]?.dark.hex == "#610000")
        #expect(try Self.studioPack([:], themes: themes).pack.colors["accent"]?.light.hex == "#AC0000")
    }

    @Test("a Tokens Studio choice that names no group or theme, or the appearance group, is an error")
    func studioChoiceErrors() {
        let unknownGroup = Self.issues { () throws(ThemePackError) in try Self.studioPack(["Brand": "Globex"]) }
        #expect(unknownGroup.map(\.path) == [#"choices["Brand"]"#])
        #expect(
            unknownGroup.first?.reason
                == #"the export has no theme group "Brand"; the groups to choose from are "brand""#)
        #expect(unknownGroup.first?.source == "brands.json")

        let unknownTheme = Self.issues { () throws(ThemePackError) in try Self.studioPack(["brand": "Hooli"]) }
        #expect(
            unknownTheme.first?.reason
                == #"the theme group "brand" has no theme "Hooli"; the themes are "Acme", "Globex""#)

        // The appearance group's themes name no brand ("Light", "Dark"): it cannot be chosen.
        let appearance = Self.issues { () throws(ThemePackError) in try Self.studioPack(["mode": "Dark"]) }
        #expect(appearance.map(\.code) == [.unknownReference])
        #expect(
            appearance.first?.reason
                == #"the theme group "mode" gives the appearances, and none of its light or dark themes is for the "#
                + #"brand "Dark" (a theme's name without light, dark and high-contrast words); its themes name no "#
                + "brand, so only the other groups can be chosen")

        let noThemes = Self.issues { () throws(ThemePackError) in
            try Self.studioPack(["brand": "Globex"], themes: "[]")
        }
        #expect(noThemes.first?.reason == "the export has no $themes, so no theme can be chosen")
    }

    @Test("a long brand or theme name is quoted shortened in every issue, and a listing names twenty and a count")
    func longNamesAreShortened() throws {
        let brand = String(repeating: "B", count: 100_000)
        let others = (0..<200).map {
            #"{"name": "Acme\#($0) Light", "group": "theme", "selectedTokenSets": {"acme": "enabled"}}"#
        }
        let themes =
            "[" + others.joined(separator: ",")
            + #",{"name": "\#(brand) Light", "group": "theme", "selectedTokenSets": {"globex": "enabled"}}]"#
        let chosen = try Self.studioPack(["theme": brand], themes: themes)
        #expect(chosen.pack.colors["accent"]?.light.hex == "#610000")
        let unused = chosen.warnings.filter { $0.reason.contains("is not used") }
        #expect(unused.count == 200)
        #expect(unused.allSatisfy { $0.reason.utf8.count < 400 }, "each names the brand shortened")
        #expect(unused.first?.reason.contains("…(100000 characters)") == true)

        let unknown = Self.issues { () throws(ThemePackError) in
            try Self.studioPack(["theme": "Hooli"], themes: "[" + others.joined(separator: ",") + "]")
        }
        #expect(unknown.first?.reason.hasSuffix(#""Acme19" and 180 more"#) == true)
    }

    /// One group whose themes name a brand and an appearance, as many exports have.
    static let brandedAppearances = """
        [{"name": "Acme Light", "group": "theme", "selectedTokenSets": {"acme": "enabled", "light": "enabled"}},
         {"name": "Acme Dark", "group": "theme", "selectedTokenSets": {"acme": "enabled", "dark": "enabled"}},
         {"name": "Globex Light", "group": "theme", "selectedTokenSets": {"globex": "enabled", "light": "enabled"}},
         {"name": "globex-dark", "group": "theme", "selectedTokenSets": {"globex": "enabled", "dark": "enabled"}},
         {"name": "Globex Dark HC", "group": "theme", "selectedTokenSets": {"globex": "enabled", "light": "enabled"}}]
        """

    @Test("a choice for a group of brand-and-appearance themes (\"Globex Light\", \"Globex Dark\") picks the brand")
    func studioBrandInAppearanceGroup() throws {
        let first = try Self.studioPack([:], themes: Self.brandedAppearances)
        #expect(first.pack.colors["accent"]?.light.hex == "#AC0000")
        #expect(first.pack.colors["accent"]?.dark.hex == "#AC0000")
        #expect(first.warnings.contains { $0.reason.contains(#"the theme "Globex Light" is not used"#) })

        for brand in ["Globex", "globex"] {
            let globex = try Self.studioPack(["theme": brand], themes: Self.brandedAppearances)
            #expect(globex.pack.colors["accent"]?.light.hex == "#610000")
            #expect(globex.pack.colors["accent"]?.dark.hex == "#610000")
            #expect(globex.pack.colors["bg"]?.light.hex == "#FFFFFF")
            #expect(globex.pack.colors["bg"]?.dark.hex == "#000000")
            // The brand's high-contrast dark theme ("Globex Dark HC") gives that appearance.
            #expect(globex.pack.colors["bg"]?.highContrastDark?.hex == "#FFFFFF")
            #expect(
                globex.warnings.contains {
                    $0.reason == #"the theme "Acme Light" is not used: the brand "\#(brand)" was chosen for its group"#
                })
            #expect(!globex.warnings.contains { $0.reason.contains(#""Globex Light" is not used"#) })
        }

        let unknown = Self.issues { () throws(ThemePackError) in
            try Self.studioPack(["theme": "Hooli"], themes: Self.brandedAppearances)
        }
        #expect(unknown.map(\.path) == [#"choices["theme"]"#])
        #expect(
            unknown.first?.reason
                == #"the theme group "theme" gives the appearances, and none of its light or dark themes is for the "#
                + #"brand "Hooli" (a theme's name without light, dark and high-contrast words); the brands are "#
                + #""Acme", "Globex""#)
    }

    @Test("a multi-file Tokens Studio export applies the chosen theme of a group, and rejects an unknown one")
    func studioFolderChoice() throws {
        let scratch = TemporaryDirectory(prefix: "themekit-ts")
        defer { withExtendedLifetime(scratch) {} }  // Its folder goes when it is released.
        let folder = scratch.url
        let files = [
            "$metadata.json": ##"{"tokenSetOrder": ["brand/acme", "brand/globex", "mode/light", "mode/dark"]}"##,
            "$themes.json": ##"""
            [{"name": "Acme", "group": "Brand", "selectedTokenSets": {"brand/acme": "enabled"}},
             {"name": "Globex", "group": "Brand", "selectedTokenSets": {"brand/globex": "enabled"}},
             {"name": "Light", "group": "Mode", "selectedTokenSets": {"mode/light": "enabled"}},
             {"name": "Dark", "group": "Mode", "selectedTokenSets": {"mode/dark": "enabled"}}]
            """##,
            "brand/acme.json": ##"{"accent": {"value": "#AC0000", "type": "color"}}"##,
            "brand/globex.json": ##"{"accent": {"value": "#610000", "type": "color"}}"##,
            "mode/light.json": ##"{"bg": {"value": "#FFFFFF", "type": "color"}}"##,
            "mode/dark.json": ##"{"bg": {"value": "#000000", "type": "color"}}"##,
        ]
        for (name, text) in files {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let globex = try DTCGImporter(choices: ["Brand": "Globex"]).pack(tokensStudioFolder: folder).pack
        #expect(globex.colors["accent"]?.light.hex == "#610000")
        #expect(globex.colors["accent"]?.dark.hex == "#610000")
        #expect(globex.colors["bg"]?.dark.hex == "#000000")
        #expect(try DTCGImporter().pack(tokensStudioFolder: folder).pack.colors["accent"]?.light.hex == "#AC0000")
        let unknown = Self.issues { () throws(ThemePackError) in
            try DTCGImporter(choices: ["Brand": "globex"]).pack(tokensStudioFolder: folder)
        }
        #expect(unknown.first?.source == "$themes.json")
        #expect(
            unknown.first?.reason == #"the theme group "Brand" has no theme "globex"; the themes are "Acme", "Globex""#)
    }

    @Test("choices given to a format with no modifiers or theme groups are an error, not ignored")
    func choicesOnPlainFormats() throws {
        let importer = DTCGImporter(policy: .lenient, choices: ["brand": "globex"])
        let document = try DTCGDocument(
            data: Data(##"{"bg": {"$type": "color", "$value": "#FFFFFF"}}"##.utf8), source: "plain.tokens.json")
        let plain = Self.issues { () throws(ThemePackError) in try importer.pack(document: document) }
        #expect(plain.map(\.code) == [.unsupported])
        #expect(plain.first?.path == #"choices["brand"]"#)
        #expect(plain.first?.source == "plain.tokens.json")

        let styleDictionary = try JSONReader().read(Data(##"{"color": {"bg": {"value": "#FFFFFF"}}}"##.utf8))
        let legacy = Self.issues { () throws(ThemePackError) in
            try importer.pack(styleDictionary: styleDictionary, source: "sd.json")
        }
        #expect(legacy.map(\.code) == [.unsupported])
        // Without choices, the same inputs import.
        #expect(try DTCGImporter(policy: .lenient).pack(document: document).pack.colors["bg"]?.light.hex == "#FFFFFF")
    }
}
