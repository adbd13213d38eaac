// swift-format-ignore-file
// Docs/SwiftUI.md's examples, type-checked for iOS by Scripts/ios-check.sh (CONTRIBUTING.md, "Documentation
// snippets"). The text between the markers is the guide's, word for word; the rest declares what it needs.

// snippet: Docs/SwiftUI.md set up
import SwiftUI
import ThemeKitSwiftUI
import ThemeKitTokens
import ThemeKitUIKit   // for .themeWindow

struct MyApp: App {
    // Persisted in UserDefaults; callbacks on the main thread (the default, required for UI).
    let theme = Theme(storage: UserDefaultsThemeStorage())

    var body: some Scene {
        WindowGroup {
            ContentView()
                .theme(theme)          // or .theme(theme, default: Brand.ocean, available: Brand.all)
                .themeWindow(theme)    // the window's chrome: status bar, alerts, keyboards
        }
    }
}
// end snippet
import ThemeKit

struct ContentView: View {
    var body: some View { Text("Content") }
}

// snippet: Docs/SwiftUI.md read values
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

// snippet: Docs/SwiftUI.md settings
struct AppearanceSettings: View {
    @Environment(\.theme) private var theme
    @ThemeAppearance private var appearance

    var body: some View {
        Toggle("Follow the system", isOn: Binding(get: { appearance.followsSystem }, set: { theme.followsSystem = $0 }))
        Toggle(
            "System contrast",
            isOn: Binding(get: { appearance.followsSystemContrast }, set: { theme.followsSystemContrast = $0 }))
    }
}
// end snippet

// snippet: Docs/SwiftUI.md images
struct Header: View {
    @ThemeAppearance private var appearance
    @ThemeValue(ThemePackColors.self) private var colors
    let logo: ImageSet
    let hero: ThemeGradient

    var body: some View {
        appearance.image(logo, baseStyles: colors.styles)           // per style and contrast, tinted
            .frame(maxWidth: .infinity, minHeight: 120)
            .background(appearance.gradient(hero, baseStyles: colors.styles))
    }
}
// end snippet

@MainActor @ViewBuilder
func swiftUIFonts(typography: ThemePackTypography, token: TypographyToken) -> some View {
// snippet: Docs/SwiftUI.md fonts
Text("Title").themeFont(typography["largeTitle"])   // scaled for the environment's size category; nil keeps the font
Text("Body").font(Font(token))                      // scales by itself where SwiftUI can
// end snippet
}

struct PreviewCard: View {
    var body: some View { Text("Preview") }
}

@MainActor @ViewBuilder
func swiftUIOverride() -> some View {
// snippet: Docs/SwiftUI.md override
PreviewCard()
    .themeOverride(style: .dark)          // and/or contrast: .increased
// end snippet
}

func swiftUISwitching(theme: Theme, oceanPack: ThemePack, loader: ThemePackLoader<ThemePack>, url: URL) throws {
// snippet: Docs/SwiftUI.md switching
theme.style = .dark                 // the user's choice: persisted, stops following the system
theme.followsSystem = true          // back to the system
theme.contrast = .increased
try theme.select(oceanPack)         // a brand pack, remembered (ThemeKitTokens)

loader.load(from: url) { result in  // background queue
    if case .success(let loaded) = result { theme.apply(loaded.pack) }
}
// end snippet
}
