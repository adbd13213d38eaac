// swift-format-ignore-file
// Docs/TokenFormats.md's examples, compiled by `swift build --build-tests` (CONTRIBUTING.md, "Documentation snippets").
// The text between the markers is the guide's, word for word; the rest declares what it needs.

import Foundation
import ThemeKitTokens

func tokenFormatsGuide(data: Data, exportFolder: URL) throws {
    // snippet: Docs/TokenFormats.md detect and import
    let document = try JSONReader().read(data)
    let result: DTCGImportResult
    switch TokenFormat.detect(document.value) {
    case .styleDictionary?: result = try DTCGImporter(policy: .strict).pack(styleDictionary: document, source: "base.json")
    case .tokensStudio?:    result = try DTCGImporter(policy: .strict).pack(tokensStudio: document, source: "light.json")
    case .dtcg?, nil:       result = try DTCGImporter(policy: .strict).pack(document: DTCGDocument(document: document))
    }
    let folderResult = try DTCGImporter().pack(tokensStudioFolder: exportFolder)   // $metadata.json + $themes.json
    // end snippet
    _ = (result, folderResult)
}
