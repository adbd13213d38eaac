import ThemeKit

/// Eight colours as a theme would hold them: one per role for dark and for light.
///
/// Every value is a short `#RRGGBB` string, which Swift stores inline, so copying
/// and assigning them allocates nothing and touches no reference count.
struct ColorSet: Codable, Equatable, Sendable {
    var text: String
    var background: String
    var tint: String
    var border: String
    var textLight: String
    var backgroundLight: String
    var tintLight: String
    var borderLight: String

    /// A colour set whose strings encode `seed`, so consecutive seeds differ.
    static func numbered(_ seed: Int) -> ColorSet {
        func hex(_ role: Int) -> String {
            let value = (seed &* 7919 &+ role &* 104_729) & 0xFF_FFFF
            let digits = String(value, radix: 16, uppercase: true)
            return "#" + String(repeating: "0", count: 6 - digits.count) + digits
        }
        return ColorSet(
            text: hex(0), background: hex(1), tint: hex(2), border: hex(3), textLight: hex(4),
            backgroundLight: hex(5), tintLight: hex(6), borderLight: hex(7))
    }

    /// The colour of `role` (0 text, 1 background, 2 tint, 3 border) for `style`.
    @inline(__always)
    func color(role: Int, style: ThemeStyle) -> String {
        let dark = style == .dark
        switch role {
        case 0: return dark ? text : textLight
        case 1: return dark ? background : backgroundLight
        case 2: return dark ? tint : tintLight
        default: return dark ? border : borderLight
        }
    }
}

/// Extension type A: what almost every binding reads.
struct PaletteA: ThemeExtension {
    var colors: ColorSet
    static let fallback = PaletteA(colors: .numbered(0))
}

/// Extension type B: what the few bindings of the fine-grained scenario read.
struct PaletteB: ThemeExtension {
    var colors: ColorSet
    static let fallback = PaletteB(colors: .numbered(1))
}

/// A themed object with four colour properties, as a view would have.
///
/// Every system under test gets its own fresh objects: a weak reference taken by
/// one system makes every later retain of the object slower, and that must not
/// leak into another system's figures.
// Sound: one thread drives every system; the conformance only lets baselines capture views in closures.
final class BenchView: @unchecked Sendable {
    var text = ""
    var background = ""
    var tint = ""
    var border = ""
    /// Writes through the computed properties below, as UIKit counts nothing but does
    /// work in every setter (invalidates, redraws).
    var setterCalls = 0
    private var storedTextColor = ""
    private var storedBackgroundColor = ""
    private var storedTintColor = ""
    private var storedBorderColor = ""

    /// A computed property whose setter does work, as `UILabel.textColor` is.
    var textColor: String {
        get { storedTextColor }
        set {
            storedTextColor = newValue
            setterCalls += 1
        }
    }

    /// A computed property whose setter does work, as `UIView.backgroundColor` is.
    var backgroundColor: String {
        get { storedBackgroundColor }
        set {
            storedBackgroundColor = newValue
            setterCalls += 1
        }
    }

    /// A computed property whose setter does work, as `UIView.tintColor` is.
    var tintColor: String {
        get { storedTintColor }
        set {
            storedTintColor = newValue
            setterCalls += 1
        }
    }

    /// A computed property whose setter does work, as `CALayer.borderColor` is.
    var borderColor: String {
        get { storedBorderColor }
        set {
            storedBorderColor = newValue
            setterCalls += 1
        }
    }

    /// The computed properties' key paths, by role.
    // Sound: key paths are immutable values, and the array is never mutated.
    nonisolated(unsafe) static let computedKeyPaths: [ReferenceWritableKeyPath<BenchView, String>] = [
        \.textColor, \.backgroundColor, \.tintColor, \.borderColor,
    ]
    /// JXTheme keeps its providers per object (in an associated object); this is that dictionary.
    var jxProviders: [String: Any] = [:]

    /// Writes the property of `role` (0 text, 1 background, 2 tint, 3 border).
    @inline(__always)
    func set(role: Int, _ value: String) {
        switch role {
        case 0: text = value
        case 1: background = value
        case 2: tint = value
        default: border = value
        }
    }

