import Foundation
import ThemeKit

// The reference model: a deliberately naive description of what the theme must show.
// No indexes, no caches, no dependency tracking: after every operation it recomputes
// what every provider returns for every live binding from plain dictionaries and a
// parent-pointer tree, and the test compares that with the real objects.

/// The theme-wide state: style, contrast, applied values, variants.
struct GlobalModel {
    var style: ThemeStyle
    var contrast: ThemeContrast
    var colors: ModelColors?
    var metrics: ModelMetrics?
    var fonts: ModelFonts?
    /// The number of the active `ModelColorsVariant`.
    var activeVariant: Int?
    var registeredVariants: Set<Int> = []
    /// The variant choice storage holds: set by applying a variant (or a variant id that is
    /// registered), removed by clearing it or by applying a plain value while it is active.
    var persistedVariant: Int?
    var followsSystem = true
    var followsSystemContrast = true
    /// The last appearance the system reported (nil: none yet).
    var systemStyle: ThemeStyle?
    var systemContrast: ThemeContrast?

    /// The style set by the app: it stops following the system.
    mutating func setStyle(_ newValue: ThemeStyle) {
        followsSystem = false
        style = newValue
    }

    mutating func setContrast(_ newValue: ThemeContrast) {
        followsSystemContrast = false
        contrast = newValue
    }

    func colors(style: ThemeStyle, contrast: ThemeContrast) -> ModelColors {
        if let activeVariant {
            return ModelColorsVariant(number: activeVariant).value(for: style, contrast: contrast)
        }
        return colors ?? .fallback
    }

    /// What an observer of `type` must have seen last: the value at the theme's own appearance.
    func rootValue(_ type: ObservedType) -> String {
        switch type {
        case .colors: colors(style: style, contrast: contrast).text
        case .metrics: String((metrics ?? .fallback).size)
        case .fonts: (fonts ?? .fallback).name
        }
    }

    /// The state as `theme` holds it (after the threads that changed it joined).
    static func read(from theme: Theme) -> GlobalModel {
        let variant = ModelColorsVariant.number(of: theme.activeVariantID(for: ModelColors.self))
        return GlobalModel(
            style: theme.style, contrast: theme.contrast,
            colors: variant == nil ? theme.value(ModelColors.self) : nil,
            metrics: theme.value(ModelMetrics.self), fonts: theme.value(ModelFonts.self), activeVariant: variant)
    }
}

/// The model's view of one appearance: what a provider reads there.
struct ModelAppearance: ModelReading {
    let global: GlobalModel
    let style: ThemeStyle
    let contrast: ThemeContrast
    var colors: ModelColors { global.colors(style: style, contrast: contrast) }
    var metrics: ModelMetrics { global.metrics ?? .fallback }
    var fonts: ModelFonts { global.fonts ?? .fallback }
}

/// A node of the model's tree. Index 0 is the theme's root.
struct ModelNode {
    /// The real node, held only by the model (nil once released).
    var node: ThemeNode?
    var parent: Int
    var overrideStyle: ThemeStyle?
    var overrideContrast: ThemeContrast?
    var isAlive: Bool { node != nil }
}

/// How a property got its binding.
enum BindingKind: String {
    case keyPath, setter, property, localProperty, releasing
    /// `bind(_:_:in:_:)` whose provider is given the object as well: it appends the object's serial.
    case objectProvider
}

/// One binding as the model sees it.
struct ModelBinding {
    var kind: BindingKind
    var spec: ProviderSpec
    /// Whether the provider reads the object's salt (properties share values, so they do not).
    var readsSalt: Bool
}

/// One object the test created.
final class ModelObject {
    let number: Int
    let serial: Int
    weak var widget: Widget?
    /// The test's strong reference (nil once released, or handed to a releasing provider).
    var strong: Widget?
    let salt = LockedBox(0)
    var node = 0
    var bindings: [WidgetSlot: ModelBinding] = [:]
    var customs: [String: ProviderSpec] = [:]
    /// Values an `unbind` left behind: nothing may write them again.
    var frozen: [WidgetSlot: String] = [:]
    var frozenCustoms: [String: String] = [:]

    init(number: Int, widget: Widget) {
        self.number = number
        self.widget = widget
        strong = widget
        serial = widget.serial
    }

    /// Whether the theme tracks the object (it forgets its node once the last binding goes).
    var isTracked: Bool { !bindings.isEmpty || !customs.isEmpty }
}

struct ModelObserver {
    var type: ObservedType
    var token: ObserverToken
    var log = ReceiptLog()
    /// What the observer must report if it has received nothing yet.
    var initial: String?
    /// The number of calls when it was cancelled: no call may follow.
    var cancelledAt: Int?
}

struct ModelSubscription {
    var token: ObserverToken
    var styles = ReceiptLog()
    var contrasts = ReceiptLog()
    var initialStyle: String?
    var initialContrast: String?
    var cancelledAt: Int?
}

/// A stream of `theme.events` (single-thread runs), consumed by a task of its own, beside a
/// closure subscription made at the same moment: the reference for what the stream delivers.
/// Unbounded, the stream must deliver exactly the closure's events, in order; buffering the
/// newest `limit`, a subsequence of them that ends with the same events. Cancelled (its task
/// cancelled), a prefix (or, bounded, a subsequence) of them: it goes on receiving until its task
/// next waits for an event, which is when AsyncStream ends it. Its subscription must be gone once
/// the task has ended.
struct ModelStream {
    var limit: Int?
    var task: Task<[String], Never>
    var paired: ObserverToken
    var pairedEvents = EventSequence()
    /// How many events the closure had received when the stream's task was cancelled (for reports).
    var cancelledAt: Int?

    /// The event that ends every stream's task at the end of a round (the engine posts no
    /// `refreshLoopStopped` with a negative count).
    static let end = ThemeEvent.refreshLoopStopped(passes: -1)
}

/// Every event a closure received, as text, in order.
final class EventSequence: @unchecked Sendable {
    // Sound: only touched under `box`'s lock.
    private let box = LockedBox<[String]>([])

    func record(_ event: ThemeEvent) {
        guard event != ModelStream.end else { return }
        box.update { $0.append("\(event)") }
    }

    var events: [String] { box.value }
}
