import Foundation
import ThemeKit

// The values, objects and providers the reference-model test drives the theme with
// (Docs/Reliability.md, "Reference model"). Every provider is a pure function of what it
// reads (plus a per-object salt that changes only together with `refresh`), so the model
// can compute what each bound property must show without knowing when the theme ran it.

struct ModelColors: ThemeExtension {
    var text: String
    static let fallback = ModelColors(text: "colors.fallback")
}

struct ModelMetrics: ThemeExtension {
    var size: Int
    static let fallback = ModelMetrics(size: -1)
}

struct ModelFonts: ThemeExtension {
    var name: String
    static let fallback = ModelFonts(name: "fonts.fallback")
}

/// A variant whose content is a function of its number, so every thread and the model
/// agree on what `variant<n>` holds.
struct ModelColorsVariant: ThemeVariant {
    let number: Int
    var id: String { "variant\(number)" }
    var light: ModelColors { ModelColors(text: "v\(number).light") }
    var dark: ModelColors { ModelColors(text: "v\(number).dark") }
    var highContrastDark: ModelColors? { number % 2 == 0 ? ModelColors(text: "v\(number).hcdark") : nil }

    /// The number of a variant id made by this type, or nil.
    static func number(of id: String?) -> Int? {
        guard let id, id.hasPrefix("variant") else { return nil }
        return Int(id.dropFirst("variant".count))
    }
}

/// A themed object.
// Sound: its properties are written by the theme's delivering thread and read by the test
// only after the operation that wrote them returned (or after the writing threads joined).
final class Widget: @unchecked Sendable {
    /// What a provider that is given the object reads of it.
    let serial: Int
    var text = ""
    /// Computed, as a UIKit property is: key-path writes call its setter.
    var detail: String {
        get { storedDetail }
        set { storedDetail = newValue }
    }
    private var storedDetail = ""
    var number = 0
    var custom: [String: String] = [:]

    init(serial: Int = 0) { self.serial = serial }
}

/// A bindable property of `Widget`.
enum WidgetSlot: Int, CaseIterable, Sendable, CustomStringConvertible {
    case text, detail, number

    var description: String { ["text", "detail", "number"][rawValue] }

    func read(_ widget: Widget) -> String {
        switch self {
        case .text: widget.text
        case .detail: widget.detail
        case .number: String(widget.number)
        }
    }

    /// What the property shows for a provider result (`number` stores a hash of it).
    func shown(_ value: String) -> String { self == .number ? String(stableNumber(value)) : value }
}

/// FNV-1a of the UTF-8 bytes, folded to 32 bits: the `Int` a number provider returns.
func stableNumber(_ string: String) -> Int {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in string.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01B3
    }
    return Int(truncatingIfNeeded: hash & 0xFFFF_FFFF)
}

/// What a provider reads: the live `ThemeContext` or the model's view of one appearance.
protocol ModelReading {
    var style: ThemeStyle { get }
    var contrast: ThemeContrast { get }
    var colors: ModelColors { get }
    var metrics: ModelMetrics { get }
    var fonts: ModelFonts { get }
}

/// Providers run on a thread while it is inside a call that must run none: reading the binding
/// count or creating a node runs no user code, so it must never deliver another thread's change
/// (issue found in review: such a call delivered the change when it met one).
// Sound: set, counted and read on one thread (the calling thread's dictionary holds it).
final class ProviderRuns: @unchecked Sendable {
    private static let key = "ThemeKitModel.ProviderRuns"
    var count = 0

    /// The counter of the call the calling thread is in, if that call must run no provider.
    static var current: ProviderRuns? { Thread.current.threadDictionary[key] as? ProviderRuns }

    /// Runs `body` as a call that must run no provider on this thread; returns how many ran.
    static func forbidden(_ body: () -> Void) -> Int {
        let runs = ProviderRuns()
        Thread.current.threadDictionary[key] = runs
        body()
        Thread.current.threadDictionary[key] = nil
        return runs.count
    }
}

struct LiveReader: ModelReading {
    let env: ThemeContext

    /// Every provider of a model run reads through one: counts the run when its thread is inside a
    /// call that must run none (`ProviderRuns.forbidden(_:)`).
    init(env: ThemeContext) {
        self.env = env
        ProviderRuns.current?.count += 1
    }
    var style: ThemeStyle { env.style }
    var contrast: ThemeContrast { env.contrast }
    var colors: ModelColors { env[ModelColors.self] }
    var metrics: ModelMetrics { env[ModelMetrics.self] }
    var fonts: ModelFonts { env[ModelFonts.self] }
}