    /// The property of `role`: stored, or (`computed`) the computed one.
    func value(role: Int, computed: Bool = false) -> String {
        switch (role, computed) {
        case (0, false): text
        case (1, false): background
        case (2, false): tint
        case (_, false): border
        case (0, true): textColor
        case (1, true): backgroundColor
        case (2, true): tintColor
        case (_, true): borderColor
        }
    }

    /// What a hand-written `applyTheme()` does: writes its first `roles` properties.
    @inline(__always)
    func applyTheme(roles: Int, style: ThemeStyle, colors: ColorSet) {
        if roles > 0 { text = style == .dark ? colors.text : colors.textLight }
        if roles > 1 { background = style == .dark ? colors.background : colors.backgroundLight }
        if roles > 2 { tint = style == .dark ? colors.tint : colors.tintLight }
        if roles > 3 { border = style == .dark ? colors.border : colors.borderLight }
    }
}

/// The shape of one scenario's bindings: `objectCount` objects, each with
/// `rolesPerObject` bound properties; the objects for which `readsB` holds read
/// ``PaletteB``, the others ``PaletteA``.
struct Workload {
    var objectCount: Int
    var rolesPerObject: Int
    var readsB: @Sendable (Int) -> Bool = { _ in false }

    var bindingCount: Int { objectCount * rolesPerObject }
}

/// The ThemeKit side of the fixtures: one `bind` per role, each with a closure
/// literal that captures nothing, writing the stored property through a setter
/// closure, exactly as an app writes it (a closure taken from an array would cost a
/// reabstraction thunk allocation per call that an app never pays).
enum ThemeKitFixtures {
    /// Binds every role of `view` (object number `index` of `workload`).
    @inline(__always)
    static func bind(_ view: BenchView, index: Int, workload: Workload, in theme: Theme, node: ThemeNode? = nil) {
        let roles = workload.rolesPerObject
        if workload.readsB(index) {
            bindB(view, roles: roles, in: theme, node: node)
        } else {
            bindA(view, roles: roles, in: theme, node: node)
        }
    }

    private static func bindA(_ view: BenchView, roles: Int, in theme: Theme, node: ThemeNode?) {
        theme.bind(view, \.text, set: { $0.text = $1 }, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.text : colors.textLight
        }
        guard roles > 1 else { return }
        theme.bind(view, \.background, set: { $0.background = $1 }, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.background : colors.backgroundLight
        }
        guard roles > 2 else { return }
        theme.bind(view, \.tint, set: { $0.tint = $1 }, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.tint : colors.tintLight
        }
        guard roles > 3 else { return }
        theme.bind(view, \.border, set: { $0.border = $1 }, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.border : colors.borderLight
        }
    }

    private static func bindB(_ view: BenchView, roles: Int, in theme: Theme, node: ThemeNode?) {
        theme.bind(view, \.text, set: { $0.text = $1 }, in: node) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.text : colors.textLight
        }
        guard roles > 1 else { return }
        theme.bind(view, \.background, set: { $0.background = $1 }, in: node) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.background : colors.backgroundLight
        }
        guard roles > 2 else { return }
        theme.bind(view, \.tint, set: { $0.tint = $1 }, in: node) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.tint : colors.tintLight
        }
        guard roles > 3 else { return }
        theme.bind(view, \.border, set: { $0.border = $1 }, in: node) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.border : colors.borderLight
        }
    }
}

/// The plain key-path `bind` of the stored properties (`theme.bind(view, \.text) { … }`):
/// every write goes through Swift's key-path runtime.
enum KeyPathFixtures {
    /// Binds every role of `view` (object number `index` of `workload`), reading the
    /// palette ``ThemeKitFixtures`` reads for it: the same work in the key-path spelling.
    @inline(__always)
    static func bind(_ view: BenchView, index: Int, workload: Workload, in theme: Theme, node: ThemeNode? = nil) {
        if workload.readsB(index) {
            bindB(view, roles: workload.rolesPerObject, in: theme, node: node)
        } else {
            bindA(view, roles: workload.rolesPerObject, in: theme, node: node)
        }
    }

