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
        // The rows a target compares (the key path alone against the `set:` spelling of the same
        // properties) are sampled together, in rounds; the others alone. Results in row order.
        var measured: [BindingStyle: (sample: Sample, allocations: UInt64?)] = [:]
        for group in BindingStyle.switchedGroups {
            let results = measure(context, workload: workload, colors: colors, styles: group)
            for (style, result) in zip(group, results) { measured[style] = result }
        }
        let themeKit = BindingStyle.switched.map { measured[$0]! }

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

    /// Times ThemeKit's full switch with bindings made in each of `styles` (one theme and set of
    /// views each, sampled in rounds), and counts one switch's allocations of each.
    private static func measure(
        _ context: ScenarioContext, workload: Workload, colors: ColorSet, styles: [BindingStyle]
    ) -> [(sample: Sample, allocations: UInt64?)] {
        let fixtures = styles.map { bindingStyle in
            let views = makeViews(workload.objectCount)
            let theme = makeBenchTheme()
            theme.apply(PaletteA(colors: colors))
            theme.batch {
                for (index, view) in views.enumerated() {
                    bindingStyle.bind(view, index: index, workload: workload, in: theme)
                }
            }
            return (views: views, theme: theme)
        }
        var last = Array(repeating: ThemeStyle.light, count: styles.count)
        let samples = context.toggling(
            interleaving: fixtures.indices.map { index in
                { style in
                    fixtures[index].theme.style = style
                    last[index] = style
                }
            })
        return zip(styles, fixtures).enumerated().map { index, pair in
            let (bindingStyle, fixture) = pair
            context.verify(
                fixture.views, roles: 4, style: last[index], colors: colors, computed: bindingStyle.writesComputed,
                system: "ThemeKit full switch\(bindingStyle.switchSuffix)")
            let allocations = ProcessCounters.allocations { fixture.theme.style = last[index].toggled }
            withExtendedLifetime(fixture.views) {}
            return (samples[index], allocations)
        }
    }
}
