import Testing
import ThemeKit

@Suite struct BindingTests {
    @Test("a provider runs at once and again when what it read changes")
    func runsAtOnceAndOnChange() {
        let theme = makeTheme()
        let label = Label()
        theme.bind(label, \.cornerRadius) { env in env[Metrics.self].cornerRadius }
        #expect(label.cornerRadius == 8)
        theme.apply(Metrics(cornerRadius: 12))
        #expect(label.cornerRadius == 12)
    }

    @Test("binding the same key path again replaces the earlier provider")
    func rebindingReplaces() {
        let theme = makeTheme()
        let label = Label()
        let oldRuns = Counter()
        theme.bind(label, \.textColor) { env in
            oldRuns.increment()
            return env[Palette.self].text
        }
        theme.bind(label, \.textColor) { env in env[Palette.self].background }
        #expect(label.textColor == "#FFFFFF")
        theme.apply(Palette(background: "#123456", text: "#654321"))
        #expect(label.textColor == "#123456")
        #expect(oldRuns.count == 1)
        #expect(theme.bindingCount == 1)
    }

    @Test("dependencies are recorded per run: a provider that stops reading a type stops depending on it")
    func dynamicDependencies() {
        let theme = makeTheme()
        let label = Label()
        let runs = Counter()
        theme.bind(label, \.textColor) { env in
            runs.increment()
            return env.style == .dark ? env[Palette.self].text : "#111111"
        }
        #expect(runs.count == 1)
        theme.apply(Palette(background: "#000000", text: "#ABCDEF"))
        #expect(runs.count == 1, "light: Palette was not read, so applying it must not re-run")
        theme.style = .dark
        #expect(runs.count == 2)
        #expect(label.textColor == "#ABCDEF")
        theme.apply(Palette(background: "#000000", text: "#FEDCBA"))
        #expect(runs.count == 3)
        #expect(label.textColor == "#FEDCBA")
        theme.style = .light
        #expect(runs.count == 4)
        theme.apply(Palette(background: "#000000", text: "#000001"))
        #expect(runs.count == 4, "back in light the provider no longer depends on Palette")
        #expect(theme.checkInvariants() == [])
    }

    @Test("a provider that reads only the style does not run for contrast or extension changes")
    func styleOnlyProvider() {
        let theme = makeTheme()
        let label = Label()
        let runs = Counter()
        theme.bind(label, \.textColor) { env in
            runs.increment()
            return env.style.rawValue
        }
        theme.contrast = .increased
        theme.apply(Metrics(cornerRadius: 1))
        #expect(runs.count == 1)
        theme.style = .dark
        #expect(runs.count == 2)
        #expect(label.textColor == "dark")
    }

    @Test("objects are held weakly: a released object deallocates and its bindings are pruned")
    func objectsAreWeak() {
        let theme = makeTheme()
        weak var weakLabel: Label?
        do {
            let label = Label()
            weakLabel = label
            theme.bind(label, \.textColor) { env in env[Palette.self].text }
            theme.customize(label) { label, env in label.customized += 1 }
            #expect(theme.bindingCount == 2)
        }
        #expect(weakLabel == nil)
        #expect(theme.trackedObjectCount == 1, "not yet met by a pass")
        theme.apply(Palette(background: "#000000", text: "#FFFFFF"))
        #expect(theme.trackedObjectCount == 0, "the pass that met the released object pruned it")
        #expect(theme.bindingCount == 0)
        #expect(theme.checkInvariants() == [])
    }

    @Test("pruneReleasedObjects drops released objects that no pass has met")
    func explicitPrune() {
        let theme = makeTheme()
        var labels = (0..<10).map { _ in Label() }
        for label in labels { theme.bind(label, \.cornerRadius) { env in env[Metrics.self].cornerRadius } }
        labels.removeAll()
        #expect(theme.trackedObjectCount == 10)
        theme.pruneReleasedObjects()
        #expect(theme.trackedObjectCount == 0)
    }

    @Test("the runtime retains neither objects nor providers' captures after release")
    func noRetainCycles() {
        final class Capture: Sendable {}
        let theme = makeTheme()
        weak var weakCapture: Capture?
        weak var weakLabel: Label?
        do {
            let label = Label()
            let capture = Capture()
            weakCapture = capture
            weakLabel = label
            theme.bind(label, \.textColor) { env in
                _ = capture
                return env[Palette.self].text
            }
            let token = theme.observe(Palette.self) { _ in _ = capture }
            token.cancel()
        }
        #expect(weakLabel == nil)
        theme.pruneReleasedObjects()
        #expect(weakCapture == nil)
    }

    @Test("customize and key-path providers run in the order they were added, and customize follows what it read")
    func customizeRunsAndTracks() {
        let theme = makeTheme()
        let label = Label()
        let order = Counter()
        theme.customize(label) { label, env in
            order.increment("customize")
            label.background = env[Palette.self].background
        }
        theme.bind(label, \.textColor) { env in
            order.increment("provider")
            return env[Palette.self].text
        }
        theme.apply(Palette(background: "#0000FF", text: "#FFFF00"))
        #expect(label.background == "#0000FF")
        #expect(order.entries.suffix(2) == ["customize", "provider"])
    }

    @Test("refresh re-runs every provider of the object now")
    func refreshReruns() {
        let theme = makeTheme()
        let label = Label()
        let runs = Counter()
        theme.bind(label, \.textColor) { env in
            runs.increment()
            return "#\(runs.count)"
        }
        theme.refresh(label)
        #expect(runs.count == 2)
        #expect(label.textColor == "#2")
    }

    @Test("unbind stops one binding and keeps the property's last value; unbindAll stops them all")
    func unbinding() {
        let theme = makeTheme()
        let label = Label()
        theme.bind(label, \.textColor) { env in env[Palette.self].text }
        theme.bind(label, \.background) { env in env[Palette.self].background }
        theme.unbind(label, \.textColor)
        theme.apply(Palette(background: "#111111", text: "#222222"))
        #expect(label.textColor == "#000000")
        #expect(label.background == "#111111")
        theme.unbindAll(label)
        theme.apply(Palette(background: "#333333", text: "#444444"))
        #expect(label.background == "#111111")
        #expect(theme.bindingCount == 0)
        #expect(theme.checkInvariants() == [])
    }

    @Test("the context marks the first run as initial and later runs as animatable")
    func animationHint() {
        let theme = makeTheme()
        let label = Label()
        let hints = Counter()
        theme.bind(label, \.textColor) { env in
            hints.increment(env.isInitialApplication ? "initial" : "animatable")
            return env.style.rawValue
        }
        theme.style = .dark
        theme.refresh(label)
        #expect(hints.entries == ["initial", "animatable", "animatable"])
    }

    @Test("binding many properties of one object shares one tracked object")
    func oneRecordPerObject() {
        let theme = makeTheme()
        let label = Label()
        theme.bind(label, \.textColor) { env in env[Palette.self].text }
        theme.bind(label, \.background) { env in env[Palette.self].background }
        theme.bind(label, \.cornerRadius) { env in env[Metrics.self].cornerRadius }
        #expect(theme.trackedObjectCount == 1)
        #expect(theme.bindingCount == 3)
    }
}