    private static func bindA(_ view: BenchView, roles: Int, in theme: Theme, node: ThemeNode?) {
        theme.bind(view, \.text, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.text : colors.textLight
        }
        guard roles > 1 else { return }
        theme.bind(view, \.background, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.background : colors.backgroundLight
        }
        guard roles > 2 else { return }
        theme.bind(view, \.tint, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.tint : colors.tintLight
        }
        guard roles > 3 else { return }
        theme.bind(view, \.border, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.border : colors.borderLight
        }
    }

    private static func bindB(_ view: BenchView, roles: Int, in theme: Theme, node: ThemeNode?) {
        theme.bind(view, \.text, in: node) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.text : colors.textLight
        }
        guard roles > 1 else { return }
        theme.bind(view, \.background, in: node) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.background : colors.backgroundLight
        }
        guard roles > 2 else { return }
        theme.bind(view, \.tint, in: node) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.tint : colors.tintLight
        }
        guard roles > 3 else { return }
        theme.bind(view, \.border, in: node) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.border : colors.borderLight
        }
    }
}

/// The computed properties (what a UIKit property is), bound through the setter-closure
/// binding (`computedSetter`) or through their key paths (`computedKeyPath`).
enum ComputedFixtures {
    /// Binds every computed property of `view` (palette A) with setter closures.
    @inline(__always)
    static func bindSetters(_ view: BenchView, workload: Workload, in theme: Theme, node: ThemeNode? = nil) {
        let roles = workload.rolesPerObject
        theme.bind(view, \.textColor, set: { $0.textColor = $1 }, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.text : colors.textLight
        }
        guard roles > 1 else { return }
        theme.bind(view, \.backgroundColor, set: { $0.backgroundColor = $1 }, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.background : colors.backgroundLight
        }
        guard roles > 2 else { return }
        theme.bind(view, \.tintColor, set: { $0.tintColor = $1 }, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.tint : colors.tintLight
        }
        guard roles > 3 else { return }
        theme.bind(view, \.borderColor, set: { $0.borderColor = $1 }, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.border : colors.borderLight
        }
    }

    /// Binds every computed property of `view` (palette A) through its key path.
    @inline(__always)
    static func bindKeyPaths(_ view: BenchView, workload: Workload, in theme: Theme, node: ThemeNode? = nil) {
        let roles = workload.rolesPerObject
        theme.bind(view, \.textColor, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.text : colors.textLight
        }
        guard roles > 1 else { return }
        theme.bind(view, \.backgroundColor, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.background : colors.backgroundLight
        }
        guard roles > 2 else { return }
        theme.bind(view, \.tintColor, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.tint : colors.tintLight
        }
        guard roles > 3 else { return }
        theme.bind(view, \.borderColor, in: node) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.border : colors.borderLight
        }
    }
}

/// The stored properties declared once as ``ThemedProperty`` values (one per role
/// and palette, each with its setter closure) and bound to every view: the style
/// ThemeKit recommends for many views of one kind.
enum SharedFixtures {
    static let a: [ThemedProperty<BenchView, String>] = [
        ThemedProperty(\.text, set: { $0.text = $1 }) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.text : colors.textLight
        },
        ThemedProperty(\.background, set: { $0.background = $1 }) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.background : colors.backgroundLight
        },
        ThemedProperty(\.tint, set: { $0.tint = $1 }) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.tint : colors.tintLight
        },
        ThemedProperty(\.border, set: { $0.border = $1 }) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.border : colors.borderLight
        },
    ]

    static let b: [ThemedProperty<BenchView, String>] = [
        ThemedProperty(\.text, set: { $0.text = $1 }) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.text : colors.textLight
        },
        ThemedProperty(\.background, set: { $0.background = $1 }) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.background : colors.backgroundLight
        },
        ThemedProperty(\.tint, set: { $0.tint = $1 }) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.tint : colors.tintLight
        },
        ThemedProperty(\.border, set: { $0.border = $1 }) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.border : colors.borderLight
        },
    ]

    /// Binds every role of `view` (object number `index` of `workload`).
    @inline(__always)
    static func bind(_ view: BenchView, index: Int, workload: Workload, in theme: Theme, node: ThemeNode? = nil) {
        let properties = workload.readsB(index) ? b : a
        for role in 0..<workload.rolesPerObject { theme.bind(view, properties[role], in: node) }
    }
}

