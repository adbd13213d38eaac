// swift-format-ignore-file
// Docs/AssetCatalogs.md's examples, compiled by `swift build --build-tests` (CONTRIBUTING.md, "Documentation snippets").
// The text between the markers is the guide's, word for word; the rest declares what it needs.

import Foundation
import ThemeKitTokens

func assetCatalogsGuide(accent: ColorSet, surface: ColorSet, catalogURL: URL) throws {
    // snippet: Docs/AssetCatalogs.md write and read
    let warnings = try AssetCatalog.write(["AccentColor": accent, "Brand/Surface": surface], to: catalogURL)
    let contents = try AssetCatalog.read(from: catalogURL)
    let darkSurface = contents.colors["Brand/Surface"]?.resolved(for: .dark, contrast: .increased)
    contents.warnings.forEach { print($0) }
    // end snippet
    _ = (warnings, darkSurface)
}
