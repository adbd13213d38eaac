import Foundation
import ThemeKit

struct Palette: ThemeExtension {
    var background: String
    var text: String
    static let fallback = Palette(background: "#FFFFFF", text: "#000000")
}

struct Metrics: ThemeExtension {
    var cornerRadius: Double
    static let fallback = Metrics(cornerRadius: 8)
}

struct Typography: ThemeExtension {
    var bodySize: Double
    static let fallback = Typography(bodySize: 17)
}

extension ThemeStyle { static let sepia = ThemeStyle(rawValue: "sepia") }

struct PaletteVariant: ThemeVariant {
    let id: String
    let light: Palette
    let dark: Palette
    var highContrastDark: Palette? = nil
}

/// A themed object with a few properties, as a view would have.
// Sound: test objects are only touched by the thread that drives the theme in each test.
final class Label: @unchecked Sendable {
    var textColor = ""
    var background = ""
    var cornerRadius = 0.0
    var customized = 0
}

/// Counts calls from any thread.
// Sound: `value` is only accessed under `lock`.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    private var log: [String] = []
    func increment(_ entry: String = "") {
        lock.lock()
        value += 1
        if !entry.isEmpty { log.append(entry) }
        lock.unlock()
    }
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }
}

func makeTheme() -> Theme { Theme(storage: InMemoryThemeStorage(), delivery: .synchronous) }
