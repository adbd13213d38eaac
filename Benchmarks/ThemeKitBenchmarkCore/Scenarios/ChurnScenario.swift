#if canImport(Observation)
    import Observation
#endif
import ThemeKit

/// Scenario 5: while switching, objects are released: each trial releases 10% of
/// the objects, then switches the style (timed together); replacements are bound
/// afterwards, untimed. Figures are per binding present at the start of the trial.
enum ChurnScenario {
    static func run(_ context: ScenarioContext) {
        for size in context.bindingSizes { run(context, size: size) }
    }

    static func run(_ context: ScenarioContext, size: Int) {
        let workload = Workload(objectCount: size / 4, rolesPerObject: 4)
        let objects = workload.objectCount
        let released = max(1, objects / 10)
        let colors = ColorSet.numbered(60)
        var baselines: [String: Double] = [:]

        /// Runs trials of: release a window of objects, then `change` (timed); then `refill` (untimed).
        func churn(
            release: @escaping (Int) -> Void, change: @escaping (ThemeStyle) -> Void, refill: @escaping (Int) -> Void
        ) -> Sample {
            var style = ThemeStyle.light
            var window = 0
            return context.policy.sample {
                style = style.toggled
                let next = style
                let start = window * released % max(1, objects - released + 1)
                window += 1
                let elapsed = MonotonicClock.time {
                    for index in start..<start + released { release(index) }
                    change(next)
                }
                for index in start..<start + released { refill(index) }
                return elapsed
            }
        }

        var themeKit = Sample(medianNanoseconds: 0, trials: 0)
        do {
            var views: [BenchView?] = makeViews(objects)
            let theme = makeBenchTheme()
            theme.apply(PaletteA(colors: colors))
            theme.batch {
                for (index, view) in views.enumerated() {
                    ThemeKitFixtures.bind(view!, index: index, workload: workload, in: theme)
                }
            }
            themeKit = churn(
                release: { views[$0] = nil },
                change: { theme.style = $0 },
                refill: { index in
                    let view = BenchView()
                    ThemeKitFixtures.bind(view, index: index, workload: workload, in: theme)
                    views[index] = view
                })
            context.verify(views, roles: 4, style: theme.style, colors: colors, system: "ThemeKit churn")
            context.check(
                theme.trackedObjectCount ?? 0 <= objects + released,
                "ThemeKit churn: \(theme.trackedObjectCount ?? -1) tracked objects for \(objects) live")
            withExtendedLifetime(views) {}
        }

        let env = PlainEnvironment(style: .light, a: colors, b: colors)
        do {
            var views: [BenchView?] = makeViews(objects)
            let system = WeakLoopSystem(views: views.map { $0! }, roles: 4, readsB: workload.readsB)
            var last = env
            baselines["PlainLoopWeak"] =
                churn(
                    release: { views[$0] = nil },
                    change: { style in
                        last.style = style
                        system.refresh(last)
                    },
                    refill: { index in
                        let view = BenchView()
                        view.applyTheme(roles: 4, style: last.style, colors: colors)
                        system.replace(index, with: view)
                        views[index] = view
                    }
                )
                .medianNanoseconds
            withExtendedLifetime(views) {}
        }
        do {
            let state = SharedThemeState()
            state.a = colors
            var views: [BenchView?] = makeViews(objects)
            let system = NotificationCenterSystem(
                views: views.map { $0! }, roles: 4, state: state, readsB: workload.readsB)
            baselines["NotificationCenter"] =
                churn(
                    release: { index in
                        system.remove(index)
                        views[index] = nil
                    },
                    change: { style in
                        state.style = style
                        system.post()
                    },
                    refill: { index in
                        let view = BenchView()
                        system.replace(index, with: view, roles: 4, readsB: false)
                        views[index] = view
                    }
                )
                .medianNanoseconds
            system.tearDown()
            withExtendedLifetime(views) {}
        }
        do {
            let state = SharedThemeState()
            state.a = colors
            var views: [BenchView?] = makeViews(objects)
            let system = JXThemeSystem(views: views.map { $0! }, roles: 4, state: state, readsB: workload.readsB)
            baselines["JXTheme"] =
                churn(
                    release: { views[$0] = nil },
                    change: { system.changeTheme(to: $0) },
                    refill: { index in
                        let view = BenchView()
                        system.track(view, roles: 4, readsB: false)
                        views[index] = view
                    }
                )
                .medianNanoseconds
            withExtendedLifetime(views) {}
        }
        #if canImport(Observation)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                let state = ObservableThemeState()
                state.a = colors
                let system = ObservationSystem(
                    views: makeViews(objects), roles: 4, state: state, readsB: workload.readsB)
                baselines["Observation"] =
                    churn(
                        release: { system.release($0) },
                        change: { style in
                            state.style = style
                            system.flush()
                        },
                        refill: { system.replace($0, with: BenchView()) }
                    )
                    .medianNanoseconds
            }
        #endif

        context.record(
            "churn", size: size, affected: size, themeKit: themeKit,
            limit: ("PlainLoopWeak", baselines["PlainLoopWeak"] ?? 0), baselines: baselines,
            note: "\(objects) objects x 4; each trial releases \(released) objects then toggles the style "
                + "(timed together); limit: the weak plain loop (a strong one cannot see releases)")
    }
}
