// swift-format-ignore-file
// Docs/DTCG.md's examples, compiled by `swift build --build-tests` (CONTRIBUTING.md, "Documentation snippets").
// The text between the markers is the guide's, word for word; the rest declares what it needs.

import Foundation
import ThemeKit
import ThemeKitTokens

func dtcgGuide(
    theme: Theme, resolverURL: URL, lightDoc: DTCGDocument, darkDoc: DTCGDocument, lightOverlay: DTCGDocument,
    darkOverlay: DTCGDocument, singleDoc: DTCGDocument
) throws {
    // snippet: Docs/DTCG.md importer
    let importer = DTCGImporter(policy: .lenient)             // or .strict
    let fromResolver = try importer.pack(resolver: resolverURL)   // DTCG resolver 2025.10
    let fromModes = try importer.pack(light: lightDoc, dark: darkDoc,
                                      highContrastLight: lightOverlay, highContrastDark: darkOverlay)
    let result = try importer.pack(document: singleDoc)       // no modes: same values in light and dark
    theme.apply(result.pack)                                   // each result: pack, warnings, statistics
    for warning in result.warnings { print(warning) }
    print(result.statistics)
    // end snippet
    _ = (fromResolver, fromModes)
}
