// swift-format-ignore-file
// README.md's Linux examples, compiled by `swift build --build-tests` (CONTRIBUTING.md, "Documentation
// snippets"). The text between the markers is the README's, word for word; the rest declares what it needs.

// snippet: README.md quick tour
import ThemeKit
// end snippet

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
