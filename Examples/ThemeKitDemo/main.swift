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

/// Where the demo keeps the user's choice: a per-user state folder, never a machine-wide one such as `/tmp`
/// (another user could read or replace the file there). `$XDG_STATE_HOME/themekit-demo`, else
/// `~/.local/state/themekit-demo` on Linux and `~/Library/Application Support/themekit-demo` on Apple platforms.
func stateDirectory() -> URL {
    let environment = ProcessInfo.processInfo.environment
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
        return URL(fileURLWithPath: state, isDirectory: true).appendingPathComponent("themekit-demo")
    }
    #if canImport(Darwin)
        if let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
            return support.appendingPathComponent("themekit-demo")
        }
    #endif
    let home =
        environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
        ?? FileManager.default.homeDirectoryForCurrentUser
    return home.appendingPathComponent(".local/state/themekit-demo")
}

let arguments = CommandLine.arguments
let viewsPerScreen = arguments.count > 1 ? max(1, Int(arguments[1]) ?? 2_000) : 2_000
let storageURL = stateDirectory().appendingPathComponent("theme.json")
let hadSavedChoice = FileManager.default.fileExists(atPath: storageURL.path)
let theme = Theme(storage: JSONFileThemeStorage(fileURL: storageURL), namespace: "demo")
theme.register([ocean, ember])
let restored = "style \(theme.style), variant \(theme.activeVariantID(for: Palette.self) ?? "none")"
if hadSavedChoice {
    print("Restored from \(storageURL.path): \(restored)")
} else {
    print("No saved choice at \(storageURL.path) yet; starting with \(restored)")
}

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

/// Each step's title and refresh time in nanoseconds, for the summary.
var refreshes: [(title: String, nanoseconds: UInt64)] = []

@MainActor func step(_ title: String, _ change: () -> Void) {
    print("\n\(title)")
    let start = DispatchTime.now().uptimeNanoseconds
    change()
    refreshes.append((title, DispatchTime.now().uptimeNanoseconds - start))
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
let total = refreshes.reduce(0) { $0 + $1.nanoseconds }
let slowest = refreshes.max { $0.nanoseconds < $1.nanoseconds }
print("\nSummary")
print("  \(screens.count) screens, \(views.count) views, \(bindings) bindings")
print(
    "  \(refreshes.count) changes refreshed in \(String(format: "%.2f", Double(total) / 1e6)) ms in all; slowest: "
        + "\(slowest.map { "\($0.title) (\(String(format: "%.2f", Double($0.nanoseconds) / 1e6)) ms)" } ?? "none")")
print("  now: style \(theme.style), variant \(theme.activeVariantID(for: Palette.self) ?? "none")")
print("  the choice is saved in \(storageURL.path); run again to see it restored.")
withExtendedLifetime((changes, accentToken, screens)) {}
