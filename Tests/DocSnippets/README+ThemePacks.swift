// swift-format-ignore-file
// README.md's Linux examples that use ThemeKitTokens, compiled by `swift build --build-tests` (CONTRIBUTING.md,
// "Documentation snippets"), apart from the quick tour (README.swift), which shows that it needs ThemeKit alone.
// The text between the markers is the README's, word for word; the rest declares what it needs.

// snippet: README.md theme packs
import ThemeKitTokens
// end snippet
import Foundation  // harness: Data and URL in the function's signature

func readmeThemePacks(theme: Theme, bundledPack: ThemePack, data: Data, cacheURL: URL, url: URL, resolverURL: URL)
    throws
{
    // snippet: README.md theme packs

    // Decode untrusted JSON: every problem is reported with its JSON path; under
    // .lenient each bad token falls back to the bundled pack's value.
    let decoded = try ThemePackDecoder(policy: .lenient, base: bundledPack).decode(data)
    for warning in decoded.warnings { print(warning) }   // colors.primary.dark: '#GGG' is not a colour …
    theme.apply(decoded.pack)                            // one batch: each binding runs once

    // Or load it: timeout, size limit, ETag revalidation, last-known-good cache.
    let loader = ThemePackLoader<ThemePack>(configuration: .init(cacheDirectory: cacheURL))
    loader.load(from: url) { result in /* .network, .notModified or .cache(fallbackReason:) */ }

    // W3C design tokens (DTCG), including 2025.10 resolver documents.
    let imported = try DTCGImporter.pack(resolver: resolverURL, policy: .lenient)
    theme.apply(imported.pack)
    // One brand of a multi-brand resolver or Tokens Studio export (its default otherwise).
    let globex = try DTCGImporter(policy: .lenient, choices: ["brand": "globex"]).pack(resolver: resolverURL)

    // WCAG contrast.
    let ratio = try ThemeColor(hex: "#0055FF").contrastRatio(to: ThemeColor(hex: "#FFFFFF"))   // 5.61
    // end snippet
    _ = (ratio, globex)
}

func readmeExportSwift(theme: Theme) {
    // snippet: README.md export-swift
    theme.apply(Ocean.pack)                                   // the whole pack
    let accent = theme.value(OceanColors.self).color(\.accent, for: .dark, contrast: .increased)
    // end snippet
    _ = accent
}
