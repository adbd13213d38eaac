import Testing
import ThemeKit

@Suite struct ReentrancyTests {
    @Test("an observer that changes the theme is delivered after the current pass, without deadlock")
    func observerChangesTheme() {
        let theme = makeTheme()
        let label = Label()
        theme.bind(label, \.textColor) { env in "\(env.style.rawValue) \(env[Metrics.self].cornerRadius)" }
        let order = Counter()
        let token = theme.observe(Palette.self) { palette in
            order.increment("observer \(palette.text)")
            theme.apply(Metrics(cornerRadius: 99))
            order.increment("observer returned")
        }
        let metricsToken = theme.observe(Metrics.self) { _ in order.increment("metrics observer") }
        theme.apply(Palette(background: "#000000", text: "#FFFFFF"))
        #expect(order.entries == ["observer #FFFFFF", "observer returned", "metrics observer"])
        #expect(label.textColor == "light 99.0")
        _ = (token, metricsToken)
    }

    @Test("a provider that changes the theme does not recurse; its change runs in the next pass")
    func providerChangesTheme() {
        let theme = makeTheme()
        let label = Label()
        let other = Label()
        let runs = Counter()
        theme.bind(other, \.cornerRadius) { env in
            runs.increment()
            return env[Metrics.self].cornerRadius
        }
        theme.bind(label, \.textColor) { [weak theme] env in
            let style = env.style
            if style == .dark { theme?.apply(Metrics(cornerRadius: 20)) }
            return style.rawValue
        }
        theme.style = .dark
        #expect(label.textColor == "dark")
        #expect(other.cornerRadius == 20)
        #expect(runs.count == 2)
        #expect(theme.checkInvariants() == [])
    }

    @Test("callbacks that keep re-triggering each other stop after a bound with a diagnostic event")
    func runawayLoopStops() {
        let theme = makeTheme()
        let events = Counter()
        let subscription = theme.events.subscribe { event in
            if case .refreshLoopStopped = event { events.increment("stopped") }
        }
        let token = theme.observe(Metrics.self) { metrics in
            theme.apply(Metrics(cornerRadius: metrics.cornerRadius + 1))
        }
        theme.apply(Metrics(cornerRadius: 0))
        #expect(events.entries == ["stopped"])
        let final = theme.value(Metrics.self).cornerRadius
        #expect(final >= 100 && final <= 102)
        // The theme still works afterwards.
        token.cancel()
        let label = Label()
        theme.bind(label, \.cornerRadius) { env in env[Metrics.self].cornerRadius }
        #expect(label.cornerRadius == final)
        _ = subscription
    }

    @Test("an observer added during delivery sees the next change, not the current one")
    func observerAddedDuringDelivery() {
        let theme = makeTheme()
        let late = Counter()
        let holder = TokenHolder()
        let first = theme.observe(Metrics.self) { _ in
            if holder.token == nil {
                holder.token = theme.observe(Metrics.self) { metrics in late.increment("\(metrics.cornerRadius)") }
            }
        }
        theme.apply(Metrics(cornerRadius: 1))
        #expect(late.entries == [])
        theme.apply(Metrics(cornerRadius: 2))
        #expect(late.entries == ["2.0"])
        _ = first
    }

    @Test("an observer cancelled by another observer of the same delivery is not called by it, nor later")
    func observerRemovedDuringDelivery() {
        let theme = makeTheme()
        let second = Counter()
        let holder = TokenHolder()
        let first = theme.observe(Metrics.self) { _ in holder.token?.cancel() }
        holder.token = theme.observe(Metrics.self) { _ in second.increment() }
        theme.apply(Metrics(cornerRadius: 1))
        #expect(second.count == 0)
        theme.apply(Metrics(cornerRadius: 2))
        #expect(second.count == 0)
        #expect(holder.token?.isActive == false)
        _ = first
    }

