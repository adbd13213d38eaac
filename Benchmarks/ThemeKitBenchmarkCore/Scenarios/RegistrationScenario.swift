import ThemeKit

/// Scenario 4: bind N/4 fresh objects × 4 properties to a fresh theme, one `bind`
/// at a time and inside one `batch`, with setter closures (`register`), shared
/// ``ThemedProperty`` values (`-shared`) and key paths (`-keypath`); time, allocations
/// and bytes per binding.
enum RegistrationScenario {
    static func run(_ context: ScenarioContext) {
        for size in context.bindingSizes {
            run(context, size: size, batched: false)
            run(context, size: size, batched: true)
        }
    }

    static func run(_ context: ScenarioContext, size: Int, batched: Bool) {
        let workload = Workload(objectCount: size / 4, rolesPerObject: 4)
        let colors = ColorSet.numbered(50)

        // ThemeKit, in each registered binding style.
        let themeKit = BindingStyle.registered.map { style in
            measure(context, workload: workload, colors: colors, batched: batched, style: style)
        }

        let baselines = context.sampleBaselineConstruction(
            objectCount: workload.objectCount, roles: 4, readsB: workload.readsB,
            environment: PlainEnvironment(style: .light, a: colors, b: PaletteB.fallback.colors))

        for (style, measured) in zip(BindingStyle.registered, themeKit) {
            context.record(
                "register" + style.suffix + (batched ? "-batch" : ""), size: size, affected: size,
                themeKit: measured.sample, limit: ("PlainLoop", baselines["PlainLoop"] ?? 0), baselines: baselines,
                memory: measured.memory, steadyAllocations: measured.steadyAllocations,
                note: "\(workload.objectCount) fresh objects x 4 bind calls (\(style.note)) "
                    + (batched ? "inside one theme.batch" : "one by one (each runs at once)")
                    + "; bytes = heap growth (mallinfo2) incl. weak side tables; first application included")
        }
    }

    /// Times registering fresh views in `style`, after one counted run (allocations, heap and resident bytes).
    private static func measure(
        _ context: ScenarioContext, workload: Workload, colors: ColorSet, batched: Bool, style: BindingStyle
    ) -> (sample: Sample, memory: MemoryUse, steadyAllocations: UInt64?) {
        func register(_ views: [BenchView], in theme: Theme) {
            if batched {
                theme.batch {
                    for (index, view) in views.enumerated() {
                        style.bind(view, index: index, workload: workload, in: theme)
                    }
                }
            } else {
                for (index, view) in views.enumerated() {
                    style.bind(view, index: index, workload: workload, in: theme)
                }
            }
        }
        var memory = MemoryUse()
        var steadyAllocations: UInt64?
        do {
            var views = makeViews(workload.objectCount)
            let theme = makeBenchTheme()
            theme.apply(PaletteA(colors: colors))
            memory = measureMemory { register(views, in: theme) }
            context.verify(
                views, roles: 4, style: .light, colors: colors, system: "ThemeKit registration\(style.suffix)")
            context.check(
                theme.bindingCount == workload.bindingCount,
                "ThemeKit registration\(style.suffix): bindingCount \(theme.bindingCount ?? -1) != \(workload.bindingCount)"
            )
            // The steady state: those objects go, the theme prunes them, and as many new ones register
            // into the table they leave (views made before counting: their own allocations are the app's).
            views = []
            theme.pruneReleasedObjects()
            let next = makeViews(workload.objectCount)
            steadyAllocations = measureMemory { register(next, in: theme) }.allocations
            context.verify(
                next, roles: 4, style: .light, colors: colors, system: "ThemeKit registration\(style.suffix), again")
            withExtendedLifetime(next) {}
        }
        let sample = context.rebuildPolicy(bindings: workload.bindingCount).sample(warmup: 0) {
            var views = makeViews(workload.objectCount)
            var theme = makeBenchTheme()
            theme.apply(PaletteA(colors: colors))
            let elapsed = MonotonicClock.time { register(views, in: theme) }
            theme = makeBenchTheme()
            views = []
            return elapsed
        }
        return (sample, memory, steadyAllocations)
    }
}
