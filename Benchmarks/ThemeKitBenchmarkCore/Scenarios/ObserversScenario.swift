#if canImport(Observation)
    import Observation
#endif
import ThemeKit

/// Scenario 6: N observer tokens (`observe`) and N bus subscribers; one change.
/// Figures are per observer or subscriber called.
enum ObserversScenario {
    static func run(_ context: ScenarioContext) {
        for size in context.observerSizes { run(context, size: size) }
    }

    static func run(_ context: ScenarioContext, size: Int) {
        var baselines: [String: Double] = [:]
        let tally = Tally()

        // Baselines, shared by both rows: N closures, N NotificationCenter observers,
        // N Observation trackings of one property (re-registered after firing).
        do {
            let system = ClosureListSystem(count: size, tally: tally)
            baselines["PlainLoop"] =
                context.policy.sample { MonotonicClock.time { system.post() } }.medianNanoseconds
        }
        do {
            let system = NotificationCenterSystem(state: SharedThemeState())
            for _ in 0..<size { system.addCounter(tally) }
            baselines["NotificationCenter"] =
                context.policy.sample { MonotonicClock.time { system.post() } }.medianNanoseconds
            system.tearDown()
        }
        #if canImport(Observation)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                let state = ObservableThemeState()
                let system = ObservationSystem(
                    views: makeViews(size), roles: 0, state: state, tally: tally, readsB: { _ in false })
                var turn = 0
                baselines["Observation"] =
                    context.policy.sample {
                        turn += 1
                        let colors = ColorSet.numbered(70 + turn % 2)
                        return MonotonicClock.time {
                            state.a = colors
                            system.flush()
                        }
                    }
                    .medianNanoseconds
            }
        #endif

        // ThemeKit observer tokens.
        do {
            let theme = makeBenchTheme()
            var tokens: [ObserverToken] = []
            tokens.reserveCapacity(size)
            let registration = MonotonicClock.time {
                for _ in 0..<size { tokens.append(theme.observe(PaletteA.self) { _ in tally.count += 1 }) }
            }
            var turn = 0
            let before = tally.count
            let themeKit = context.policy.sample {
                turn += 1
                let value = PaletteA(colors: .numbered(80 + turn % 2))
                return MonotonicClock.time { theme.apply(value) }
            }
            context.check(
                (tally.count - before) % size == 0 && tally.count > before,
                "ThemeKit observers: \(tally.count - before) calls is not a multiple of \(size)")
            turn += 1
            let value = PaletteA(colors: .numbered(80 + turn % 2))
            let allocations = ProcessCounters.allocations { theme.apply(value) }
            let cancellation = MonotonicClock.time { tokens.removeAll() }
            context.record(
                "observers", size: size, affected: size, themeKit: themeKit,
                limit: ("PlainLoop", baselines["PlainLoop"] ?? 0), baselines: baselines, allocations: allocations,
                note: "\(size) theme.observe(PaletteA) tokens; apply(PaletteA); registering took "
                    + "\(format(Double(registration) / Double(size))) ns per token, cancelling "
                    + "\(format(Double(cancellation) / Double(size))) ns per token")
        }

        // ThemeKit event bus: one post.
        do {
            let theme = makeBenchTheme()
            var subscriptions: [ThemeSubscription] = []
            subscriptions.reserveCapacity(size)
            let registration = MonotonicClock.time {
                for _ in 0..<size { subscriptions.append(theme.events.subscribe { _ in tally.count += 1 }) }
            }
            let event = ThemeEvent.styleChanged(.dark)
            let themeKit = context.policy.sample { MonotonicClock.time { theme.events.post(event) } }
            var style = ThemeStyle.light
            let change = context.policy.capped(at: 15).sample {
                style = style.toggled
                let next = style
                return MonotonicClock.time { theme.style = next }
            }
            let allocations = ProcessCounters.allocations { theme.events.post(event) }
            let cancellation = MonotonicClock.time { subscriptions.removeAll() }
            context.record(
                "observers-bus", size: size, affected: size, themeKit: themeKit,
                limit: ("PlainLoop", baselines["PlainLoop"] ?? 0), baselines: baselines, allocations: allocations,
                note: "\(size) theme.events.subscribe subscribers; events.post(styleChanged); a whole style "
                    + "change costs \(format(change.medianNanoseconds / Double(size))) ns per subscriber; "
                    + "subscribing took \(format(Double(registration) / Double(size))) ns each, cancelling "
                    + "\(format(Double(cancellation) / Double(size))) ns each")
        }
    }
}

/// A number with at most one decimal, for notes.
func format(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}
