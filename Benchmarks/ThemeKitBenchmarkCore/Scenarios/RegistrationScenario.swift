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

        // ThemeKit, in each registered binding style: counted one after the other, timed in rounds
        // (one trial of each style per round), so the rows compare the same stretch of the run.
        let counted = BindingStyle.registered.map { style in
            count(context, workload: workload, colors: colors, batched: batched, style: style)
        }
        let samples = context.rebuildPolicy(bindings: workload.bindingCount).sample(
            warmup: 0,
            interleaving: BindingStyle.registered.map { style in
                { timeRegistration(workload: workload, colors: colors, batched: batched, style: style) }
            })
        let themeKit = zip(samples, counted).map { sample, counted in
            (sample: sample, memory: counted.memory, steadyAllocations: counted.steadyAllocations)
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

    /// Registers `views` in `theme` in `style`, one by one or inside one batch (also `--profile register*`).
    static func register(
        _ views: [BenchView], in theme: Theme, workload: Workload, batched: Bool, style: BindingStyle
    ) {
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

    /// Counts one registration of fresh views in `style` (allocations, heap and resident bytes),
    /// then the steady state's allocations, checking what both wrote.
    private static func count(
        _ context: ScenarioContext, workload: Workload, colors: ColorSet, batched: Bool, style: BindingStyle
    ) -> (memory: MemoryUse, steadyAllocations: UInt64?) {
        var views = makeViews(workload.objectCount)
        let theme = makeBenchTheme()
        theme.apply(PaletteA(colors: colors))
        let memory = measureMemory {
            register(views, in: theme, workload: workload, batched: batched, style: style)
        }
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
        let steadyAllocations = measureMemory {
            register(next, in: theme, workload: workload, batched: batched, style: style)
        }.allocations
        context.verify(
            next, roles: 4, style: .light, colors: colors, system: "ThemeKit registration\(style.suffix), again")
        withExtendedLifetime(next) {}
        return (memory, steadyAllocations)
    }

    /// One timed trial: fresh views registered in a fresh theme (made and released outside the timing).
    private static func timeRegistration(
        workload: Workload, colors: ColorSet, batched: Bool, style: BindingStyle
    ) -> UInt64 {
        var views = makeViews(workload.objectCount)
        var theme = makeBenchTheme()
        theme.apply(PaletteA(colors: colors))
        let elapsed = MonotonicClock.time {
            register(views, in: theme, workload: workload, batched: batched, style: style)
        }
        theme = makeBenchTheme()
        views = []
        return elapsed
    }
}
