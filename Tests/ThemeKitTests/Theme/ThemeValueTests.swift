import Testing
import ThemeKit

/// Used by one test only, so its first use is inside a provider, after the pass's
/// snapshot was taken.
private struct FirstSeenInProvider: ThemeExtension {
    var tint: String
    var padding: [Double]
    static let fallback = FirstSeenInProvider(tint: "#ABCDEF", padding: [1, 2, 3])
}

@Suite struct ThemeValueTests {
    @Test("a type first seen inside a provider reads its fallback, then follows applied values")
    func typeFirstSeenInsideProvider() {
        let theme = makeTheme()
        let label = Label()
        theme.bind(label, \.textColor) { env in
            let value = env[FirstSeenInProvider.self]
            return value.tint + "/\(value.padding.count)"
        }
        #expect(label.textColor == "#ABCDEF/3")
        theme.apply(FirstSeenInProvider(tint: "#000001", padding: [4]))
        #expect(label.textColor == "#000001/1")
        theme.apply(Palette(background: "#222222", text: "#333333"))
        #expect(label.textColor == "#000001/1")
    }

    @Test("a provider reading several fields and types in place sees each current value")
    func severalFieldsInPlace() {
        let theme = makeTheme()
        let label = Label()
        theme.bind(label, \.textColor) { env in
            "\(env[Palette.self].text)|\(env[Palette.self].background)|\(env[Metrics.self].cornerRadius)"
        }
        #expect(label.textColor == "#000000|#FFFFFF|8.0")
        theme.apply(Metrics(cornerRadius: 3))
        theme.apply(Palette(background: "#010101", text: "#020202"))
        #expect(label.textColor == "#020202|#010101|3.0")
    }

    @Test("a type reads its fallback until a value is applied")
    func fallbackUntilApplied() {
        let theme = makeTheme()
        #expect(theme.value(Metrics.self) == Metrics(cornerRadius: 8))
        theme.apply(Metrics(cornerRadius: 2))
        #expect(theme.value(Metrics.self) == Metrics(cornerRadius: 2))
        #expect(theme.value(Palette.self) == .fallback)
    }

    @Test("applying Metrics runs no Palette observer and no provider that read only Palette")
    func perTypeFineGrained() {
        let theme = makeTheme()
        let paletteObserver = Counter()
        let metricsObserver = Counter()
        let paletteProvider = Counter()
        let token1 = theme.observe(Palette.self) { _ in paletteObserver.increment() }
        let token2 = theme.observe(Metrics.self) { _ in metricsObserver.increment() }
        let label = Label()
        theme.bind(label, \.textColor) { env in
            paletteProvider.increment()
            return env[Palette.self].text
        }
        #expect(paletteProvider.count == 1)
        theme.apply(Metrics(cornerRadius: 3))
        #expect(paletteObserver.count == 0)
        #expect(metricsObserver.count == 1)
        #expect(paletteProvider.count == 1)
        _ = (token1, token2)
    }

    @Test("applying a type runs each reader once, an object's readers together, and no other binding")
    func readersRunOncePerChange() {
        let theme = makeTheme()
        let first = Label()
        let second = Label()
        let firstText = Counter()
        let firstBackground = Counter()
        let firstRadius = Counter()
        let secondText = Counter()
        theme.bind(first, \.textColor) { env in
            firstText.increment()
            return env[Palette.self].text
        }
        theme.bind(second, \.textColor) { env in
            secondText.increment()
            return env[Palette.self].text
        }
        // Bound after `second`: the first label's entries for Palette do not follow each other.
        theme.bind(first, \.background) { env in
            firstBackground.increment()
            return env[Palette.self].background
        }
        theme.bind(first, \.cornerRadius) { env in
            firstRadius.increment()
            return env[Metrics.self].cornerRadius
        }
        theme.apply(Palette(background: "#0A0A0A", text: "#0B0B0B"))
        #expect(first.textColor == "#0B0B0B" && first.background == "#0A0A0A" && second.textColor == "#0B0B0B")
        #expect([firstText.count, firstBackground.count, secondText.count] == [2, 2, 2])
        #expect(firstRadius.count == 1)
        theme.apply(Metrics(cornerRadius: 5))
        #expect(first.cornerRadius == 5)
        #expect([firstText.count, firstBackground.count, secondText.count, firstRadius.count] == [2, 2, 2, 2])
        #expect(theme.checkInvariants() == [])
    }

