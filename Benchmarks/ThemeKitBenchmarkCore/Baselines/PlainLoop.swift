import ThemeKit

/// What a hand-written refresh loop reads: the style and both palettes.
struct PlainEnvironment {
    var style: ThemeStyle
    var a: ColorSet
    var b: ColorSet
}

/// One stored closure, wrapped in a struct so storing it allocates no reabstraction thunk.
struct PlainApplier: Sendable {
    let apply: @Sendable (BenchView, PlainEnvironment) -> Void

    /// The closure that writes `role` of a view from palette A or B, as a hand-written loop would;
    /// `computed`: the computed property of the role, through its setter.
    static func make(role: Int, readsB: Bool, computed: Bool = false) -> PlainApplier {
        computed ? (readsB ? computedB[role] : computedA[role]) : readsB ? appliersB[role] : appliersA[role]
    }

    private static let appliersA: [PlainApplier] = [
        PlainApplier { view, env in view.text = env.style == .dark ? env.a.text : env.a.textLight },
        PlainApplier { view, env in view.background = env.style == .dark ? env.a.background : env.a.backgroundLight },
        PlainApplier { view, env in view.tint = env.style == .dark ? env.a.tint : env.a.tintLight },
        PlainApplier { view, env in view.border = env.style == .dark ? env.a.border : env.a.borderLight },
    ]

    private static let appliersB: [PlainApplier] = [
        PlainApplier { view, env in view.text = env.style == .dark ? env.b.text : env.b.textLight },
        PlainApplier { view, env in view.background = env.style == .dark ? env.b.background : env.b.backgroundLight },
        PlainApplier { view, env in view.tint = env.style == .dark ? env.b.tint : env.b.tintLight },
        PlainApplier { view, env in view.border = env.style == .dark ? env.b.border : env.b.borderLight },
    ]

    private static let computedA: [PlainApplier] = [
        PlainApplier { view, env in view.textColor = env.style == .dark ? env.a.text : env.a.textLight },
        PlainApplier { view, env in
            view.backgroundColor = env.style == .dark ? env.a.background : env.a.backgroundLight
        },
        PlainApplier { view, env in view.tintColor = env.style == .dark ? env.a.tint : env.a.tintLight },
        PlainApplier { view, env in view.borderColor = env.style == .dark ? env.a.border : env.a.borderLight },
    ]

    private static let computedB: [PlainApplier] = [
        PlainApplier { view, env in view.textColor = env.style == .dark ? env.b.text : env.b.textLight },
        PlainApplier { view, env in
            view.backgroundColor = env.style == .dark ? env.b.background : env.b.backgroundLight
        },
        PlainApplier { view, env in view.tintColor = env.style == .dark ? env.b.tint : env.b.tintLight },
        PlainApplier { view, env in view.borderColor = env.style == .dark ? env.b.border : env.b.borderLight },
    ]
}

/// The physical limit: a plain loop calling one stored closure per binding on
/// strongly held objects.
final class StrongLoopSystem {
    private struct Binding {
        let object: BenchView
        let applier: PlainApplier
    }

    private var bindings: ContiguousArray<Binding> = []

    /// Registers every role of `views`; `readsB` tells which palette each view reads.
    init(views: [BenchView], roles: Int, readsB: (Int) -> Bool) {
        for (index, view) in views.enumerated() { add(view, roles: roles, readsB: readsB(index)) }
    }

    /// Appends the bindings of one view.
    @inline(__always)
    func add(_ view: BenchView, roles: Int, readsB: Bool) {
        for role in 0..<roles { bindings.append(Binding(object: view, applier: .make(role: role, readsB: readsB))) }
    }

    /// Calls every binding's closure once.
    @inline(never)
    func refresh(_ env: PlainEnvironment) {
        bindings.withUnsafeBufferPointer { buffer in
            for binding in buffer { binding.applier.apply(binding.object, env) }
        }
    }
}

/// The physical limit through weak references: one weak load per object, then one
/// stored closure per binding of that object (the object's closures are contiguous);
/// with `computed`, each closure calls the computed property's setter (the
/// hand-written loop that the setter-closure bindings are measured against).
///
/// With `shared`, the loop computes the eight values of a refresh once (four roles of
/// two palettes, for the style) and each binding's closure only writes its value into
/// its object: the least any runtime that shares values can do on this path (a weak
/// load per object, a setter call per binding), the floor for the shared
/// ``ThemedProperty`` rows.
final class WeakLoopSystem {
    private struct Slot {
        weak var object: BenchView?
        var first: Int32
        var count: Int32
    }

    /// A binding of the shared loop: its setter and which of the refresh's values it writes.
    private struct Writer {
        let write: @Sendable (BenchView, String) -> Void
        let value: Int
    }

