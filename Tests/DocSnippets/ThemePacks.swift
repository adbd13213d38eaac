// swift-format-ignore-file
// Docs/ThemePacks.md's examples, compiled by `swift build --build-tests` (CONTRIBUTING.md, "Documentation snippets").
// The text between the markers is the guide's, word for word; the rest declares what it needs.

import Foundation
import ThemeKit
import ThemeKitTokens

func themePacksDecoding(theme: Theme, data: Data, bundledPack: ThemePack) throws {
    // snippet: Docs/ThemePacks.md decoding
    // Reject anything wrong, listing every problem:
    do {
        let decoded = try ThemePackDecoder(policy: .strict).decode(data, source: "ocean.json")
        theme.apply(decoded.pack)
    } catch {
        for issue in error.issues { print(issue) }   // "error: ocean.json: colors.primary.dark: '#12345' has 5 hex digits…"
    }

    // Keep what is valid, fall back per token to the pack the app ships with:
    let decoded = try ThemePackDecoder(policy: .lenient, base: bundledPack).decode(data)
    for warning in decoded.warnings { print(warning) }   // what was replaced (.replacedWithBase), left out (.dropped) or ignored
    // end snippet
}

func themePacksApplying(theme: Theme, decoded: DecodedThemePack) {
    final class Card { var backgroundColor = "" }
    let card = Card()
    // snippet: Docs/ThemePacks.md applying
    theme.apply(decoded.pack)
    theme.bind(card, \.backgroundColor) { env in
        env[ThemePackColors.self].color("surface", for: env.style, contrast: env.contrast)?.hex ?? "#FFFFFF"
    }
    // end snippet
}

func themePacksSelecting(theme: Theme, ocean: ThemePack, packs: [ThemePack]) throws {
    // snippet: Docs/ThemePacks.md select
    // The user picks a brand: applied at once, with their colour overrides, and remembered.
    do {
        try theme.select(ocean)
    } catch {
        print("the choice will not survive a relaunch: \(error)")   // ocean is applied anyway
    }

    // On launch: re-apply the remembered pack (or the default one) with the overrides.
    let preferences: ThemePackPreferences
    do {
        preferences = try theme.loadPackPreferences()
    } catch {
        print("stored preferences unreadable, starting fresh: \(error)")   // the stored data is left alone
        preferences = ThemePackPreferences()
    }
    let chosen = packs.first { $0.id == preferences.selectedPackID } ?? ocean
    theme.apply(chosen, preferences: preferences)

    // The user's own accent, kept across pack switches.
    var edited = preferences
    edited.colorOverrides["accent"] = ColorSet(ThemeColor(red: 1, green: 0.18, blue: 0.33))
    try theme.savePackPreferences(edited)
    theme.apply(chosen, preferences: edited)
    // end snippet
}
