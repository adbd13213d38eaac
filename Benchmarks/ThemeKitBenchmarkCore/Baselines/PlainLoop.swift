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
final class WeakLoopSystem {
    private struct Slot {
        weak var object: BenchView?
        var first: Int32
        var count: Int32
    }

    private var slots: ContiguousArray<Slot> = []
    private var appliers: ContiguousArray<PlainApplier> = []

    private let computed: Bool

    /// Registers every role of `views`; `readsB` tells which palette each view reads.
    init(views: [BenchView], roles: Int, computed: Bool = false, readsB: (Int) -> Bool) {
        self.computed = computed
        for (index, view) in views.enumerated() { add(view, roles: roles, readsB: readsB(index)) }
    }

    /// Appends one view and its bindings.
    @inline(__always)
    func add(_ view: BenchView, roles: Int, readsB: Bool) {
        slots.append(Slot(object: view, first: Int32(appliers.count), count: Int32(roles)))
        for role in 0..<roles { appliers.append(.make(role: role, readsB: readsB, computed: computed)) }
    }

    /// Points slot `index` at a new object (its closures stay).
    func replace(_ index: Int, with view: BenchView) { slots[index].object = view }

    /// Calls the closures of every live object once; released objects are skipped.
    @inline(never)
    func refresh(_ env: PlainEnvironment) {
        for index in slots.indices {
            guard let object = slots[index].object else { continue }
            let first = Int(slots[index].first)
            for position in first..<first + Int(slots[index].count) { appliers[position].apply(object, env) }
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
