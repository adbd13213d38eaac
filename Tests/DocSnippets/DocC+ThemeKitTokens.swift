// swift-format-ignore-file
// The examples of the ThemeKitTokens DocC catalog, compiled by `swift build --build-tests` (CONTRIBUTING.md,
// "Documentation snippets"). The text between the markers is the catalog's, word for word; the rest declares
// what it needs.

// snippet: Sources/ThemeKitTokens/ThemeKitTokens.docc/ThemeKitTokens.md overview
import ThemeKitTokens
// end snippet
import Foundation  // harness: Data and URL in the functions' signatures
import ThemeKit

func doccTokensOverview(theme: Theme, bundledPack: ThemePack, data: Data) throws {
    // snippet: Sources/ThemeKitTokens/ThemeKitTokens.docc/ThemeKitTokens.md overview

    let decoded = try ThemePackDecoder(policy: .lenient, base: bundledPack).decode(data)
    for warning in decoded.warnings { print(warning) }
    theme.apply(decoded.pack)
    // end snippet
}

func doccAssetCatalogs(accentSet: ColorSet, catalogURL: URL) throws {
    // snippet: Sources/ThemeKitTokens/ThemeKitTokens.docc/AssetCatalogs.md write
    try AssetCatalog.write(["accent": accentSet], to: catalogURL)
    // end snippet
}

func doccColors() throws {
    // snippet: Sources/ThemeKitTokens/ThemeKitTokens.docc/Colors.md colours
    let accent = try ThemeColor(hex: "#0055FF")
    let overlay = try ThemeColor(css: "rgb(0 85 255 / 50%)")
    let ratio = accent.contrastRatio(to: ThemeColor(red: 1, green: 1, blue: 1))   // WCAG 2.x ratio
    // end snippet
    _ = (overlay, ratio)
}

func doccDesignTokens(theme: Theme, resolverURL: URL) throws {
    // snippet: Sources/ThemeKitTokens/ThemeKitTokens.docc/DesignTokens.md resolver
    let importer = DTCGImporter(policy: .lenient)
    let result = try importer.pack(resolver: resolverURL)   // DTCGImportResult
    theme.apply(result.pack)
    for warning in result.warnings { print(warning) }
    print(result.statistics)
    // end snippet
}

func doccRemoteLoading(theme: Theme, cacheURL: URL, url: URL) {
    // snippet: Sources/ThemeKitTokens/ThemeKitTokens.docc/RemoteLoading.md load
    let loader = ThemePackLoader<ThemePack>(configuration: .init(cacheDirectory: cacheURL))
    loader.load(from: url) { result in
        if case .success(let loaded) = result { theme.apply(loaded.pack) }
    }
    // end snippet
}

func doccThemePacks(theme: Theme, bundledPack: ThemePack, data: Data) throws {
    // snippet: Sources/ThemeKitTokens/ThemeKitTokens.docc/ThemePacks.md decode
    let decoder = ThemePackDecoder(policy: .lenient, base: bundledPack)
    let decoded = try decoder.decode(data)        // DecodedThemePack: pack and warnings
    theme.apply(decoded.pack)
    // end snippet
    final class Swatch { var textColor: ThemeColor? }
    let label = Swatch()
    // snippet: Sources/ThemeKitTokens/ThemeKitTokens.docc/ThemePacks.md bind
    theme.bind(label, \.textColor) { env in
        env[ThemePackColors.self].color("text", for: env.style, contrast: env.contrast)
    }
    // end snippet
}

func doccValidatingInput(theme: Theme, data: Data) {
    // snippet: Sources/ThemeKitTokens/ThemeKitTokens.docc/ValidatingInput.md strict
    do {
        let decoded = try ThemePackDecoder(policy: .strict).decode(data)
        theme.apply(decoded.pack)
    } catch {   // typed throws: error is a ThemePackError
        print(error)   // every issue, each with its path
    }
    // end snippet
}