/// A provider: a tag (so two providers differ) and which inputs it reads, some of them
/// chosen by the value of another (dependencies that change from run to run).
struct ProviderSpec: Hashable, Sendable, CustomStringConvertible {
    enum Reads: Int, CaseIterable, Sendable {
        case nothing, style, contrast, colors, styleAndColors, everything, styleChoosesType, colorsChooseContrast
    }

    var tag: Int
    var reads: Reads

    var description: String { "p\(tag)/\(reads)" }

    func value(_ reader: some ModelReading, salt: Int) -> String {
        var result = "\(tag)#\(salt)"
        switch reads {
        case .nothing: break
        case .style: result += "|\(reader.style.rawValue)"
        case .contrast: result += "|\(reader.contrast)"
        case .colors: result += "|\(reader.colors.text)"
        case .styleAndColors: result += "|\(reader.style.rawValue)|\(reader.colors.text)"
        case .everything:
            result += "|\(reader.style.rawValue)|\(reader.contrast)|\(reader.colors.text)"
            result += "|\(reader.metrics.size)|\(reader.fonts.name)"
        case .styleChoosesType:
            result += reader.style == .dark ? "|m\(reader.metrics.size)" : "|f\(reader.fonts.name)"
        case .colorsChooseContrast:
            let text = reader.colors.text
            result += "|\(text)"
            if text.hasSuffix("dark") { result += "|\(reader.contrast)" }
        }
        return result
    }
}

/// A value shared with `@Sendable` closures.
// Sound: `value` is only touched under `lock`.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    func update<Result>(_ change: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return change(&stored)
    }
}

/// Holds an object until a provider has run a given number of times, then releases it
/// (an object released from inside a pass, possibly the one being themed).
final class Holder: @unchecked Sendable {
    // Sound: only touched under the box's lock; the object is dropped after it.
    private let box: LockedBox<(widget: Widget?, runsLeft: Int)>

    init(_ widget: Widget, afterRuns runs: Int) { box = LockedBox((widget, runs)) }

    func run() {
        let released = box.update { state -> Widget? in
            state.runsLeft -= 1
            guard state.runsLeft <= 0 else { return nil }
            defer { state.widget = nil }
            return state.widget
        }
        _ = released
    }

    /// Releases the object now, whatever the count.
    func drop() {
        let released = box.update { state -> Widget? in
            defer { state.widget = nil }
            return state.widget
        }
        _ = released
    }
}

/// What an observer or event subscription received last, and how often.
final class ReceiptLog: @unchecked Sendable {
    // Sound: only touched under `box`'s lock.
    private let box = LockedBox<(last: String?, count: Int)>((nil, 0))

    func record(_ value: String) { box.update { $0 = (value, $0.count + 1) } }

    var last: String? { box.value.last }
    var count: Int { box.value.count }
}

enum ObservedType: Int, CaseIterable, Sendable, CustomStringConvertible {
    case colors, metrics, fonts
    var description: String { ["colors", "metrics", "fonts"][rawValue] }
}

struct ModelBatchError: Error {}

/// A `ThemedProperty` of one of `Widget`'s slots.
enum PropertyHandle {
    case string(ThemedProperty<Widget, String>)
    case number(ThemedProperty<Widget, Int>)

    static func make(slot: WidgetSlot, spec: ProviderSpec, throughSetter: Bool) -> PropertyHandle {
        let provider: @Sendable (ThemeContext) -> String = { env in spec.value(LiveReader(env: env), salt: 0) }
        switch (slot, throughSetter) {
        case (.text, false): return .string(ThemedProperty(\Widget.text, provider))
        case (.text, true): return .string(ThemedProperty(\Widget.text, set: { $0.text = $1 }, provider))
        case (.detail, false): return .string(ThemedProperty(\Widget.detail, provider))
        case (.detail, true): return .string(ThemedProperty(\Widget.detail, set: { $0.detail = $1 }, provider))
        case (.number, false):
            return .number(ThemedProperty(\Widget.number) { env in stableNumber(provider(env)) })
        case (.number, true):
            return .number(
                ThemedProperty(\Widget.number, set: { $0.number = $1 }) { env in stableNumber(provider(env)) })
        }
    }

    func bind(_ widget: Widget, in theme: Theme, node: ThemeNode?) {
        switch self {
        case .string(let property): theme.bind(widget, property, in: node)
        case .number(let property): theme.bind(widget, property, in: node)
        }
    }
}
