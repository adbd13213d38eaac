import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite(Fixtures.required) struct DTCGImporterFixtureTests {
    private var resolverURL: URL {
        get throws {
            try Fixtures.url("dtcg/figma-sds.resolver.json")
        }
    }

    private func primer(_ policy: DecodingPolicy) throws(ThemePackError) -> DTCGImportResult {
        do {
            return try DTCGImporter(policy: policy).pack(
                light: try dtcgFixture("primer-light.tokens.json"), dark: try dtcgFixture("primer-dark.tokens.json"),
                highContrastLight: try dtcgFixture("primer-light-high-contrast.tokens.json"),
                highContrastDark: try dtcgFixture("primer-dark-high-contrast.tokens.json"), id: "primer", name: "Primer"
            )
        } catch let error as ThemePackError {
            throw error
        } catch {
            throw .unreadableFile(path: "fixtures", reason: "\(error)")
        }
    }

    @Test("imports the Figma SDS resolver set: 126 aliases per theme, $root tokens, rem sizes, composite typography")
    func importsFigmaResolver() throws {
        let result = try DTCGImporter(policy: .lenient).pack(resolver: try resolverURL)
        let stats = result.statistics
        #expect(stats.light.aliasCount == 126)
        #expect(stats.dark.aliasCount == 126)
        #expect(stats.light.tokenCount == 298)  // 299 in the files, less color.black.50 which has no $value
        #expect(stats.light.compositeAliasCount == 57)
        #expect(stats.light.resolvedCount == 298)
        #expect(stats.colorCount == 216)
        #expect(stats.typographyCount == 19)
        #expect(stats.radiusCount == 4)
        #expect(stats.spacingCount == 13)
        #expect(result.pack.name == "Figma Simple Design System")

        let colors = ThemePackColors(result.pack)
        // `$root` tokens are named by their group.
        #expect(colors.color("color.background.default", for: .light) == hex("#FFFFFF"))
        #expect(colors.color("color.background.default", for: .dark) == hex("#1E1E1E"))
        #expect(colors.color("color.background.brand", for: .light) == hex("#2C2C2C"))
        #expect(colors.color("color.text.brand", for: .dark) == hex("#F5F5F5"))
        #expect(colors.color("color.black.100", for: .light)?.alpha == 13.0 / 255)
        #expect(result.pack.radii["size.radius.100"] == 4)
        #expect(result.pack.radii["size.radius.full"] == 9_999)
        #expect(result.pack.spacing["size.space.400"] == 16)
        #expect(
            result.pack.typography["typography.body.small"]
                == TypographyToken(family: "inter", size: 14, weight: 400, lineHeight: 1, letterSpacing: 0))
        #expect(result.pack.typography["typography.code.small"]?.design == .monospaced)
        #expect(result.pack.typography["typography.titleHero"]?.size == 72)
        #expect(result.pack.typography["typography.titleHero"]?.weight == 700)

        let quirk = try #require(result.warnings.first { $0.path == "color.black.50" })
        #expect(quirk.code == .missingValue)
        #expect(quirk.action == .dropped)
        #expect(quirk.source == "./figma-sds/color.tokens.json")
        #expect(result.warnings.filter { $0.path.hasPrefix("size.space.negative") }.count == 5)
    }

    @Test("the Figma SDS quirk is an error under strict, reported with its path and file")
    func figmaStrict() throws {
        let url = try resolverURL
        let error = try #require(
            importFailure { () throws(ThemePackError) in
                try DTCGImporter.pack(resolver: url, policy: .strict)
            })
        #expect(error.errors.map(\.path) == ["color.black.50"])
        #expect(error.errors.first?.reason == "the token has a $type but no $value")
    }

    @Test("the legacy-string Figma file gives the same colours as the 2025.10 resolver set")
    func legacyMatchesStructured() throws {
        let legacy = try DTCGImporter(policy: .strict).pack(
            document: try dtcgFixture("figma-sds-legacy-strings.tokens.json"))
        let structured = try DTCGImporter(policy: .lenient).pack(resolver: try resolverURL)
        #expect(legacy.statistics.light.aliasCount == 132)
        // Six semantic aliases and one spacing value changed upstream between the two commits; everything else agrees.
        let changedUpstream: Set<String> = [
            "color.icon.positive.on-positive-tertiary", "color.text.neutral.on-neutral",
            "color.text.neutral.on-neutral-secondary", "color.text.neutral.on-neutral-tertiary",
            "color.text.neutral.secondary", "color.text.neutral.tertiary",
        ]
        var compared = 0
        var semantic = 0
        var differing: Set<String> = []
        for (name, set) in legacy.pack.colors {
            // The old file spelled a group's own token "default"; 2025.10 uses `$root`, named by the group.
            let candidates = [name, name.hasSuffix(".default") ? String(name.dropLast(8)) : name]
            guard let match = candidates.lazy.compactMap({ structured.pack.colors[$0] }).first else { continue }
            compared += 1
            if name.split(separator: ".").count > 3 { semantic += 1 }
            if !set.light.isApproximatelyEqual(to: match.light, tolerance: 1.0 / 255) { differing.insert(name) }
        }
        #expect(differing == changedUpstream)
        #expect(compared >= 200)
        #expect(semantic >= 100)
        #expect(legacy.pack.radii == structured.pack.radii)
        #expect(
            legacy.pack.spacing.filter { $0.key != "size.space.4000" }
                == structured.pack.spacing.filter { $0.key != "size.space.4000" })
        #expect(legacy.pack.colors["color.black.100"]?.light == structured.pack.colors["color.black.100"]?.light)
    }

    @Test("Primer light, dark and high-contrast overlays give one pack with all four appearances")
    func primerFourAppearances() throws {
        let result = try primer(.lenient)
        let colors = ThemePackColors(result.pack)
        let blue = try #require(result.pack.colors["base.color.blue.5"])
        #expect(blue.light == hex("#0969DA"))
        #expect(blue.dark == hex("#1F6FEB"))
        #expect(blue.highContrastLight == hex("#0349B4"))
        #expect(blue.highContrastDark == hex("#409EFF"))
        #expect(colors.color("base.color.blue.5", for: .dark, contrast: .increased) == hex("#409EFF"))
        // The chained alias inset → neutral.0 → white (light) / black (dark).
        #expect(colors.color("base.color.inset", for: .light) == hex("#FFFFFF"))
        #expect(colors.color("base.color.inset", for: .dark) == hex("#010409"))
        // An alias in the base file resolves against the overlay: neutral.13 → black, overridden in high contrast.
        #expect(colors.color("base.color.neutral.13", for: .light) == hex("#1F2328"))
        #expect(colors.color("base.color.neutral.13", for: .light, contrast: .increased) == hex("#010409"))
        #expect(result.statistics.light.tokenCount == 98)
        #expect(result.statistics.light.aliasCount == 3)
        #expect(result.statistics.highContrastLight?.tokenCount == 98)
        #expect(result.pack.colors.count == 98)
        #expect(result.pack.colors.values.count { $0.highContrastLight != nil } >= 70)
        #expect(result.pack.colors.values.count { $0.highContrastDark != nil } >= 70)
        // The transparent token keeps its $value's alpha; the stray "alpha": 0 beside it is ignored.
        #expect(result.pack.colors["base.color.transparent"]?.light.alpha == 1)
    }

    @Test("Primer's quirks are warnings under lenient and errors under strict")
    func primerQuirks() throws {
        let lenient = try primer(.lenient)
        let quirks = Set(lenient.warnings.map { "\($0.source ?? ""): \($0.path)" })
        let expected: Set<String> = [
            "primer-light.tokens.json: base.color.transparent.alpha",
            "primer-light.tokens.json: base.color.white.$value.hex",
            "primer-light.tokens.json: base.color.transparent.$value.hex",
            "primer-dark.tokens.json: base.color.transparent.alpha",
            "primer-dark.tokens.json: base.color.white.$value.hex",
            "primer-dark.tokens.json: base.color.transparent.$value.hex",
        ]
        #expect(quirks == expected)
        let error = try #require(importFailure { () throws(ThemePackError) in try primer(.strict) })
        #expect(Set(error.errors.map { "\($0.source ?? ""): \($0.path)" }) == expected)
        #expect(error.errors.first { $0.path == "base.color.white.$value.hex" }?.reason.contains("6-digit") == true)
    }
}

@Suite(Fixtures.required) struct DTCGImporterStaticTests {
    @Test("the one-line resolver import reads a document relative to a given folder")
    func resolverFromData() throws {
        let folder = try Fixtures.url("dtcg")
        let data = try Fixtures.data("dtcg/figma-sds.resolver.json")
        let result = try DTCGImporter.pack(resolver: data, baseDirectory: folder, policy: .lenient)
        #expect(result.statistics.light.aliasCount == 126)
        let separate = try DTCGImporter.pack(
            light: try dtcgFixture("primer-light.tokens.json"), dark: try dtcgFixture("primer-dark.tokens.json"),
            policy: .lenient)
        #expect(separate.pack.colors["base.color.inset"]?.dark == hex("#010409"))
    }
}
