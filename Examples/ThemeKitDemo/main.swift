// A themed "app" on Linux: a tree of screens and views whose colours, radii and
// fonts come from one Theme. It switches brand, style and contrast, forces one
// subtree dark, and prints what changed and how long each refresh took.
// Its two brands are the packs README shows, read from Examples/Packs/ocean.json and ember.json.
import Dispatch
import Foundation
import ThemeKit
import ThemeKitTokens

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

/// A brand: one theme pack's background, primary text and accent colours in each appearance.
struct Brand: ThemeVariant {
    let id: String
    let light: Palette
    let dark: Palette
    let highContrastLight: Palette?
    let highContrastDark: Palette?

    /// Reads `Examples/Packs/<id>.json` with the strict decoder, as an app reads the pack it ships.
    init(packNamed id: String, in folder: URL) throws {
        let file = folder.appendingPathComponent("\(id).json")
        let pack = try ThemePackDecoder(policy: .strict).decode(contentsOf: file).pack
        func palette(_ color: (ColorSet) -> ThemeColor?) throws -> Palette? {
            var hex: [String] = []
            for name in ["background", "textPrimary", "accent"] {
                guard let set = pack.colors[name] else {
                    throw DemoError(message: "\(file.path) has no colour '\(name)'")
                }
                guard let value = color(set) else { return nil }
                hex.append(value.hex)
            }
            return Palette(background: hex[0], text: hex[1], accent: hex[2])
        }
        self.id = id
        light = try palette(\.light) ?? .fallback
        dark = try palette(\.dark) ?? .fallback
        highContrastLight = try palette(\.highContrastLight)
        highContrastDark = try palette(\.highContrastDark)
    }
}

struct DemoError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// `Examples/Packs` of this checkout (`THEMEKIT_DEMO_PACKS` names another folder).
let packsFolder =
    ProcessInfo.processInfo.environment["THEMEKIT_DEMO_PACKS"].map { URL(fileURLWithPath: $0, isDirectory: true) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Packs", isDirectory: true)
let ocean: Brand
let ember: Brand
do {
    ocean = try Brand(packNamed: "ocean", in: packsFolder)
    ember = try Brand(packNamed: "ember", in: packsFolder)
} catch {
    FileHandle.standardError.write(Data("themekit-demo: cannot read the brand packs: \(error)\n".utf8))
    exit(1)
}

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
print("Brands: ocean and ember, read from \(packsFolder.appendingPathComponent("ocean.json").path) and ember.json")

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
print(
    "Bound \(views.count) views (\(bindings) bindings) in \(milliseconds(DispatchTime.now().uptimeNanoseconds - start)) ms"
)

/// A duration in milliseconds with two decimals. Each figure is measured once and this formats it, so a
/// step's line and the summary print the same number.
func milliseconds(_ nanoseconds: UInt64) -> String {
    String(format: "%.2f", Double(nanoseconds) / 1e6)
}

/// Each step's title and refresh time in nanoseconds, for the summary.
var refreshes: [(title: String, nanoseconds: UInt64)] = []

@MainActor func step(_ title: String, _ change: () -> Void) {
    print("\n\(title)")
    let start = DispatchTime.now().uptimeNanoseconds
    change()
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    refreshes.append((title, elapsed))
    let sample = views[0]
    let sidebarSample = views[viewsPerScreen]
    print("  refresh took \(milliseconds(elapsed)) ms")
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
    "  \(refreshes.count) changes refreshed in \(milliseconds(total)) ms in all; slowest: "
        + "\(slowest.map { "\($0.title) (\(milliseconds($0.nanoseconds)) ms)" } ?? "none")")
print("  now: style \(theme.style), variant \(theme.activeVariantID(for: Palette.self) ?? "none")")
print("  the choice is saved in \(storageURL.path); run again to see it restored.")
withExtendedLifetime((changes, accentToken, screens)) {}
