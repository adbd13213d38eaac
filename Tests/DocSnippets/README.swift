// swift-format-ignore-file
// README.md's Linux examples, compiled by `swift build --build-tests` (CONTRIBUTING.md, "Documentation
// snippets"). The text between the markers is the README's, word for word; the rest declares what it needs.

// snippet: README.md quick tour
import ThemeKit
// end snippet
// snippet: README.md theme packs
import ThemeKitTokens
// end snippet
import Foundation

func readmeQuickTour() {
    // snippet: README.md quick tour

    struct Palette: ThemeExtension {
        var background: String
        var text: String
        static let fallback = Palette(background: "#FFFFFF", text: "#000000")
    }
    final class Label { var textColor = "" }   // any class; a UIKit view binds the same way
    let label = Label()
    let labels = [Label(), Label()]

    let theme = Theme(storage: InMemoryThemeStorage())   // or Theme() / Theme(suiteName:)
    theme.apply(Palette(background: "#000000", text: "#FFFFFF"))
    theme.style = .dark

    // Fine-grained observers: only changes to Palette wake this one.
    let token = theme.observe(Palette.self) { palette in print(palette.text) }

    // Tracked objects: weakly held; a provider runs for each object, again only when what
    // it read changes (or on theme.refresh(label)), and writes through the property's setter.
    theme.bind(label, \.textColor) { env in env.style == .dark ? env[Palette.self].text : "#111111" }

    // Many views of one kind: declare the binding once; its provider runs once per
    // appearance and every bound object gets the value.
    let bodyText = ThemedProperty(\Label.textColor) { env in env[Palette.self].text }
    for label in labels { theme.bind(label, bodyText) }

    // Override scopes: a subtree can force dark or high contrast.
    let sidebar = ThemeNode(parent: theme.root)
    sidebar.overrideStyle = .dark
    // end snippet
    _ = token
}

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
