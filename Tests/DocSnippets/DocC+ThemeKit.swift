// swift-format-ignore-file
// The examples of the ThemeKit DocC catalog, compiled by `swift build --build-tests` (CONTRIBUTING.md,
// "Documentation snippets"). The text between the markers is the catalog's, word for word; the rest declares
// what it needs.

// snippet: Sources/ThemeKit/ThemeKit.docc/ThemeKit.md overview
import ThemeKit
// end snippet

func doccThemeKitOverview(label: Label) {
    // snippet: Sources/ThemeKit/ThemeKit.docc/ThemeKit.md overview

    struct Palette: ThemeExtension {
        var background: String
        var text: String
        static let fallback = Palette(background: "#FFFFFF", text: "#000000")
    }

    let theme = Theme(storage: InMemoryThemeStorage())
    theme.bind(label, \.textColor) { env in env[Palette.self].text }
    theme.apply(Palette(background: "#000000", text: "#FFFFFF"))   // the label's provider runs again
    // end snippet
}

func doccGettingStarted() {
    // snippet: Sources/ThemeKit/ThemeKit.docc/GettingStarted.md extension
    struct Metrics: ThemeExtension {
        var cornerRadius: Double
        static let fallback = Metrics(cornerRadius: 8)
    }

    let theme = Theme()                       // persisted in UserDefaults.standard
    print(theme.value(Metrics.self).cornerRadius)   // 8
    theme.apply(Metrics(cornerRadius: 4))
    theme.style = .dark                       // stops following the system appearance
    // end snippet
    final class Card { var cornerRadius = 0.0 }
    let card = Card()
    // snippet: Sources/ThemeKit/ThemeKit.docc/GettingStarted.md bind
    theme.bind(card, \.cornerRadius) { env in env[Metrics.self].cornerRadius }
    // end snippet
    // snippet: Sources/ThemeKit/ThemeKit.docc/GettingStarted.md observe
    let token = theme.observe(Metrics.self) { metrics in print(metrics.cornerRadius) }
    // end snippet
    _ = token
}

func doccOverrideScopes(theme: Theme, sidebarLabel: Label) {
    // snippet: Sources/ThemeKit/ThemeKit.docc/OverrideScopes.md sidebar
    let sidebar = ThemeNode(parent: theme.root)
    sidebar.overrideStyle = .dark
    theme.bind(sidebarLabel, \.textColor, in: sidebar) { env in env[Palette.self].text }
    // end snippet
}
