// swift-format-ignore-file
// Docs/Runtime.md's examples, compiled by `swift build --build-tests` (CONTRIBUTING.md, "Documentation
// snippets"). The text between the markers is the guide's, word for word; the rest declares what it needs.

// snippet: Docs/Runtime.md extensions
import ThemeKit

struct Palette: ThemeExtension {            // Codable & Equatable & Sendable
    var background: String
    var text: String
    static let fallback = Palette(background: "#FFFFFF", text: "#000000")
}
struct Metrics: ThemeExtension {
    var cornerRadius: Double
    static let fallback = Metrics(cornerRadius: 8)
}
extension ThemeStyle { static let sepia = ThemeStyle(rawValue: "sepia") }   // styles are open
// end snippet

import Foundation  // harness: the "events" fragment's NotificationCenter

// snippet: Docs/Runtime.md tracked objects
final class Label {
    var textColor = ""
    var cornerRadius = 0.0
    var title = ""
    var accessibilityHint = ""
    var isSelected = false
    var tint = ""
}
// end snippet

// snippet: Docs/Runtime.md themed properties
extension ThemedProperty where Object == Label, Value == String {
    static let bodyText = ThemedProperty(\.textColor) { env in env[Palette.self].text }
    // With a setter closure, as for `bind(_:_:set:_:)`:
    static let caption = ThemedProperty(\.textColor, set: { $0.textColor = $1 }) { env in
        env.contrast == .increased ? env[Palette.self].text : "#6B7280"
    }
}
// end snippet

func runtimeTheme() {
    // snippet: Docs/Runtime.md theme
    let theme = Theme(storage: InMemoryThemeStorage())   // also Theme() (UserDefaults.standard) and Theme(suiteName:)
    theme.apply(Palette(background: "#000000", text: "#FFFFFF"))
    theme.style = .dark              // light, dark, or any custom style
    theme.contrast = .increased      // .standard / .increased
    // end snippet
}

func runtimeObserve(theme: Theme) {
    // snippet: Docs/Runtime.md observe
    var token: ObserverToken? = theme.observe(Palette.self) { palette in print(palette.text) }
    token = nil                      // dropping (or .cancel()) the token unsubscribes
    // end snippet
    _ = token
}

func runtimeTrackedObjects(theme: Theme) {
    // snippet: Docs/Runtime.md tracked objects
    let label = Label()
    theme.bind(label, \.textColor) { env in env.style == .dark ? env[Palette.self].text : "#111111" }
    // A setter closure (for computed properties): written directly, not through the key-path runtime.
    theme.bind(label, \.cornerRadius, set: { $0.cornerRadius = $1 }) { env in env[Metrics.self].cornerRadius }
    // The provider receives the object: it reads the object's state without capturing it (or its owner).
    theme.bind(label, \.tint) { label, env in label.isSelected ? env[Palette.self].text : "#6B7280" }
    theme.customize(label) { label, env in label.title = env.style == .dark ? "Night" : "Day" }   // any code
    theme.customize(label, id: "hint") { label, env in   // an id keeps several customizations apart
        label.accessibilityHint = env.contrast == .increased ? "High contrast" : ""
    }
    theme.refresh(label)             // re-run this object's providers now
    theme.unbind(label, \.textColor)
    // end snippet
}

func runtimeThemedProperties(theme: Theme, sidebar: ThemeNode) {
    let titleLabel = Label()
    let subtitleLabel = Label()
    let footnoteLabel = Label()
    // snippet: Docs/Runtime.md themed properties
    theme.bind(titleLabel, .bodyText)
    theme.bind(subtitleLabel, .bodyText, in: sidebar)
    theme.bind(footnoteLabel, .caption)
    // end snippet
}

func runtimeOverrideScopes(theme: Theme, label: Label) {
    // snippet: Docs/Runtime.md override scopes
    let sidebar = ThemeNode(parent: theme.root)
    let row = ThemeNode(parent: sidebar)
    sidebar.overrideStyle = .dark    // sidebar and every descendant resolve .dark, whatever theme.style is
    theme.bind(label, \.textColor, in: row) { env in env[Palette.self].text }
    sidebar.overrideStyle = nil      // back to inheriting; only bindings under sidebar re-run
    // end snippet
}

func runtimeEvents(theme: Theme) {
    // snippet: Docs/Runtime.md events
    let subscription = theme.events.subscribe { event in print(event) }   // ThemeEvent
    let observer = NotificationCenter.default.addObserver(forName: .themeDidChange, object: theme, queue: nil) { note in
        if let event = note.userInfo?[ThemeEvent.userInfoKey] as? ThemeEvent { print(event) }
    }
    Task { for await event in theme.events.stream { print(event) } }
    // end snippet
    _ = (subscription, observer)
}

func runtimeVariants(theme: Theme) {
    // snippet: Docs/Runtime.md variants
    struct PaletteVariant: ThemeVariant { let id: String; let light: Palette; let dark: Palette }
    let brandA = PaletteVariant(id: "brandA", light: .fallback, dark: Palette(background: "#0B0F14", text: "#E6EDF7"))
    theme.register([brandA])                  // restorable by id on the next launch
    theme.apply(variant: brandA, for: .dark)  // sets followsSystem = false
    theme.followsSystem = true
    theme.systemStyleDidChange(to: .light)    // what a platform adapter calls
    theme.batch { theme.style = .dark; theme.apply(Metrics(cornerRadius: 4)) }   // one pass, one event burst
    // end snippet
}