    @Test("applying an equal value runs nothing and posts nothing")
    func equalValueRunsNothing() {
        let theme = makeTheme()
        theme.apply(Palette(background: "#000000", text: "#FFFFFF"))
        theme.style = .light
        let runs = Counter()
        let observed = Counter()
        let events = Counter()
        let label = Label()
        theme.bind(label, \.textColor) { env in
            runs.increment()
            return env[Palette.self].text
        }
        let token = theme.observe(Palette.self) { _ in observed.increment() }
        let subscription = theme.events.subscribe { _ in events.increment() }
        theme.apply(Palette(background: "#000000", text: "#FFFFFF"))
        theme.apply(Metrics.fallback)
        theme.style = .light
        #expect(runs.count == 1)
        #expect(observed.count == 0)
        #expect(events.count == 0)
        _ = (token, subscription)
    }

    @Test("an observer runs only when the value really changed, with the new value")
    func observerSeesRealChangesOnly() {
        let theme = makeTheme()
        let seen = Counter()
        let token = theme.observe(Metrics.self) { metrics in seen.increment("\(metrics.cornerRadius)") }
        theme.apply(Metrics(cornerRadius: 1))
        theme.apply(Metrics(cornerRadius: 1))
        theme.apply(Metrics(cornerRadius: 2))
        theme.batch {
            theme.apply(Metrics(cornerRadius: 5))
            theme.apply(Metrics(cornerRadius: 2))
        }
        #expect(seen.entries == ["1.0", "2.0"])
        _ = token
    }

    @Test("a cancelled token stops its observer and reports inactive")
    func cancelledTokenStops() {
        let theme = makeTheme()
        let seen = Counter()
        let token = theme.observe(Metrics.self) { _ in seen.increment() }
        #expect(token.isActive)
        token.cancel()
        token.cancel()
        #expect(!token.isActive)
        theme.apply(Metrics(cornerRadius: 1))
        #expect(seen.count == 0)
    }

    @Test("setting the style stops following the system; followsSystem switches back to the system style")
    func styleAndFollowsSystem() {
        let theme = makeTheme()
        #expect(theme.followsSystem)
        theme.systemStyleDidChange(to: .dark)
        #expect(theme.style == .dark)
        theme.style = .sepia
        #expect(!theme.followsSystem)
        theme.systemStyleDidChange(to: .light)
        #expect(theme.style == .sepia)
        theme.followsSystem = true
        #expect(theme.style == .light)
    }

    @Test("the system contrast is followed until the contrast is set explicitly")
    func contrastFollowsSystem() {
        let theme = makeTheme()
        theme.systemContrastDidChange(to: .increased)
        #expect(theme.contrast == .increased)
        theme.contrast = .standard
        #expect(!theme.followsSystemContrast)
        theme.systemContrastDidChange(to: .increased)
        #expect(theme.contrast == .standard)
        theme.followsSystemContrast = true
        #expect(theme.contrast == .increased)
    }

    @Test("compare(to:) lists the fields that differ and merge returns the overrides by default")
    func compareAndMerge() {
        let a = Palette(background: "#000000", text: "#FFFFFF")
        let b = Palette(background: "#000000", text: "#EEEEEE")
        #expect(a.compare(to: b) == ["text"])
        #expect(a.compare(to: a).isEmpty)
        #expect(a.merge(b) == b)
    }
}
