import Foundation
import Testing
import ThemeKitTestSupport
import ThemeKitTokens

@Suite struct DTCGExporterTests {
    private func richPack() throws -> ThemePack {
        var pack = try ThemePackDecoder().decode(packJSON(validPackJSON)).pack
        // A name that is also a group ("brand" and "brand.primary") needs a `$root` token.
        pack.colors["brand"] = ColorSet(hex("#123456"))
        pack.colors["brand.primary"] = ColorSet(
            light: hex("#0055FF"), dark: ThemeColor(red: 0.1, green: 0.2, blue: 0.3))
        pack.radii["corner.card"] = 12
        return pack
    }

    @Test("a pack exported to DTCG and imported back is equal to the original")
    func roundTripsLosslessly() throws {
        let pack = try richPack()
        let data = try DTCGExporter().data(for: pack)
        let result = try DTCGImporter(policy: .strict).pack(document: try DTCGDocument(data: data))
        #expect(result.pack == pack)
        #expect(result.warnings.isEmpty)
    }

    @Test("the export is plain DTCG: typed groups, structured colours, px dimensions, $root for shared prefixes")
    func writesPlainDTCG() throws {
        let document = try DTCGExporter().document(for: try richPack())
        #expect(document["$schema"] == "https://www.designtokens.org/schemas/2025.10/format.json")
        #expect(document["colors"]?["$type"] == "color")
        let brand = try #require(document["colors"]?["brand"])
        #expect(brand["$root"]?["$value"]?["hex"] == "#123456")
        #expect(brand["primary"]?["$value"]?["components"] == [0, .number(0x55 / 255.0), 1])
        #expect(document["radii"]?["small"]?["$value"] == .object(["value": 4, "unit": "px"]))
        #expect(document["typography"]?["body"]?["$value"]?["fontFamily"] == ["Inter", "system-ui"])
        #expect(document["typography"]?["code"]?["$value"]?["fontFamily"] == "ui-monospace")
        // Other tools see the light values; dark, high contrast and custom styles ride in the extension.
        #expect(document["colors"]?["background"]?["$extensions"]?["com.themekit"]?["dark"]?["hex"] == "#101418")
        #expect(document["$extensions"]?["com.themekit"]?["id"] == "com.example.test")
    }

    @Test("names that cannot be DTCG paths are refused with their section path")
    func refusesBadNames() throws {
        let pack = ThemePack(id: "x", name: "X", colors: ["a..b": ColorSet(hex("#000000"))], spacing: ["m.$x": 2])
        #expect {
            try DTCGExporter().document(for: pack)
        } throws: { error in
            (error as? ThemePackError)?.errors.map(\.path) == ["colors.a..b", "spacing.m.$x"]
        }
    }

    @Test("the resolver bundle reads back with the same light, dark and high-contrast colours")
    func resolverBundleRoundTrips() throws {
        let pack = try richPack()
        let files = try DTCGExporter().resolverBundle(for: pack)
        #expect(
            files.keys.sorted() == [
                "base.tokens.json", "dark-hc.tokens.json", "dark.tokens.json", "light-hc.tokens.json",
                "light.tokens.json", "tokens.resolver.json",
            ])
        let scratch = TemporaryDirectory(prefix: "themekit-bundle")
        defer { withExtendedLifetime(scratch) {} }  // Its folder goes when it is released.
        let folder = scratch.url
        for (name, value) in files {
            try Data(JSONWriter().string(from: value).utf8).write(to: folder.appendingPathComponent(name))
        }
        let result = try DTCGImporter().pack(resolver: folder.appendingPathComponent("tokens.resolver.json"))
        #expect(result.warnings.isEmpty)
        for (name, set) in pack.colors {
            let imported = try #require(result.pack.colors["colors.\(name)"], "\(name)")
            #expect(imported.light == set.light)
            #expect(imported.dark == set.dark)
            #expect(
                imported.resolved(for: .light, contrast: .increased) == set.resolved(for: .light, contrast: .increased))
            #expect(
                imported.resolved(for: .dark, contrast: .increased) == set.resolved(for: .dark, contrast: .increased))
        }
        #expect(result.pack.radii["radii.small"] == 4)
        #expect(result.pack.spacing["spacing.m"] == 16)
        #expect(result.pack.typography["typography.body"]?.size == 17)
    }
}
