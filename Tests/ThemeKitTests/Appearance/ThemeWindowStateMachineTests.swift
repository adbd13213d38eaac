import Testing
import ThemeKit

@Suite struct ThemeWindowStateMachineTests {
    private let sepia = ThemeStyle(rawValue: "sepia")

    private func shown(
        _ style: ThemeStyle, contrast: ThemeContrast = .standard, followsSystem: Bool = false,
        baseStyles: [ThemeStyle: ThemeStyle] = [:]
    ) -> ThemeWindowAppearance {
        ThemeWindowAppearance(
            style: style, contrast: contrast,
            forcedAppearance: SystemAppearance.windowOverride(
                followsSystem: followsSystem, style: style, baseStyles: baseStyles),
            baseStyles: baseStyles)
    }

    @Test("attaching applies at once, never cross-faded")
    func attachIsImmediate() {
        var machine = ThemeWindowStateMachine()
        let attached = machine.attach(showing: shown(.dark))
        #expect(
            attached == .apply(shown(.dark), animationDuration: nil, readsSystemAgain: false))
        #expect(machine.applied == shown(.dark))
    }

    @Test("several changes in one run-loop turn each take effect, inside one cross-fade")
    func severalChangesInOneTurnEachApply() {
        var machine = ThemeWindowStateMachine()
        _ = machine.attach(showing: shown(.light, followsSystem: true))
        // `try theme.select(pack)` then `theme.style = .sepia` in the same turn.
        let bases: [ThemeStyle: ThemeStyle] = [sepia: .light]
        let first = machine.themeChanged(to: shown(.dark), reduceMotion: false)
        #expect(
            first
                == .apply(
                    shown(.dark), animationDuration: ThemeSwitchAnimation.defaultDuration, readsSystemAgain: false))
        let second = machine.themeChanged(to: shown(sepia, baseStyles: bases), reduceMotion: false)
        #expect(second == .apply(shown(sepia, baseStyles: bases), animationDuration: nil, readsSystemAgain: false))
        #expect(machine.applied == shown(sepia, baseStyles: bases))
        machine.turnEnded()
        let third = machine.themeChanged(to: shown(.dark), reduceMotion: false)
        #expect(
            third
                == .apply(
                    shown(.dark), animationDuration: ThemeSwitchAnimation.defaultDuration, readsSystemAgain: false))
    }

    @Test("a change that alters nothing on screen does nothing; base styles alone apply without a cross-fade")
    func extensionChangesDoNotCrossFade() {
        var machine = ThemeWindowStateMachine()
        _ = machine.attach(showing: shown(.dark))
        // Several events of one pass, or an extension change that leaves the appearance alone.
        let unchanged = machine.themeChanged(to: shown(.dark), reduceMotion: false)
        #expect(unchanged == .none)
        let newPack = shown(.dark, baseStyles: [sepia: .dark])
        let action1 = machine.themeChanged(to: newPack, reduceMotion: false)
        #expect(action1 == .apply(newPack, animationDuration: nil, readsSystemAgain: false))
    }

    @Test("reduce motion never cross-fades; following the system again reads the system")
    func reduceMotionAndFollowingAgain() {
        var machine = ThemeWindowStateMachine()
        _ = machine.attach(showing: shown(.dark))
        let light = shown(.light)
        let action2 = machine.themeChanged(to: light, reduceMotion: true)
        #expect(action2 == .apply(light, animationDuration: nil, readsSystemAgain: false))
        let following = shown(.light, followsSystem: true)
        let action3 = machine.themeChanged(to: following, reduceMotion: true)
        #expect(action3 == .apply(following, animationDuration: nil, readsSystemAgain: true))
    }

    @Test("a contrast chosen in the app changes the look")
    func contrastChangesTheLook() {
        var machine = ThemeWindowStateMachine()
        _ = machine.attach(showing: shown(.light))
        var increased = shown(.light, contrast: .increased)
        increased.forcesContrast = true
        let action4 = machine.themeChanged(to: increased, reduceMotion: false)
        #expect(
            action4
                == .apply(increased, animationDuration: ThemeSwitchAnimation.defaultDuration, readsSystemAgain: false))
    }

    @Test("after detaching nothing is applied")
    func detachStops() {
        var machine = ThemeWindowStateMachine()
        let wasAttached = machine.detach()
        #expect(!wasAttached)
        _ = machine.attach(showing: shown(.light))
        let wasAttachedNow = machine.detach()
        #expect(wasAttachedNow)
        let unchanged = machine.themeChanged(to: shown(.dark), reduceMotion: false)
        #expect(unchanged == .none)
    }

    @Test("the appearance read from a theme carries its forced style and contrast")
    func appearanceOfATheme() {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        #expect(ThemeWindowAppearance(theme: theme).forcedAppearance == nil)
        theme.style = sepia
        theme.contrast = .increased
        let appearance = ThemeWindowAppearance(theme: theme, baseStyles: [sepia: .dark])
        #expect(appearance.forcedAppearance == .dark)
        #expect(appearance.forcesContrast)
        #expect(appearance.contrast == .increased)
    }
}
