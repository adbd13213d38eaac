import ThemeKit

/// The baselines that refresh views from a theme state, behind one face, so each
/// scenario measures all of them with one loop.
enum BaselineKind: CaseIterable {
    case plainLoop
    case plainLoopWeak
    /// The weak plain loop calling the computed properties' setters.
    case plainLoopWeakSetter
    /// The weak plain loop writing values computed once per refresh: the floor of a
    /// runtime that shares values (see `WeakLoopSystem`).
    case plainLoopWeakShared
    /// A bare loop of key-path writes to the computed properties of views that also have
    /// a weak reference (as ThemeKit's do).
    case keyPathLoop
    /// The same loop over views without a weak reference.
    case keyPathLoopStrong
    case notificationCenter
    case jxTheme
    case observation

    /// The baselines every refresh scenario measures.
    static let standard: [BaselineKind] = [.plainLoop, .plainLoopWeak, .notificationCenter, .jxTheme, .observation]

    /// Whether the system writes the computed properties (else the stored ones).
    var writesComputed: Bool { self == .plainLoopWeakSetter || self == .keyPathLoop || self == .keyPathLoopStrong }

    /// The name in the results (`baselines` keys).
    var name: String {
        switch self {
        case .plainLoop: "PlainLoop"
        case .plainLoopWeak: "PlainLoopWeak"
        case .plainLoopWeakSetter: "PlainLoopWeakSetter"
        case .plainLoopWeakShared: "PlainLoopWeakShared"
        case .keyPathLoop: "KeyPathLoop"
        case .keyPathLoopStrong: "KeyPathLoopStrong"
        case .notificationCenter: "NotificationCenter"
        case .jxTheme: "JXTheme"
        case .observation: "Observation"
        }
    }

    /// Whether the system exists on this platform (Observation needs its OS release).
    var isAvailable: Bool {
        guard self == .observation else { return true }
        #if canImport(Observation)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { return true }
        #endif
        return false
    }

    /// Whether several changes before one refresh are applied once (a loop pass, a
    /// render) rather than once per change (a post, a theme change).
    var coalescesChanges: Bool {
        self == .plainLoop || self == .plainLoopWeak || self == .plainLoopWeakSetter || self == .plainLoopWeakShared
            || self == .keyPathLoop
            || self == .keyPathLoopStrong || self == .observation
    }

    /// Builds the system over `views`, starting from `environment`.
    func build(
        _ views: [BenchView], roles: Int, readsB: (Int) -> Bool, environment: PlainEnvironment
    ) -> BaselineRunner {
        switch self {
        case .plainLoop:
            let system = StrongLoopSystem(views: views, roles: roles, readsB: readsB)
            return BaselineRunner(environment) { system.refresh($0) }
        case .plainLoopWeak:
            let system = WeakLoopSystem(views: views, roles: roles, readsB: readsB)
            return BaselineRunner(environment) { system.refresh($0) }
        case .plainLoopWeakSetter:
            let system = WeakLoopSystem(views: views, roles: roles, computed: true, readsB: readsB)
            return BaselineRunner(environment) { system.refresh($0) }
        case .plainLoopWeakShared:
            let system = WeakLoopSystem(views: views, roles: roles, shared: true, readsB: readsB)
            return BaselineRunner(environment) { system.refresh($0) }
        case .keyPathLoop, .keyPathLoopStrong:
            let system = KeyPathLoopSystem(
                views: views, roles: roles, weaklyReferenced: self == .keyPathLoop, readsB: readsB)
            return BaselineRunner(environment) { system.refresh($0) }
        case .notificationCenter:
            let state = SharedThemeState(environment)
            let system = NotificationCenterSystem(views: views, roles: roles, state: state, readsB: readsB)
            return BaselineRunner(environment, update: state.update, tearDown: system.tearDown) { _ in system.post() }
        case .jxTheme:
            let state = SharedThemeState(environment)
            let system = JXThemeSystem(views: views, roles: roles, state: state, readsB: readsB)
            return BaselineRunner(environment, update: state.update) { system.changeTheme(to: $0.style) }
        case .observation:
            #if canImport(Observation)
                if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                    let state = ObservableThemeState()
                    state.update(environment)
                    let system = ObservationSystem(views: views, roles: roles, state: state, readsB: readsB)
                    return BaselineRunner(environment, update: state.update) { _ in system.flush() }
                }
            #endif
            preconditionFailure("Observation is not available; check isAvailable first")
        }
    }
}

