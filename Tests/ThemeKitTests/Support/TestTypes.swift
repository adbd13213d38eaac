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

/// A flag set once, read from any thread.
// Sound: `value` is only accessed under `lock`.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Labels handed to other threads.
// Sound: the array is immutable; the labels are written only by the theme's delivering thread.
final class LabelList: @unchecked Sendable {
    let labels: [Label]
    init(_ labels: [Label]) { self.labels = labels }
}

/// Marks the main queue, so a callback can tell it runs there (under `swift test` on
/// Linux the main queue is drained by a thread other than the main thread).
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Whether the caller runs on the main thread or the main queue.
var isOnMain: Bool { Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) == true }

/// Waits until the main queue has run everything queued before this call.
func drainMainQueue() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { continuation.resume() }
    }
}
