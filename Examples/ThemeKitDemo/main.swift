// A themed "app" on Linux: a tree of screens and views whose colours, radii and
// fonts come from one Theme. It switches brand, style and contrast, forces one
// subtree dark, and prints what changed and how long each refresh took.
import Dispatch
import Foundation
import ThemeKit

struct Palette: ThemeExtension {
    var background: String
    var text: String
    var accent: String
    static let fallback = Palette(background: "#FFFFFF", text: "#1F2328", accent: "#0969DA")
}

struct Metrics: ThemeExtension {
    var cornerRadius: Double
    var spacing: Double
    static let fallback = Metrics(cornerRadius: 8, spacing: 12)
}

struct Brand: ThemeVariant {
    let id: String
    let light: Palette
    let dark: Palette
    let highContrastLight: Palette?
    let highContrastDark: Palette?
}

let ocean = Brand(
    id: "ocean",
    light: Palette(background: "#FFFFFF", text: "#102A43", accent: "#0B69A3"),
    dark: Palette(background: "#0B1620", text: "#D9E2EC", accent: "#4DB6F0"),
    highContrastLight: Palette(background: "#FFFFFF", text: "#000000", accent: "#003E6B"),
    highContrastDark: Palette(background: "#000000", text: "#FFFFFF", accent: "#9AD9FF"))
let ember = Brand(
    id: "ember",
    light: Palette(background: "#FFF8F1", text: "#3B1E08", accent: "#B4410E"),
    dark: Palette(background: "#1C1008", text: "#FCE9D8", accent: "#F6A35C"),
    highContrastLight: nil, highContrastDark: nil)

/// A stand-in for a view.
// Sound: only touched by the main thread of this program.
final class View: @unchecked Sendable {
    var background = ""
    var foreground = ""
    var cornerRadius = 0.0
    var padding = 0.0
}

/// Properties every view shares, declared once: each provider runs once per appearance
/// and every bound view receives its value (see `ThemedProperty`).
extension ThemedProperty where Object == View, Value == String {
    static let foreground = ThemedProperty(\.foreground) { env in env[Palette.self].text }
}

extension ThemedProperty where Object == View, Value == Double {
    static let cornerRadius = ThemedProperty(\.cornerRadius) { env in env[Metrics.self].cornerRadius }
    static let padding = ThemedProperty(\.padding) { env in env[Metrics.self].spacing }
}

let arguments = CommandLine.arguments
let viewsPerScreen = arguments.count > 1 ? max(1, Int(arguments[1]) ?? 2_000) : 2_000
let storageURL = FileManager.default.temporaryDirectory.appendingPathComponent("themekit-demo/theme.json")
let theme = Theme(storage: JSONFileThemeStorage(fileURL: storageURL), namespace: "demo")
theme.register([ocean, ember])
print(
    "Restored from \(storageURL.path): style \(theme.style), variant \(theme.activeVariantID(for: Palette.self) ?? "none")"
)

let changes = theme.events.subscribe { event in print("  event: \(event)") }
let accentToken = theme.observe(Palette.self) { palette in print("  observer: accent is now \(palette.accent)") }

// Three screens; the sidebar can be forced dark on its own.
let screens = ["home", "sidebar", "settings"].map { name in (name, ThemeNode(parent: theme.root)) }
var views: [View] = []

let start = DispatchTime.now().uptimeNanoseconds
theme.batch {
    for (_, node) in screens {
        for _ in 0..<viewsPerScreen {
            let view = View()
            // A closure per binding, or a shared themed property: both follow the theme.
            theme.bind(view, \.background, in: node) { env in env[Palette.self].background }
            theme.bind(view, .foreground)
            theme.bind(view, .cornerRadius)
            theme.bind(view, .padding)
            views.append(view)
        }
    }
}
let bindings = views.count * 4
print("Bound \(views.count) views (\(bindings) bindings) in \(milliseconds(since: start)) ms")

func milliseconds(since start: UInt64) -> String {
    String(format: "%.2f", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
}

@MainActor func step(_ title: String, _ change: () -> Void) {
    print("\n\(title)")
    let start = DispatchTime.now().uptimeNanoseconds
    change()
    let sample = views[0]
    let sidebarSample = views[viewsPerScreen]
    print("  refresh took \(milliseconds(since: start)) ms")
    print("  home view: bg \(sample.background) fg \(sample.foreground) radius \(sample.cornerRadius)")
    print("  sidebar view: bg \(sidebarSample.background) fg \(sidebarSample.foreground)")
}

step("Brand ocean, light") { theme.apply(variant: ocean, for: .light) }
step("Switch to dark") { theme.style = .dark }
step("High contrast") { theme.contrast = .increased }
step("Brand ember (keeps dark)") { theme.apply(variant: ember) }
step("Tighter metrics (only radius/padding providers run)") {
    theme.apply(Metrics(cornerRadius: 4, spacing: 8))
}
step("Sidebar forced light while the app is dark") { screens[1].1.overrideStyle = .light }
step("Follow the system, which turns light") {
    theme.followsSystem = true
    theme.systemStyleDidChange(to: .light)
}
step("Style + contrast + brand in one batch") {
    theme.batch {
        theme.contrast = .standard
        theme.apply(variant: ocean, for: .dark)
    }
}
print("\nThe choice (ocean, dark) is saved; run again to see it restored.")
withExtendedLifetime((changes, accentToken, screens)) {}