/// ``SharedFixtures`` in the key-path spelling: each ``ThemedProperty`` names its stored
/// property by key path alone (no setter closure).
enum SharedKeyPathFixtures {
    static let a: [ThemedProperty<BenchView, String>] = [
        ThemedProperty(\.text) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.text : colors.textLight
        },
        ThemedProperty(\.background) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.background : colors.backgroundLight
        },
        ThemedProperty(\.tint) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.tint : colors.tintLight
        },
        ThemedProperty(\.border) { env in
            let colors = env[PaletteA.self].colors
            return env.style == .dark ? colors.border : colors.borderLight
        },
    ]

    static let b: [ThemedProperty<BenchView, String>] = [
        ThemedProperty(\.text) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.text : colors.textLight
        },
        ThemedProperty(\.background) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.background : colors.backgroundLight
        },
        ThemedProperty(\.tint) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.tint : colors.tintLight
        },
        ThemedProperty(\.border) { env in
            let colors = env[PaletteB.self].colors
            return env.style == .dark ? colors.border : colors.borderLight
        },
    ]

    /// Binds every role of `view` (object number `index` of `workload`).
    @inline(__always)
    static func bind(_ view: BenchView, index: Int, workload: Workload, in theme: Theme, node: ThemeNode? = nil) {
        let properties = workload.readsB(index) ? b : a
        for role in 0..<workload.rolesPerObject { theme.bind(view, properties[role], in: node) }
    }
}

/// The same bindings as ``ThemeKitFixtures`` with closures that capture which palette
/// they read, as an app's helper that builds providers would: every binding runs its
/// own provider.
enum CapturingFixtures {
    /// Binds every role of `view` (object number `index` of `workload`).
    ///
    /// Each closure reads one field in place, as ``ThemeKitFixtures``' do (a
    /// `readsB ? A : B` of whole colour sets would copy all eight strings).
    @inline(__always)
    static func bind(_ view: BenchView, index: Int, workload: Workload, in theme: Theme, node: ThemeNode? = nil) {
        let roles = workload.rolesPerObject
        let readsB = workload.readsB(index)
        theme.bind(view, \.text, set: { $0.text = $1 }, in: node) { env in
            let dark = env.style == .dark
            if readsB { return dark ? env[PaletteB.self].colors.text : env[PaletteB.self].colors.textLight }
            return dark ? env[PaletteA.self].colors.text : env[PaletteA.self].colors.textLight
        }
        guard roles > 1 else { return }
        theme.bind(view, \.background, set: { $0.background = $1 }, in: node) { env in
            let dark = env.style == .dark
            if readsB { return dark ? env[PaletteB.self].colors.background : env[PaletteB.self].colors.backgroundLight }
            return dark ? env[PaletteA.self].colors.background : env[PaletteA.self].colors.backgroundLight
        }
        guard roles > 2 else { return }
        theme.bind(view, \.tint, set: { $0.tint = $1 }, in: node) { env in
            let dark = env.style == .dark
            if readsB { return dark ? env[PaletteB.self].colors.tint : env[PaletteB.self].colors.tintLight }
            return dark ? env[PaletteA.self].colors.tint : env[PaletteA.self].colors.tintLight
        }
        guard roles > 3 else { return }
        theme.bind(view, \.border, set: { $0.border = $1 }, in: node) { env in
            let dark = env.style == .dark
            if readsB { return dark ? env[PaletteB.self].colors.border : env[PaletteB.self].colors.borderLight }
            return dark ? env[PaletteA.self].colors.border : env[PaletteA.self].colors.borderLight
        }
    }
}

