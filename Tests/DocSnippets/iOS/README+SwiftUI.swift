// swift-format-ignore-file
// README.md's SwiftUI quick start, type-checked for iOS by Scripts/ios-check.sh (CONTRIBUTING.md,
// "Documentation snippets"). The text between the markers is the README's, word for word.

// snippet: README.md SwiftUI quick start
import SwiftUI
import ThemeKitSwiftUI
import ThemeKitTokens

@main
struct MyApp: App {
    let theme = Theme(storage: UserDefaultsThemeStorage(), delivery: .mainThread)
    var body: some Scene {
        WindowGroup { ContentView().theme(theme) }   // forwards the system appearance, forces the user's style
    }
}

struct ContentView: View {
    @Environment(\.theme) private var theme
    @ThemeValue(ThemePackColors.self) private var colors      // redraws for colours only
    @ThemeValue(ThemePackTypography.self) private var typography

    var body: some View {
        VStack {
            Text("Hello").themeFont(typography["headline"])  // Dynamic Type for the environment's size
                .foregroundColor(colors.colors["textPrimary"].map { Color($0) } ?? .primary)   // by scheme and contrast
            Button("Dark") { theme.style = .dark }
            PreviewCard().themeOverride(style: .dark)        // a subtree forced dark
        }
    }
}
// end snippet

struct PreviewCard: View {
    var body: some View { Text("Preview") }
}
