import Observation
import Testing
import ThemeKit

@Suite struct ObservationBridgeTests {
    @Test("reading one extension inside withObservationTracking depends on that type only")
    func finegrainedTracking() {
        let theme = makeTheme()
        let fired = onChange { _ = theme.value(Palette.self) }
        theme.apply(Metrics(cornerRadius: 3))
        theme.contrast = .increased
        #expect(fired.count == 0)
        theme.apply(Palette(background: "#000000", text: "#FFFFFF"))
        #expect(fired.count == 1)
    }

    @Test("reading the style tracks style changes, and variant-backed types follow the style")
    func styleTracking() {
        let theme = makeTheme()
        let styleFired = onChange { _ = theme.style }
        theme.apply(Metrics(cornerRadius: 3))
        #expect(styleFired.count == 0)
        theme.style = .dark
        #expect(styleFired.count == 1)

        theme.apply(
            variant: PaletteVariant(
                id: "v", light: .fallback, dark: Palette(background: "#000000", text: "#FFFFFF")))
        let paletteFired = onChange { _ = theme.value(Palette.self) }
        theme.style = .light
        #expect(paletteFired.count == 1)
    }

    @Test("a theme changed many times before any tracked read still notifies the first tracking")
    func trackingStartsLate() {
        // Until a tracked getter reads the theme, passes skip the Observation hand-off.
        let theme = makeTheme()
        for index in 0..<5 {
            theme.style = index.isMultiple(of: 2) ? .dark : .light
            theme.apply(Palette(background: "#00000\(index)", text: "#FFFFFF"))
        }
        let styleFired = onChange { _ = theme.style }
        let paletteFired = onChange { _ = theme.value(Palette.self) }
        theme.style = .light
        #expect(styleFired.count == 1)
        #expect(paletteFired.count == 0)
        theme.apply(Palette(background: "#0000FF", text: "#FFFFFF"))
        #expect(paletteFired.count == 1)
    }

    @Test("a read of the contrast is a tracked read too")
    func contrastReadStartsTracking() {
        let theme = makeTheme()
        theme.contrast = .increased
        let fired = onChange { _ = theme.contrast }
        theme.contrast = .standard
        #expect(fired.count == 1)
    }

    @Test("followsSystem and followsSystemContrast are observable: Observation and the event bus")
    func followsSystemIsObservable() {
        let theme = makeTheme()
        let events = Counter()
        let subscription = theme.events.subscribe { event in events.increment("\(event)") }
        let followsFired = onChange { _ = theme.followsSystem }
        let contrastFollowsFired = onChange { _ = theme.followsSystemContrast }
        theme.apply(Metrics(cornerRadius: 3))
        #expect(followsFired.count == 0)
        theme.style = .dark
        #expect(followsFired.count == 1)
        #expect(contrastFollowsFired.count == 0)
        theme.contrast = .increased
        #expect(contrastFollowsFired.count == 1)
        let againFired = onChange { _ = theme.followsSystemContrast }
        theme.followsSystemContrast = true
        #expect(againFired.count == 1)
        #expect(
            events.entries.filter { $0.hasPrefix("follows") } == [
                "followsSystem changed to false", "followsSystemContrast changed to false",
                "followsSystemContrast changed to true",
            ])
        withExtendedLifetime(subscription) {}
    }

    /// Counts the `onChange` calls of one `withObservationTracking` of `read`.
    private func onChange(_ read: () -> Void) -> Counter {
        let fired = Counter()
        withObservationTracking(read) { fired.increment() }
        return fired
    }
}