/// How the ThemeKit side of a scenario binds.
enum BindingStyle: CaseIterable {
    /// (a) Shared ``ThemedProperty`` values (``SharedFixtures``) on stored properties.
    case shared
    /// (b) Setter closures on computed properties (``ComputedFixtures/bindSetters``).
    case computedSetter
    /// (b) Key paths on computed properties (``ComputedFixtures/bindKeyPaths``).
    case computedKeyPath
    /// (c) Closures with captures (``CapturingFixtures``), setter closures on stored properties.
    case capturing
    /// Capture-free closures, setter closures on stored properties (``ThemeKitFixtures``).
    case closures
    /// Capture-free closures through key paths on stored properties (``KeyPathFixtures``).
    case keyPath
    /// (a) Shared ``ThemedProperty`` values in the key-path spelling (``SharedKeyPathFixtures``).
    case sharedKeyPath

    /// The styles the full switch measures, in row order.
    static let switched: [BindingStyle] = [
        .shared, .sharedKeyPath, .computedSetter, .computedKeyPath, .capturing, .closures, .keyPath,
    ]

    /// The full switch's styles grouped for sampling: each key-path spelling with the `set:`
    /// spelling of the same properties, which its target compares it with (sampled in rounds).
    static let switchedGroups: [[BindingStyle]] = [
        [.shared, .sharedKeyPath], [.computedSetter, .computedKeyPath], [.capturing], [.closures, .keyPath],
    ]

    /// The styles the registration scenario measures.
    static let registered: [BindingStyle] = [.closures, .shared, .keyPath, .sharedKeyPath]

    /// The suffix of the scenario name for rows measured with this style.
    var suffix: String {
        switch self {
        case .closures: ""
        case .shared: "-shared"
        case .capturing: "-captures"
        case .computedSetter: "-setter"
        case .computedKeyPath: "-keypath"
        case .keyPath: "-keypath"
        case .sharedKeyPath: "-keypath-shared"
        }
    }

    /// The suffix of the full-switch rows (stored key paths are `-keypath-stored` there,
    /// beside the computed `-keypath`).
    var switchSuffix: String {
        switch self {
        case .keyPath: "-keypath-stored"
        case .sharedKeyPath: "-shared-keypath"
        default: suffix
        }
    }

    /// Whether the bindings write the computed properties (else the stored ones).
    var writesComputed: Bool { self == .computedSetter || self == .computedKeyPath }

    /// A phrase for the rows' notes.
    var note: String {
        switch self {
        case .closures: "setter-closure binds of stored properties, capture-free closures (run per object)"
        case .shared: "4 shared ThemedProperty values with setter closures, stored properties"
        case .capturing: "setter-closure binds with closures that capture which palette they read"
        case .computedSetter: "setter-closure binds of 4 computed properties whose setters do work"
        case .computedKeyPath: "key-path binds of 4 computed properties whose setters do work"
        case .keyPath: "key-path binds of stored properties (no setter closure)"
        case .sharedKeyPath: "4 shared ThemedProperty values named by key path alone, stored properties"
        }
    }

    /// Binds every role of `view` in this style.
    @inline(__always)
    func bind(_ view: BenchView, index: Int, workload: Workload, in theme: Theme, node: ThemeNode? = nil) {
        switch self {
        case .closures: ThemeKitFixtures.bind(view, index: index, workload: workload, in: theme, node: node)
        case .shared: SharedFixtures.bind(view, index: index, workload: workload, in: theme, node: node)
        case .capturing: CapturingFixtures.bind(view, index: index, workload: workload, in: theme, node: node)
        case .computedSetter: ComputedFixtures.bindSetters(view, workload: workload, in: theme, node: node)
        case .computedKeyPath: ComputedFixtures.bindKeyPaths(view, workload: workload, in: theme, node: node)
        case .keyPath: KeyPathFixtures.bind(view, index: index, workload: workload, in: theme, node: node)
        case .sharedKeyPath:
            SharedKeyPathFixtures.bind(view, index: index, workload: workload, in: theme, node: node)
        }
    }
}

/// Counts calls in observer and subscriber closures.
// Sound: the benchmark drives every system from one thread.
final class Tally: @unchecked Sendable {
    var count = 0
}

/// Makes `count` fresh views.
func makeViews(_ count: Int) -> [BenchView] {
    var views: [BenchView] = []
    views.reserveCapacity(count)
    for _ in 0..<count { views.append(BenchView()) }
    return views
}
