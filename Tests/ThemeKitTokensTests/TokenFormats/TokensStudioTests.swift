import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

/// The colour an `rgb(r, g, b)` / `rgba(r, g, b, a)` / hex string stands for, parsed without ThemeKit's CSS parser.
func expectedHex(_ text: String) -> String? {
    if text.hasPrefix("#") { return text.uppercased() }
    guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
    let parts = text[text.index(after: open)..<text.index(before: text.endIndex)]
        .split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count >= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
    var bytes = parts.prefix(3).map { Int($0!.rounded()) }
    if parts.count == 4, let alpha = parts[3], alpha < 1 { bytes.append(Int((alpha * 255).rounded())) }
    return "#" + bytes.map { String(format: "%02X", $0) }.joined()
}

@Suite struct TokensStudioTests {
    @Test("a Tokens Studio file is told from Style Dictionary by $extensions, its types or $themes")
    func detection() throws {
        #expect(
            TokenFormat.detect(try jsonDocument(##"{"a": {"value": "8", "type": "spacing"}}"##).value) == .tokensStudio)
        #expect(
            TokenFormat.detect(
                try jsonDocument(##"{"a": {"value": "#fff", "type": "color", "$extensions": {"x": 1}}}"##).value)
                == .tokensStudio)
        #expect(TokenFormat.detect(try jsonDocument(##"{"$themes": [], "global": {}}"##).value) == .tokensStudio)
        // Values do not decide the format (issue #30): math alone leaves a file Style Dictionary.
        #expect(
            TokenFormat.detect(try jsonDocument(##"{"a": {"value": "{b} * 2"}, "b": {"value": "4"}}"##).value)
                == .styleDictionary)
    }

    @Test("$extensions are kept on the translated tokens, and the original type beside them")
    func extensionsKept() throws {
        let document = DTCGDocument(
            legacy: try jsonDocument(
                ##"{"gap": {"value": "8", "type": "spacing", "$extensions": {"spectrum-tokens": {"uuid": "u-1"}}}}"##),
            format: .tokensStudio, source: "ts.json")
        let token = try #require(document.tokens.first)
        #expect(token.path == "gap")
        #expect(token.inheritedType == "dimension")
        #expect(token.token.value == "8px")
        #expect(token.token.extensions?["spectrum-tokens"] == .object(["uuid": "u-1"]))
        #expect(token.token.extensions?["studio.tokens"] == .object(["type": "spacing"]))
    }

    @Test("typography values: sizes get px, 150% line height is 1.5, % letter spacing is em, weight names are numbers")
    func typography() throws {
        let result = try DTCGImporter(policy: .lenient).pack(
            tokensStudio: try jsonDocument(
                """
                {"font": {"base": {"value": "16", "type": "fontSizes"},
                  "body": {"value": {"fontFamily": "Inter, sans-serif", "fontWeight": "Semi Bold",
                    "fontSize": "{font.base} * 1.25", "lineHeight": "150%", "letterSpacing": "-1%"},
                    "type": "typography"}}}
                """))
        let body = try #require(result.pack.typography["font.body"])
        #expect(body.family == "Inter")
        #expect(body.size == 20)
        #expect(body.weight == 600)
        #expect(body.lineHeight == 1.5)
        #expect(body.letterSpacing == -0.2)
    }

    @Test(
        "the Spectrum palette export: all 223 colours imported, each equal to the source file's value",
        Fixtures.required)
    func spectrumPalette() throws {
        let data = try Fixtures.data("realworld/tokens-studio-spectrum-palette-light.json")
        let document = try JSONReader().read(data)
        #expect(TokenFormat.detect(document.value) == .tokensStudio)
        let result = try DTCGImporter(policy: .strict).pack(
            tokensStudio: document, source: "tokens-studio-spectrum-palette-light.json")
        #expect(result.pack.colors.count == 223)
        #expect(result.warnings.isEmpty)
        #expect(result.pack.colors["Palette.gray.900"]?.light.hex == "#000000")
        #expect(result.pack.colors["Palette.blue.800"]?.light.hex == "#147AF3")
        #expect(result.pack.colors["Palette.static-blue.900"]?.dark.hex == "#3B63FB")
        #expect(result.pack.colors["Palette.transparent-black.100"]?.light.hex == "#00000000")
        let source = legacyTokens(document.value)
        #expect(source.count == 223)
        for (path, value) in source {
            let expected = try #require(expectedHex(value.stringValue ?? ""), "\(path)")
            #expect(result.pack.colors[path]?.light.hex == expected, "\(path): \(value)")
        }
    }

    @Test("a single file with sets and themes: light and dark themes choose the sets of each appearance")
    func singleFileThemes() throws {
        let result = try DTCGImporter(policy: .strict).pack(
            tokensStudio: try jsonDocument(
                """
                {"core": {"core": {"blue": {"value": "#0000FF", "type": "color"},
                          "white": {"value": "#FFFFFF", "type": "color"}, "space": {"value": "4", "type": "spacing"}}},
                 "light": {"bg": {"value": "{core.white}", "type": "color"},
                           "gap": {"value": "{core.space} * 2", "type": "spacing"}},
                 "dark": {"bg": {"value": "rgb(0, 0, 0)", "type": "color"},
                          "gap": {"value": "{core.space} * 3", "type": "spacing"}},
                 "$themes": [
                   {"id": "1", "name": "Light", "selectedTokenSets": {"core": "source", "light": "enabled"}},
                   {"id": "2", "name": "Dark", "selectedTokenSets": {"core": "source", "dark": "enabled"}}],
                 "$metadata": {"tokenSetOrder": ["core", "light", "dark"]}}
                """), source: "tokens.json")
        #expect(result.pack.colors["bg"]?.light.hex == "#FFFFFF")
        #expect(result.pack.colors["bg"]?.dark.hex == "#000000")
        // `core` is a source set: referenced, not written.
        #expect(result.pack.colors["core.blue"] == nil)
        // Spacing has no dark slot: the light appearance's value is the pack's.
        #expect(result.pack.spacing["gap"] == 8)
    }
}

@Suite struct TokensStudioThemeMappingTests {
    static func plan(_ themes: String) throws -> (DTCGImportResult, [String: String]) {
        let result = try DTCGImporter(policy: .lenient).pack(
            tokensStudio: try jsonDocument(
                """
                {"a": {"c": {"value": "#AA0000", "type": "color"}}, "b": {"c": {"value": "#BB0000", "type": "color"}},
                 "d": {"c": {"value": "#DD0000", "type": "color"}}, "e": {"c": {"value": "#EE0000", "type": "color"}},
                 "$themes": \(themes)}
                """))
        let set = result.pack.colors["c"]
        var values: [String: String] = [:]
        values["light"] = set?.light.hex
        values["dark"] = set?.dark.hex
        values["hcLight"] = set?.highContrastLight?.hex
        values["hcDark"] = set?.highContrastDark?.hex
        return (result, values)
    }

    @Test("names containing light, dark and high contrast pick the four appearances")
    func fourAppearances() throws {
        let (_, values) = try Self.plan(
            """
            [{"name": "Light", "selectedTokenSets": {"a": "enabled"}},
             {"name": "Dark", "selectedTokenSets": {"b": "enabled"}},
             {"name": "Light High Contrast", "selectedTokenSets": {"d": "enabled"}},
             {"name": "dark-hc", "selectedTokenSets": {"e": "enabled"}}]
            """)
        #expect(values == ["light": "#AA0000", "dark": "#BB0000", "hcLight": "#DD0000", "hcDark": "#EE0000"])
    }

    @Test("themes of another group add their first theme's sets to every appearance; later sets win")
    func otherGroups() throws {
        let (result, values) = try Self.plan(
            """
            [{"name": "brand-x", "group": "brand", "selectedTokenSets": {"d": "enabled"}},
             {"name": "brand-y", "group": "brand", "selectedTokenSets": {"e": "enabled"}},
             {"name": "light", "group": "mode", "selectedTokenSets": {"a": "enabled"}},
             {"name": "dark", "group": "mode", "selectedTokenSets": {"b": "enabled"}}]
            """)
        // Set order is document order (a, b, d, e): d comes after a and b, so it wins in both appearances.
        #expect(values["light"] == "#DD0000")
        #expect(values["dark"] == "#DD0000")
        #expect(result.warnings.contains { $0.reason.contains("\"brand-y\" is not used") })
    }

    @Test("without a light or dark theme the first theme gives both appearances, with a warning")
    func noLightOrDark() throws {
        let (result, values) = try Self.plan(
            """
            [{"name": "Default", "selectedTokenSets": {"a": "enabled"}},
             {"name": "Compact", "selectedTokenSets": {"b": "enabled"}}]
            """)
        #expect(values == ["light": "#AA0000", "dark": "#AA0000"])
        #expect(result.warnings.contains { $0.reason.contains("no theme is named light or dark") })
    }

    @Test("a dark theme alone gives both appearances, with a warning")
    func darkOnly() throws {
        let (result, values) = try Self.plan(##"[{"name": "Night Dark", "selectedTokenSets": {"b": "enabled"}}]"##)
        #expect(values == ["light": "#BB0000", "dark": "#BB0000"])
        #expect(result.warnings.contains { $0.reason.contains("no light theme") })
    }
}

@Suite struct TokensStudioFolderTests {
    /// A multi-file export written by the test: `$metadata.json`, `$themes.json` and three sets, one in a subfolder.
    static func writeExport(in directory: URL) throws {
        let files: [String: String] = [
            "$metadata.json": ##"{"tokenSetOrder": ["core/palette", "semantic/light", "semantic/dark"]}"##,
            "$themes.json": """
            [{"id": "l", "name": "Light", "group": "Mode",
              "selectedTokenSets": {"core/palette": "source", "semantic/light": "enabled", "semantic/dark": "disabled"}},
             {"id": "d", "name": "Dark", "group": "Mode",
              "selectedTokenSets": {"core/palette": "source", "semantic/dark": "enabled"}}]
            """,
            "core/palette.json": """
            {"gray": {"0": {"value": "#FFFFFF", "type": "color"}, "900": {"value": "hsl(0, 0%, 10%)", "type": "color"}},
             "space": {"unit": {"value": "4", "type": "spacing"}}}
            """,
            "semantic/light.json": """
            {"surface": {"value": "{gray.0}", "type": "color"}, "text": {"value": "{gray.900}", "type": "color"},
             "radius": {"card": {"value": "{space.unit} * 3", "type": "borderRadius"}}}
            """,
            "semantic/dark.json": """
            {"surface": {"value": "{gray.900}", "type": "color"}, "text": {"value": "{gray.0}", "type": "color"},
             "radius": {"card": {"value": "{space.unit} * 3", "type": "borderRadius"}}}
            """,
        ]
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    @Test("a multi-file export: sets from $metadata, appearances from $themes, source sets not written")
    func multiFile() throws {
        let scratch = TemporaryDirectory(prefix: "themekit-ts")
        defer { withExtendedLifetime(scratch) {} }  // Its folder goes when it is released.
        let folder = scratch.url
        try Self.writeExport(in: folder)
        let result = try DTCGImporter(policy: .strict).pack(tokensStudioFolder: folder)
        #expect(result.pack.colors["surface"]?.light.hex == "#FFFFFF")
        #expect(result.pack.colors["surface"]?.dark.hex == "#1A1A1A")
        #expect(result.pack.colors["text"]?.light.hex == "#1A1A1A")
        #expect(result.pack.colors["text"]?.dark.hex == "#FFFFFF")
        #expect(result.pack.radii["radius.card"] == 12)
        #expect(result.pack.colors["gray.0"] == nil)
        #expect(result.pack.colors.count == 2)
    }

    @Test("a set that leaves the folder or has no file is an error naming it")
    func badSets() throws {
        let scratch = TemporaryDirectory(prefix: "themekit-ts")
        defer { withExtendedLifetime(scratch) {} }  // Its folder goes when it is released.
        let folder = scratch.url
        try Data(##"{"tokenSetOrder": ["../secret", "missing"]}"##.utf8)
            .write(to: folder.appendingPathComponent("$metadata.json"))
        do {
            _ = try DTCGImporter(policy: .lenient).pack(tokensStudioFolder: folder)
            Issue.record("the import succeeded")
        } catch {
            let reasons = error.issues.map(\.reason)
            #expect(reasons.contains { $0.contains("\"../secret\" is not a relative path inside") })
            #expect(reasons.contains { $0.contains("\"missing\" has no file missing.json") })
        }
    }
}

@Suite struct TokensStudioColorReferenceTests {
    @Test("rgba({reference}, alpha) gives the referenced colour with that alpha")
    func rgbaOfReference() throws {
        let result = try DTCGImporter(policy: .strict).pack(
            tokensStudio: try jsonDocument(
                """
                {"black": {"value": "#000000", "type": "color"}, "ink": {"value": "{black}", "type": "color"},
                 "shade": {"value": "rgba({ink}, 0.5)", "type": "color"},
                 "tint": {"value": "rgba( {black.value} , 25% )", "type": "color"}}
                """))
        #expect(result.pack.colors["shade"]?.light.hex == "#00000080")
        #expect(result.pack.colors["tint"]?.light.hex == "#00000040")
    }

    @Test("other references inside colour strings are errors saying what is evaluated")
    func otherEmbeddedReferences() throws {
        for value in ["hsl({h}, 50%, 50%)", "rgba({missing}, 0.5)", "rgba({h}, 0.5)"] {
            do {
                _ = try DTCGImporter(policy: .strict).pack(
                    tokensStudio: try jsonDocument(
                        #"{"h": {"value": "10", "type": "number"}, "c": {"value": "\#(value)", "type": "color"}}"#))
                Issue.record("\(value) was accepted")
            } catch let error as ThemePackError {
                let issue = try #require(error.issues.first { $0.path == "c.$value" })
                #expect(
                    issue.reason.contains("rgba({colour}, alpha)") || issue.reason.contains("does not exist")
                        || issue.reason.contains("not a colour"), "\(issue.reason)")
            }
        }
    }
}

@Suite struct TokensStudioSetProblemTests {
    @Test("a set that a theme selects but the file does not hold is reported with the file and the set's name")
    func missingSet() throws {
        do {
            _ = try DTCGImporter(policy: .strict).pack(
                tokensStudio: try jsonDocument(
                    """
                    {"base": {"c": {"value": "#111111", "type": "color"}},
                     "$themes": [{"name": "Light", "selectedTokenSets": {"base": "enabled", "ghost": "enabled"}}]}
                    """), source: "tokens.json")
            Issue.record("the import succeeded")
        } catch let error as ThemePackError {
            let issue = try #require(error.issues.first { $0.path == "ghost" })
            #expect(issue.source == "tokens.json")
            #expect(issue.reason.contains("\"ghost\" is listed in tokenSetOrder or selected by a theme"))
        }
    }
}

@Suite struct TokensStudioWeightTests {
    @Test("fontWeights tokens with Figma style names or numeric strings become weights")
    func weights() throws {
        let document = DTCGDocument(
            legacy: try jsonDocument(
                """
                {"w": {"semi": {"value": "Semi Bold", "type": "fontWeights"}, "num": {"value": "600", "type": "fontWeights"},
                  "bold": {"value": "bold", "type": "fontWeights"}}}
                """), format: .tokensStudio)
        let set = DTCGTokenSet(documents: [document])
        #expect(set.resolved["w.semi"]?.value == .fontWeight(600))
        #expect(set.resolved["w.num"]?.value == .fontWeight(600))
        #expect(set.resolved["w.bold"]?.value == .fontWeight(700))
        #expect(set.problems.isEmpty)
    }
}
