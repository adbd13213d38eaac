#if canImport(Observation)
    import Observation
#endif
import ThemeKit

/// Scenario 1: N/4 objects × 4 bound properties; the style changes; every binding re-runs.
enum FullSwitchScenario {
    static func run(_ context: ScenarioContext) {
        for size in context.fullSwitchSizes { run(context, size: size) }
    }

    static func run(_ context: ScenarioContext, size: Int) {
        let workload = Workload(objectCount: size / 4, rolesPerObject: 4)
        let colors = ColorSet.numbered(10)
        var baselines: [String: Double] = [:]

        // ThemeKit, with a closure per binding and with shared themed properties.
        let themeKit = BindingStyle.allCases.map { measure(context, workload: workload, colors: colors, style: $0) }

        // The physical limit, strong and weak.
        let env = PlainEnvironment(style: .light, a: colors, b: PaletteB.fallback.colors)
        do {
            let views = makeViews(workload.objectCount)
            let system = StrongLoopSystem(views: views, roles: 4, readsB: workload.readsB)
            var last = env
            baselines["PlainLoop"] =
                context.toggling { style in
                    last.style = style
                    system.refresh(last)
                }
                .medianNanoseconds
            context.verify(views, roles: 4, style: last.style, colors: colors, system: "PlainLoop")
            withExtendedLifetime(views) {}
        }
        do {
            let views = makeViews(workload.objectCount)
            let system = WeakLoopSystem(views: views, roles: 4, readsB: workload.readsB)
            var last = env
            baselines["PlainLoopWeak"] =
                context.toggling { style in
                    last.style = style
                    system.refresh(last)
                }
                .medianNanoseconds
            context.verify(views, roles: 4, style: last.style, colors: colors, system: "PlainLoopWeak")
            withExtendedLifetime(views) {}
        }

        // NotificationCenter and JXTheme.
        do {
            let state = SharedThemeState()
            state.a = colors
            let views = makeViews(workload.objectCount)
            let system = NotificationCenterSystem(views: views, roles: 4, state: state, readsB: workload.readsB)
            baselines["NotificationCenter"] =
                context.toggling { style in
                    state.style = style
                    system.post()
                }
                .medianNanoseconds
            context.verify(views, roles: 4, style: state.style, colors: colors, system: "NotificationCenter")
            system.tearDown()
            withExtendedLifetime(views) {}
        }
        do {
            let state = SharedThemeState()
            state.a = colors
            let views = makeViews(workload.objectCount)
            let system = JXThemeSystem(views: views, roles: 4, state: state, readsB: workload.readsB)
            baselines["JXTheme"] = context.toggling { style in system.changeTheme(to: style) }.medianNanoseconds
            context.verify(views, roles: 4, style: state.style, colors: colors, system: "JXTheme")
            withExtendedLifetime(views) {}
        }

        // Observation.
        #if canImport(Observation)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                let state = ObservableThemeState()
                state.a = colors
                let views = makeViews(workload.objectCount)
                let system = ObservationSystem(views: views, roles: 4, state: state, readsB: workload.readsB)
                baselines["Observation"] =
                    context.toggling { style in
                        state.style = style
                        system.flush()
                    }
                    .medianNanoseconds
                context.verify(views, roles: 4, style: state.style, colors: colors, system: "Observation")
                withExtendedLifetime(views) {}
            }
        #endif

        for (style, measured) in zip(BindingStyle.allCases, themeKit) {
            context.record(
                "full" + style.suffix, size: size, affected: size, themeKit: measured.sample,
                limit: ("PlainLoop", baselines["PlainLoop"] ?? 0), baselines: baselines,
                allocations: measured.allocations,
                note: "\(workload.objectCount) objects x 4 properties"
                    + (style == .shared ? " bound with 4 shared ThemedProperty values" : "")
                    + "; theme.style toggles; every binding re-runs")
        }
    }

    /// Times ThemeKit's full switch with bindings made in `style`, and counts one switch's allocations.
    private static func measure(
        _ context: ScenarioContext, workload: Workload, colors: ColorSet, style bindingStyle: BindingStyle
    ) -> (sample: Sample, allocations: UInt64?) {
        let views = makeViews(workload.objectCount)
        let theme = makeBenchTheme()
        theme.apply(PaletteA(colors: colors))
        theme.batch {
            for (index, view) in views.enumerated() {
                bindingStyle.bind(view, index: index, workload: workload, in: theme)
            }
        }
        var last = ThemeStyle.light
        let sample = context.toggling { style in
            theme.style = style
            last = style
        }
        context.verify(
            views, roles: 4, style: last, colors: colors, system: "ThemeKit full switch\(bindingStyle.suffix)")
        let allocations = ProcessCounters.allocations { theme.style = last.toggled }
        withExtendedLifetime(views) {}
        return (sample, allocations)
    }
}
