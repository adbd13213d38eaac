// swift-format-ignore-file
// Docs/SwiftUI.md's examples, type-checked for iOS by Scripts/ios-check.sh (CONTRIBUTING.md, "Documentation
// snippets"). The text between the markers is the guide's, word for word; the rest declares what it needs.

// snippet: Docs/SwiftUI.md app
import SwiftUI
import ThemeKitSwiftUI
import ThemeKitTokens

@main
struct MyApp: App {
    // Persisted in UserDefaults; callbacks on the main thread (required for UI).
    let theme = Theme(storage: UserDefaultsThemeStorage(), delivery: .mainThread)

    var body: some Scene {
        WindowGroup {
            ContentView()
                .theme(theme)      // or .theme(theme, default: Brand.ocean, available: Brand.all)
        }
    }
}
// end snippet

struct ContentView: View {
    var body: some View { Card() }
}

struct PreviewCard: View {
    var body: some View { Text("Preview") }
}

// snippet: Docs/SwiftUI.md reading values
struct Card: View {
    @ThemeValue(ThemePackColors.self) private var colors
    @ThemeValue(ThemePackMetrics.self) private var metrics
    @ThemeAppearance private var appearance
    @Environment(\.theme) private var theme

    var body: some View {
        Text("Hello")
            .foregroundColor(appearance.color(colors.colors["textPrimary"], baseStyles: colors.styles))
            .padding(CGFloat(metrics.spacing("m") ?? 16))
            .onTapGesture { theme.style = .dark }
    }
}
// end snippet

@MainActor @ViewBuilder
func swiftUIFonts(typography: ThemePackTypography, token: TypographyToken) -> some View {
    // snippet: Docs/SwiftUI.md fonts
    Text("Title").themeFont(typography["largeTitle"])   // scaled for the environment's size category
    Text("Body").font(Font(token))                      // scales by itself where SwiftUI can
    // end snippet
}

@MainActor @ViewBuilder
func swiftUIOverride() -> some View {
    // snippet: Docs/SwiftUI.md subtrees
    PreviewCard()
        .themeOverride(style: .dark)          // and/or contrast: .increased
    // end snippet
}

func swiftUIChanges(theme: Theme, oceanPack: ThemePack, loader: ThemePackLoader<ThemePack>, url: URL) throws {
    // snippet: Docs/SwiftUI.md changing the theme
    theme.style = .dark                 // the user's choice: persisted, stops following the system
    theme.followsSystem = true          // back to the system
    theme.contrast = .increased
    try theme.select(oceanPack)         // a brand pack, remembered (ThemeKitTokens)

    loader.load(from: url) { result in  // background queue
        if case .success(let loaded) = result { theme.apply(loaded.pack) }
    }
    // end snippet
}