    /// A setter, wrapped in a struct so that an array of them stores no reabstraction thunks.
    private struct Setter: Sendable {
        let write: @Sendable (BenchView, String) -> Void
    }

    private static let setters: [Setter] = [
        Setter { $0.text = $1 }, Setter { $0.background = $1 }, Setter { $0.tint = $1 }, Setter { $0.border = $1 },
    ]

    private var slots: ContiguousArray<Slot> = []
    private var appliers: ContiguousArray<PlainApplier> = []
    private var writers: ContiguousArray<Writer> = []

    private let computed: Bool
    private let shared: Bool

    /// Registers every role of `views`; `readsB` tells which palette each view reads.
    init(views: [BenchView], roles: Int, computed: Bool = false, shared: Bool = false, readsB: (Int) -> Bool) {
        self.computed = computed
        self.shared = shared
        for (index, view) in views.enumerated() { add(view, roles: roles, readsB: readsB(index)) }
    }

    /// Appends one view and its bindings.
    @inline(__always)
    func add(_ view: BenchView, roles: Int, readsB: Bool) {
        slots.append(Slot(object: view, first: Int32(shared ? writers.count : appliers.count), count: Int32(roles)))
        for role in 0..<roles {
            if shared {
                writers.append(Writer(write: Self.setters[role].write, value: (readsB ? 4 : 0) + role))
            } else {
                appliers.append(.make(role: role, readsB: readsB, computed: computed))
            }
        }
    }

    /// Points slot `index` at a new object (its closures stay).
    func replace(_ index: Int, with view: BenchView) { slots[index].object = view }

    /// Calls the closures of every live object once; released objects are skipped.
    @inline(never)
    func refresh(_ env: PlainEnvironment) {
        guard shared else {
            forEachLiveObject { object, bindings in
                for position in bindings { appliers[position].apply(object, env) }
            }
            return
        }
        let values = ContiguousArray(
            [env.a, env.b].flatMap { colors in
                (0..<4).map { colors.color(role: $0, style: env.style) }
            })
        forEachLiveObject { object, bindings in
            for position in bindings { writers[position].write(object, values[writers[position].value]) }
        }
    }

    /// Calls `body` with each live object and the positions of its bindings.
    @inline(__always)
    private func forEachLiveObject(_ body: (BenchView, Range<Int>) -> Void) {
        slots.withUnsafeMutableBufferPointer { slots in
            guard let base = slots.baseAddress else { return }
            for index in slots.indices {
                // Read in place: through the array, reading a slot's fields copies the whole
                // slot first (a weak copy and destroy: two more side-table operations).
                let slot = base + index
                guard let object = slot.pointee.object else { continue }
                let first = Int(slot.pointee.first)
                body(object, first..<first + Int(slot.pointee.count))
            }
        }
    }
}

/// A bare loop of key-path writes: for each strongly held view, its computed properties
/// written through their key paths (`view[keyPath: path] = value`), which is what the
/// key-path bindings of computed properties can at best cost.
///
/// With `weaklyReferenced`, the system also holds one (unused) weak reference to each
/// view, as ThemeKit does: on Linux a native object with a weak reference keeps its
/// reference counts in a side table, and the retains and releases inside the key-path
/// runtime then take the slow path. (UIKit objects are Objective-C objects, whose weak
/// references leave retain and release as they are.)
final class KeyPathLoopSystem {
    private struct WeakView {
        weak var view: BenchView?
    }

    private let views: ContiguousArray<BenchView>
    private let weakViews: ContiguousArray<WeakView>
    private let readsB: [Bool]
    private let roles: Int

    init(views: [BenchView], roles: Int, weaklyReferenced: Bool, readsB: (Int) -> Bool) {
        self.views = ContiguousArray(views)
        weakViews = weaklyReferenced ? ContiguousArray(views.map { WeakView(view: $0) }) : []
        self.readsB = views.indices.map(readsB)
        self.roles = roles
    }

    /// Writes every role of every view through its key path once.
    @inline(never)
    func refresh(_ env: PlainEnvironment) {
        let paths = BenchView.computedKeyPaths
        for index in views.indices {
            let view = views[index]
            let colors = readsB[index] ? env.b : env.a
            for role in 0..<roles { view[keyPath: paths[role]] = colors.color(role: role, style: env.style) }
        }
    }
}

/// N closures in an array, called in turn: the limit for observers and subscribers.
final class ClosureListSystem {
    private struct Handler {
        let call: @Sendable () -> Void
    }

    private var handlers: ContiguousArray<Handler> = []

    init(count: Int, tally: Tally) {
        handlers.reserveCapacity(count)
        for _ in 0..<count { handlers.append(Handler { tally.count += 1 }) }
    }

    /// Calls every closure once.
    @inline(never)
    func post() {
        for handler in handlers { handler.call() }
    }
}