    @Test("an observer whose token a provider of the same pass cancels is not called")
    func observerCancelledByAProvider() {
        let theme = makeTheme()
        let calls = Counter()
        let holder = TokenHolder()
        holder.token = theme.observe(Metrics.self) { _ in calls.increment() }
        let label = Label()
        theme.bind(label, \.cornerRadius) { env in
            let radius = env[Metrics.self].cornerRadius
            if radius == 5 { holder.token?.cancel() }
            return radius
        }
        theme.apply(Metrics(cornerRadius: 5))
        #expect(label.cornerRadius == 5)
        #expect(calls.count == 0)
    }

    @Test("an observer released by another observer (its owner's deinit) is not called by that delivery")
    func observerReleasedDuringDelivery() {
        let theme = makeTheme()
        let calls = Counter()
        let holder = TokenHolder()
        let first = theme.observe(Metrics.self) { _ in holder.token = nil }
        holder.token = theme.observe(Metrics.self) { _ in calls.increment() }
        theme.apply(Metrics(cornerRadius: 3))
        #expect(calls.count == 0)
        #expect(holder.token == nil)
        _ = first
    }

    @Test("an observer cancelled by an event subscriber it caused to run is not called again in that pass")
    func observerCancelledFromNestedEventPost() {
        let theme = makeTheme()
        let calls = Counter()
        let holder = TokenHolder()
        // The first observer posts an event; its subscriber cancels the second observer.
        let first = theme.observe(Metrics.self) { _ in theme.events.post(.styleChanged(.dark)) }
        let subscription = theme.events.subscribe { _ in holder.token?.cancel() }
        holder.token = theme.observe(Metrics.self) { _ in calls.increment() }
        theme.apply(Metrics(cornerRadius: 4))
        #expect(calls.count == 0)
        _ = (first, subscription)
    }

    @Test("a provider that changes the theme on its first run: the change is delivered before bind returns")
    func providerChangesThemeOnFirstRun() {
        let theme = makeTheme()
        let other = Label()
        theme.bind(other, \.cornerRadius) { env in env[Metrics.self].cornerRadius }
        let label = Label()
        // Weakly: a provider that held its theme strongly would keep it alive (a cycle).
        theme.bind(label, \.textColor) { [weak theme] env in
            if env.isInitialApplication { theme?.apply(Metrics(cornerRadius: 31)) }
            return "\(env[Metrics.self].cornerRadius)"
        }
        #expect(other.cornerRadius == 31)
        #expect(label.textColor == "31.0")
        #expect(theme.checkInvariants() == [])
    }

    @Test("binding an object already tracked into another node moves it and re-runs what read the appearance")
    func bindMovesTrackedObject() {
        let theme = makeTheme()
        let dark = ThemeNode(parent: theme.root)
        dark.overrideStyle = .dark
        let label = Label()
        theme.bind(label, \.textColor) { env in env.style.rawValue }
        #expect(label.textColor == "light")
        theme.bind(label, \.cornerRadius, in: dark) { env in env.style == .dark ? 4 : 1 }
        #expect(label.textColor == "dark")
        #expect(label.cornerRadius == 4)
        #expect(theme.trackedObjectCount == 1)
        #expect(theme.checkInvariants() == [])
    }

    @Test("bindings made from inside a provider run after the current pass")
    func bindInsideProvider() {
        let theme = makeTheme()
        let parent = Label()
        let child = Label()
        theme.customize(parent) { [weak theme] _, env in
            _ = env.style
            theme?.bind(child, \.textColor) { env in env.style.rawValue }
        }
        #expect(child.textColor == "light")
        theme.style = .dark
        #expect(child.textColor == "dark")
        #expect(theme.bindingCount == 2)
    }
}

/// Lets a test's callbacks share a token.
// Sound: tests that use it drive the theme from one thread.
final class TokenHolder: @unchecked Sendable {
    var token: ObserverToken?
}
