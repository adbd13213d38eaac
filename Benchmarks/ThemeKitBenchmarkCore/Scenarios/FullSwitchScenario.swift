import ThemeKit

/// Scenario 1: N/4 objects × 4 bound properties; the style changes; every binding re-runs.
enum FullSwitchScenario {
    static func run(_ context: ScenarioContext) {
        for size in context.fullSwitchSizes { run(context, size: size) }
    }

    static func run(_ context: ScenarioContext, size: Int) {
        let workload = Workload(objectCount: size / 4, rolesPerObject: 4)
        let colors = ColorSet.numbered(10)
        // ThemeKit, with a closure per binding, with shared themed properties and with
        // closures that capture what they read.
        let themeKit = BindingStyle.allCases.map { measure(context, workload: workload, colors: colors, style: $0) }

        // The physical limit (strong and weak), NotificationCenter, JXTheme and Observation.
        let environment = PlainEnvironment(style: .light, a: colors, b: PaletteB.fallback.colors)
        let baselines = context.sampleBaselines(
            roles: 4, environment: environment, shape: { _ in (workload.objectCount, workload.readsB) },
            step: { _, runner, turn in
                runner.update { $0.style = toggledStyle(turn) }
                runner.refresh()
            },
            check: { kind, views, _, turn in
                context.verify(views, roles: 4, style: toggledStyle(turn), colors: colors, system: kind.name)
            })

        for (style, measured) in zip(BindingStyle.allCases, themeKit) {
            context.record(
                "full" + style.suffix, size: size, affected: size, themeKit: measured.sample,
                limit: ("PlainLoop", baselines["PlainLoop"] ?? 0), baselines: baselines,
                allocations: measured.allocations,
                note: "\(workload.objectCount) objects x 4 properties"
                    + (style == .shared ? " bound with 4 shared ThemedProperty values" : "")
                    + (style == .capturing
                        ? " bound with closures that capture which palette they read (run per object)" : "")
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
