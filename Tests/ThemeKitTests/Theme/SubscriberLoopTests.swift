import Testing
import ThemeKit

/// The loop bound holds for every event a pass posts: a subscriber that answers an event with
/// the change that posts it again is stopped after the bound, like an observer or a provider.
/// (A pass past the bound ran no callbacks but posted its events, so a loop through the bus
/// never ended.)
@Suite struct SubscriberLoopTests {
    /// A kind of event, the change that posts it, and how a subscriber answers it.
    enum Loop: String, CaseIterable, CustomTestStringConvertible {
        case style, contrast, extensionValue, variant, followsSystem, followsSystemContrast, storageFailure

        var testDescription: String { rawValue }

        func makeTheme() -> Theme {
            Theme(storage: self == .storageFailure ? FailingStorage() : InMemoryThemeStorage(), delivery: .synchronous)
        }

        /// Answers `event` with the change that posts the same kind again; whether it did.
        func answer(_ event: ThemeEvent, in theme: Theme) -> Bool {
            switch (self, event) {
            case (.style, .styleChanged(let style)), (.storageFailure, .styleChanged(let style)):
                // Under failing storage the answer is the style change, whose write fails again.
                if self == .storageFailure { return false }
                theme.style = style == .dark ? .light : .dark
            case (.storageFailure, .storageFailure):
                theme.style = theme.style == .dark ? .light : .dark
            case (.contrast, .contrastChanged(let contrast)):
                theme.contrast = contrast == .increased ? .standard : .increased
            case (.extensionValue, .extensionChanged):
                theme.apply(Metrics(cornerRadius: theme.value(Metrics.self).cornerRadius + 1))
            case (.variant, .variantChanged(_, let id)):
                _ = theme.applyVariant(id: id == "a" ? "b" : "a", for: Palette.self)
            case (.followsSystem, .followsSystemChanged(let follows)):
                theme.followsSystem = !follows
            case (.followsSystemContrast, .followsSystemContrastChanged(let follows)):
                theme.followsSystemContrast = !follows
            default:
                return false
            }
            return true
        }

        /// The first change.
        func start(_ theme: Theme) {
            switch self {
            case .style, .storageFailure: theme.style = .dark
            case .contrast: theme.contrast = .increased
            case .extensionValue: theme.apply(Metrics(cornerRadius: 0))
            case .variant: _ = theme.applyVariant(id: "a", for: Palette.self)
            case .followsSystem: theme.followsSystem = false
            case .followsSystemContrast: theme.followsSystemContrast = false
            }
        }
    }

    @Test(
        "a subscriber that answers each event with the change that posts it is stopped at the bound",
        arguments: Loop.allCases)
    func subscriberLoopStops(_ loop: Loop) {
        let theme = loop.makeTheme()
        theme.register([
            PaletteVariant(id: "a", light: .fallback, dark: .fallback),
            PaletteVariant(id: "b", light: Palette(background: "#000000", text: "#FFFFFF"), dark: .fallback),
        ])
        let answers = Counter()
        let stopped = Counter()
        let subscription = theme.events.subscribe { event in
            if case .refreshLoopStopped = event { stopped.increment() }
            // A safety stop, so a regression fails here instead of hanging the suite.
            guard answers.count < 10_000 else { return }
            if loop.answer(event, in: theme) { answers.increment() }
        }
        loop.start(theme)
        #expect(stopped.count == 1)
        // The first change's pass (made by this thread, so it does not count) and 99 passes the
        // subscriber re-triggered ran callbacks; the 100th posted only the stop.
        #expect(answers.count == 100)
        // The theme still delivers afterwards.
        subscription.cancel()
        let label = Label()
        theme.bind(label, \.textColor) { env in env.style.rawValue }
        theme.style = theme.style == .dark ? .light : .dark
        #expect(label.textColor == theme.style.rawValue)
        #expect(theme.checkInvariants() == [])
    }
}
