import ThemeKit

/// Scenario 2: N − 100 bindings read ``PaletteA``, 100 read ``PaletteB``; a new B is applied.
///
/// The cost must scale with the 100, not with N. Figures are per binding of B.
enum FineGrainedScenario {
    static let affected = 100

    static func run(_ context: ScenarioContext) {
        for size in context.bindingSizes { run(context, size: size) }
    }

    static func run(_ context: ScenarioContext, size: Int) {
        let objects = size / 4
        let bObjects = affected / 4
        let firstB = objects - bObjects
        let workload = Workload(objectCount: objects, rolesPerObject: 4) { $0 >= firstB }
        let colorsA = ColorSet.numbered(20)
        let alternativesB = [ColorSet.numbered(21), .numbered(22)]

        // ThemeKit: apply B (100 bindings), and for reference apply A (N − 100).
        var themeKit = Sample(medianNanoseconds: 0, trials: 0)
        var reference = Sample(medianNanoseconds: 0, trials: 0)
        var allocations: UInt64?
        do {
            let views = makeViews(objects)
            let theme = makeBenchTheme(style: .dark)
            theme.apply(PaletteA(colors: colorsA))
            theme.apply(PaletteB(colors: alternativesB[0]))
            theme.batch {
                for (index, view) in views.enumerated() {
                    ThemeKitFixtures.bind(view, index: index, workload: workload, in: theme)
                }
            }
            var turn = 0
            themeKit = context.policy.sample {
                turn += 1
                let value = PaletteB(colors: alternativesB[turn % 2])
                return MonotonicClock.time { theme.apply(value) }
            }
            context.verify(
                Array(views[firstB...]), roles: 4, style: .dark, colors: alternativesB[turn % 2],
                system: "ThemeKit fine (B)")
            turn += 1
            let next = PaletteB(colors: alternativesB[turn % 2])
            allocations = ProcessCounters.allocations { theme.apply(next) }
            var referenceTurn = 0
            reference = context.policy.capped(at: 15).sample {
                referenceTurn += 1
                let value = PaletteA(colors: .numbered(30 + referenceTurn % 2))
                return MonotonicClock.time { theme.apply(value) }
            }
            context.verify(
                Array(views[..<firstB]), roles: 4, style: .dark, colors: .numbered(30 + referenceTurn % 2),
                system: "ThemeKit fine (A)")
            withExtendedLifetime(views) {}
        }

        // The limit: a plain loop over exactly the 100 bindings that read B. NotificationCenter,
        // JXTheme and Observation have no scope: every object observes, the broadcast reaches all.
        let environment = PlainEnvironment(style: .dark, a: colorsA, b: alternativesB[0])
        func isLoop(_ kind: BaselineKind) -> Bool { kind == .plainLoop || kind == .plainLoopWeak }
        func shape(_ kind: BaselineKind) -> (objectCount: Int, readsB: (Int) -> Bool) {
            if isLoop(kind) { return (bObjects, { _ in true }) }
            return (objects, workload.readsB)
        }
        let baselines = context.sampleBaselines(
            roles: 4, environment: environment, shape: shape,
            step: { _, runner, turn in
                runner.update { $0.b = alternativesB[turn % 2] }
                runner.refresh()
            },
            check: { kind, views, _, turn in
                context.verify(
                    isLoop(kind) ? views : Array(views[firstB...]), roles: 4, style: .dark,
                    colors: alternativesB[turn % 2], system: "\(kind.name) fine")
            })

        context.record(
            "fine", size: size, affected: affected, themeKit: themeKit,
            limit: ("PlainLoop", baselines["PlainLoop"] ?? 0), baselines: baselines, allocations: allocations,
            reference: reference.medianNanoseconds,
            note: "\(size - affected) bindings read PaletteA, \(affected) read PaletteB; apply(PaletteB); "
                + "reference: apply(PaletteA)")
    }
}
