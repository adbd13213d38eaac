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

        // The baselines make the same ten changes; those that coalesce (a loop pass, a
        // render) apply once, the others (a post, a theme change) once per change.
        func value(trial: Int, change: Int) -> ColorSet { values[(trial * changes + change) % values.count] }
        let environment = PlainEnvironment(style: .light, a: values[0], b: values[0])
        let measured = context.sampleBaselines(
            roles: 4, environment: environment, policy: context.policy.capped(at: 15),
            shape: { _ in (workload.objectCount, workload.readsB) },
            step: { kind, runner, trial in
                for change in 0..<changes {
                    runner.update { $0.a = value(trial: trial, change: change) }
                    if !kind.coalescesChanges { runner.refresh() }
                }
                if kind.coalescesChanges { runner.refresh() }
            },
            check: { kind, views, _, trial in
                context.verify(
                    views, roles: 4, style: .light, colors: value(trial: trial, change: changes - 1),
                    system: "\(kind.name) batch")
            })
        baselines.merge(measured) { first, _ in first }

        context.record(
            "batch", size: size, affected: size, themeKit: themeKit,
            limit: ("PlainLoop", baselines["PlainLoop"] ?? 0), baselines: baselines, allocations: allocations,
            note: "\(changes) apply(PaletteA) inside theme.batch (ThemeKitSeparate: the same \(changes) without "
                + "batch); limit: one plain-loop pass; NotificationCenter/JXTheme: \(changes) broadcasts; "
                + "Observation: \(changes) mutations then one render")
    }
}
