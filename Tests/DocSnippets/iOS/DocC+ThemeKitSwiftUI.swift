// swift-format-ignore-file
// The examples of the ThemeKitSwiftUI DocC catalog, type-checked for iOS by Scripts/ios-check.sh (CONTRIBUTING.md,
// "Documentation snippets"). The text between the markers is the catalog's, word for word; the rest declares
// what it needs.

// snippet: Sources/ThemeKitSwiftUI/ThemeKitSwiftUI.docc/ThemeKitSwiftUI.md overview
import SwiftUI
import ThemeKitSwiftUI
import ThemeKitTokens

@main
struct ShopApp: App {
    let theme = Theme(delivery: .mainThread)
    var body: some Scene {
        WindowGroup { ContentView().theme(theme) }
    }
}

struct PriceTag: View {
    @ThemeValue(ThemePackColors.self) var colors
    @ThemeAppearance var appearance
    var body: some View {
        Text("€ 12").foregroundColor(appearance.color(colors.colors["accent"]))
    }
}
// end snippet

struct ContentView: View {
    var body: some View { PriceTag() }
}

struct Sidebar: View {
    var body: some View { Text("Sidebar") }
}

// snippet: Sources/ThemeKitSwiftUI/ThemeKitSwiftUI.docc/GettingStarted.md card
struct Card: View {
    @ThemeValue(ThemePackMetrics.self) var metrics
    var body: some View {
        RoundedRectangle(cornerRadius: metrics.radii["card"] ?? 8)
    }
}
// end snippet

@MainActor @ViewBuilder
func doccSwiftUIGettingStarted() -> some View {
    // snippet: Sources/ThemeKitSwiftUI/ThemeKitSwiftUI.docc/GettingStarted.md theme
    let theme = Theme(delivery: .mainThread)
    ContentView().theme(theme)
    // end snippet
}

@MainActor
func doccSwiftUIOverride() -> some View {
    // snippet: Sources/ThemeKitSwiftUI/ThemeKitSwiftUI.docc/GettingStarted.md override
    Sidebar().themeOverride(style: .dark)
    // end snippet
}