/// One baseline system: what it applies next, and how it applies it.
final class BaselineRunner {
    private(set) var environment: PlainEnvironment
    private let updateState: (PlainEnvironment) -> Void
    private let apply: (PlainEnvironment) -> Void
    private let finish: () -> Void

    init(
        _ environment: PlainEnvironment, update: @escaping (PlainEnvironment) -> Void = { _ in },
        tearDown: @escaping () -> Void = {}, refresh: @escaping (PlainEnvironment) -> Void
    ) {
        self.environment = environment
        updateState = update
        apply = refresh
        finish = tearDown
    }

    /// Changes what the next refresh applies (for Observation, mutates the model).
    func update(_ change: (inout PlainEnvironment) -> Void) {
        change(&environment)
        updateState(environment)
    }

    /// Applies the current environment to every view the way the system does it.
    func refresh() { apply(environment) }

    /// Releases what the system registered outside itself.
    func tearDown() { finish() }
}

extension SharedThemeState {
    convenience init(_ environment: PlainEnvironment) {
        self.init()
        update(environment)
    }

    /// Copies `environment` into the state.
    func update(_ environment: PlainEnvironment) {
        style = environment.style
        a = environment.a
        b = environment.b
    }
}

#if canImport(Observation)
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    extension ObservableThemeState {
        /// Mutates only what differs from `environment`, as an app changes only what changed.
        func update(_ environment: PlainEnvironment) {
            if style != environment.style { style = environment.style }
            if a != environment.a { a = environment.a }
            if b != environment.b { b = environment.b }
        }
    }
#endif

extension ScenarioContext {
    /// Measures every available baseline on its own fresh views: `objectCount` and
    /// `readsB` per kind, `step` timed per trial (given the runner and the trial
    /// number), then `check` with the views, the runner and the last trial number.
    /// - Returns: Median nanoseconds per trial, by baseline name.
    func sampleBaselines(
        roles: Int, environment: PlainEnvironment, policy: TrialPolicy? = nil,
        kinds: [BaselineKind] = BaselineKind.standard,
        shape: (BaselineKind) -> (objectCount: Int, readsB: (Int) -> Bool),
        step: (BaselineKind, BaselineRunner, Int) -> Void,
        check: (BaselineKind, [BenchView], BaselineRunner, Int) -> Void = { _, _, _, _ in }
    ) -> [String: Double] {
        var medians: [String: Double] = [:]
        for kind in kinds where kind.isAvailable {
            let (objectCount, readsB) = shape(kind)
            medians[kind.name] = sampleBaseline(
                objectCount: objectCount, policy: policy,
                build: { kind.build($0, roles: roles, readsB: readsB, environment: environment) },
                step: { step(kind, $0, $1) }, check: { check(kind, $0, $1, $2) }, tearDown: { $0.tearDown() })
        }
        return medians
    }

    /// Measures how long building every available baseline over fresh views takes.
    func sampleBaselineConstruction(
        objectCount: Int, roles: Int, readsB: (Int) -> Bool, environment: PlainEnvironment
    ) -> [String: Double] {
        var medians: [String: Double] = [:]
        for kind in BaselineKind.standard where kind.isAvailable {
            medians[kind.name] = sampleConstruction(
                objectCount: objectCount, bindings: objectCount * roles,
                build: { kind.build($0, roles: roles, readsB: readsB, environment: environment) },
                tearDown: { $0.tearDown() })
        }
        return medians
    }
}
