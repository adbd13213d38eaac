import ThemeKit

/// Scenario 1: N/4 objects × 4 bound properties; the style changes; every binding re-runs.
///
/// Rows by binding style (see ``BindingStyle``): `full-shared` (a) shared
/// ``ThemedProperty`` values, `full-setter` and `full-keypath` (b) a computed property
/// whose setter does work through the setter-closure binding and through its key path,
/// `full-captures` (c) closures with captures, and `full` capture-free closures.
enum FullSwitchScenario {
    static func run(_ context: ScenarioContext) {
        for size in context.fullSwitchSizes { run(context, size: size) }
    }

    static func run(_ context: ScenarioContext, size: Int) {
        let workload = Workload(objectCount: size / 4, rolesPerObject: 4)
        let colors = ColorSet.numbered(10)
        let themeKit = BindingStyle.switched.map { measure(context, workload: workload, colors: colors, style: $0) }

        // The plain loops (strong; weak; weak calling the computed setters; bare key-path
        // writes to the computed properties), NotificationCenter, JXTheme and Observation.
        let environment = PlainEnvironment(style: .light, a: colors, b: PaletteB.fallback.colors)
        let baselines = context.sampleBaselines(
            roles: 4, environment: environment, kinds: BaselineKind.allCases,
            shape: { _ in (workload.objectCount, workload.readsB) },
            step: { _, runner, turn in
                runner.update { $0.style = toggledStyle(turn) }
                runner.refresh()
            },
            check: { kind, views, _, turn in
                context.verify(
                    views, roles: 4, style: toggledStyle(turn), colors: colors, computed: kind.writesComputed,
                    system: kind.name)
            })

        for (style, measured) in zip(BindingStyle.switched, themeKit) {
            let limit: String
            switch style {
            case .computedSetter: limit = "PlainLoopWeakSetter"
            case .computedKeyPath: limit = "KeyPathLoop"
            case .keyPath, .sharedKeyPath: limit = "PlainLoopWeak"
            default: limit = "PlainLoopWeak"
            }
            context.record(
                "full" + style.switchSuffix, size: size, affected: size, themeKit: measured.sample,
                limit: (limit, baselines[limit] ?? 0), baselines: baselines, allocations: measured.allocations,
                note: "\(workload.objectCount) objects x 4: \(style.note); theme.style toggles; every binding "
                    + "re-runs; limit: \(limit)")
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
            views, roles: 4, style: last, colors: colors, computed: bindingStyle.writesComputed,
            system: "ThemeKit full switch\(bindingStyle.switchSuffix)")
        let allocations = ProcessCounters.allocations { theme.style = last.toggled }
        withExtendedLifetime(views) {}
        return (sample, allocations)
    }
}
