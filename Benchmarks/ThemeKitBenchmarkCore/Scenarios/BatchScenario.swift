#if canImport(Observation)
    import Observation
#endif
import ThemeKit

/// Scenario 7: ten changes of ``PaletteA`` inside one `batch` against ten separate
/// changes (baseline `ThemeKitSeparate`). Figures are per binding (N re-run once).
enum BatchScenario {
    static let changes = 10

    static func run(_ context: ScenarioContext) {
        for size in context.bindingSizes { run(context, size: size) }
    }

    static func run(_ context: ScenarioContext, size: Int) {
        let workload = Workload(objectCount: size / 4, rolesPerObject: 4)
        // Eleven values cycled, so consecutive changes always differ.
        let values = (0..<11).map { ColorSet.numbered(90 + $0) }
        var baselines: [String: Double] = [:]

        var themeKit = Sample(medianNanoseconds: 0, trials: 0)
        var allocations: UInt64?
        do {
            let views = makeViews(workload.objectCount)
            let theme = makeBenchTheme()
            theme.batch {
                for (index, view) in views.enumerated() {
                    ThemeKitFixtures.bind(view, index: index, workload: workload, in: theme)
                }
            }
            var turn = 0
            func tenChanges() {
                for _ in 0..<changes {
                    turn += 1
                    theme.apply(PaletteA(colors: values[turn % values.count]))
                }
            }
            themeKit = context.policy.sample { MonotonicClock.time { theme.batch { tenChanges() } } }
            context.verify(views, roles: 4, style: .light, colors: values[turn % values.count], system: "batch")
            allocations = ProcessCounters.allocations { theme.batch { tenChanges() } }
            baselines["ThemeKitSeparate"] =
                context.policy.capped(at: 15).sample { MonotonicClock.time { tenChanges() } }.medianNanoseconds
            context.verify(
                views, roles: 4, style: .light, colors: values[turn % values.count], system: "separate changes")
            withExtendedLifetime(views) {}
        }

        var env = PlainEnvironment(style: .light, a: values[0], b: values[0])
        do {
            let system = StrongLoopSystem(views: makeViews(workload.objectCount), roles: 4, readsB: workload.readsB)
            var turn = 0
            baselines["PlainLoop"] =
                context.policy.sample {
                    turn += 1
                    env.a = values[turn % values.count]
                    let current = env
                    return MonotonicClock.time { system.refresh(current) }
                }
                .medianNanoseconds
        }
        do {
            let state = SharedThemeState()
            let views = makeViews(workload.objectCount)
            let system = NotificationCenterSystem(views: views, roles: 4, state: state, readsB: workload.readsB)
            var turn = 0
            baselines["NotificationCenter"] =
                context.policy.capped(at: 15).sample {
                    MonotonicClock.time {
                        for _ in 0..<changes {
                            turn += 1
                            state.a = values[turn % values.count]
                            system.post()
                        }
                    }
                }
                .medianNanoseconds
            context.verify(views, roles: 4, style: .light, colors: state.a, system: "NC batch")
            system.tearDown()
            withExtendedLifetime(views) {}
        }
        do {
            let state = SharedThemeState()
            let views = makeViews(workload.objectCount)
            let system = JXThemeSystem(views: views, roles: 4, state: state, readsB: workload.readsB)
            var turn = 0
            baselines["JXTheme"] =
                context.policy.capped(at: 15).sample {
                    MonotonicClock.time {
                        for _ in 0..<changes {
                            turn += 1
                            state.a = values[turn % values.count]
                            system.changeTheme(to: .light)
                        }
                    }
                }
                .medianNanoseconds
            context.verify(views, roles: 4, style: .light, colors: state.a, system: "JX batch")
            withExtendedLifetime(views) {}
        }
        #if canImport(Observation)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                let state = ObservableThemeState()
                let system = ObservationSystem(
                    views: makeViews(workload.objectCount), roles: 4, state: state, readsB: workload.readsB)
                var turn = 0
                baselines["Observation"] =
                    context.policy.sample {
                        MonotonicClock.time {
                            for _ in 0..<changes {
                                turn += 1
                                state.a = values[turn % values.count]
                            }
                            system.flush()
                        }
                    }
                    .medianNanoseconds
            }
        #endif

        context.record(
            "batch", size: size, affected: size, themeKit: themeKit,
            limit: ("PlainLoop", baselines["PlainLoop"] ?? 0), baselines: baselines, allocations: allocations,
            note: "\(changes) apply(PaletteA) inside theme.batch (ThemeKitSeparate: the same \(changes) without "
                + "batch); limit: one plain-loop pass; NotificationCenter/JXTheme: \(changes) broadcasts; "
                + "Observation: \(changes) mutations then one render")
    }
}
