import Testing
import ThemeKit

@Suite struct SystemAppearanceTests {
    private static let deepSea = ThemeStyle(rawValue: "deepSea")
    private static let sepia = ThemeStyle(rawValue: "sepia")
    private static let paper = ThemeStyle(rawValue: "paper")

    @Test("each system appearance selects the built-in style of the same name, and back")
    func appearancesMapToBuiltInStyles() {
        #expect(SystemAppearance.light.style == .light)
        #expect(SystemAppearance.dark.style == .dark)
        #expect(SystemAppearance(style: .light) == .light)
        #expect(SystemAppearance(style: .dark) == .dark)
        #expect(SystemAppearance(style: Self.deepSea) == nil)
    }

    @Test("a custom style is drawn in the appearance its chain of bases ends in; unknown and looping chains are light")
    func customStylesResolveThroughTheirBases() {
        let bases: [ThemeStyle: ThemeStyle] = [Self.deepSea: .dark, Self.sepia: Self.paper, Self.paper: .light]
        #expect(SystemAppearance(resolving: Self.deepSea, baseStyles: bases) == .dark)
        #expect(SystemAppearance(resolving: Self.sepia, baseStyles: bases) == .light)
        #expect(SystemAppearance(resolving: .dark, baseStyles: bases) == .dark)
        #expect(SystemAppearance(resolving: Self.deepSea) == .light)
        let loop: [ThemeStyle: ThemeStyle] = [Self.sepia: Self.paper, Self.paper: Self.sepia]
        #expect(SystemAppearance(resolving: Self.sepia, baseStyles: loop) == .light)
    }

    @Test(
        "a window is forced to the user's style only while the theme does not follow the system",
        arguments: [
            (true, ThemeStyle.dark, SystemAppearance?.none),
            (true, .light, nil),
            (false, .dark, .dark),
            (false, .light, .light),
            (false, ThemeStyle(rawValue: "deepSea"), .dark),
        ]
    )
    func windowOverride(followsSystem: Bool, style: ThemeStyle, expected: SystemAppearance?) {
        let forced = SystemAppearance.windowOverride(
            followsSystem: followsSystem, style: style, baseStyles: [Self.deepSea: .dark])
        #expect(forced == expected)
    }

    @Test("readings taken under a forced appearance are not reported as the system's")
    func readingsUnderAnOverrideAreIgnored() {
        #expect(SystemAppearance.systemReading(observed: .dark, forced: nil) == .dark)
        #expect(SystemAppearance.systemReading(observed: nil, forced: nil) == nil)
        #expect(SystemAppearance.systemReading(observed: .dark, forced: .dark) == nil)
        #expect(SystemAppearance.systemReading(observed: .light, forced: .dark) == nil)
    }

    @Test("a window bridge reports what it reads from the scene, and from the window only while nothing is forced")
    func windowBridgeReadings() {
        let readings: [SystemAppearance?] = [nil, .light, .dark]
        for observed in readings {
            for forced in readings {
                // The scene's traits are the system's whatever the window is forced to.
                #expect(SystemAppearance.windowReading(observed: observed, fromScene: true, forced: forced) == observed)
                // The window's own traits carry its override: only unforced readings are the system's.
                #expect(
                    SystemAppearance.windowReading(observed: observed, fromScene: false, forced: forced)
                        == (forced == nil ? observed : nil))
            }
        }
    }

    @Test("the system's Increase Contrast setting maps to increased contrast and back")
    func contrastMapping() {
        #expect(ThemeContrast(systemIncreased: true) == .increased)
        #expect(ThemeContrast(systemIncreased: false) == .standard)
        #expect(ThemeContrast.increased.isIncreased)
        #expect(!ThemeContrast.standard.isIncreased)
    }

    @Test("a theme's user choice and return to the system give the override an adapter sets on its window")
    func overrideFollowsTheThemesChoice() {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        theme.systemStyleDidChange(to: SystemAppearance.dark.style)
        #expect(theme.style == .dark)
        #expect(SystemAppearance.windowOverride(followsSystem: theme.followsSystem, style: theme.style) == nil)

        theme.style = .light
        #expect(SystemAppearance.windowOverride(followsSystem: theme.followsSystem, style: theme.style) == .light)

        // While forced light, the window reads light: not the system's, so not reported.
        let reading = SystemAppearance.systemReading(observed: .light, forced: .light)
        if let reading { theme.systemStyleDidChange(to: reading.style) }
        theme.followsSystem = true
        #expect(theme.style == .dark)
        #expect(SystemAppearance.windowOverride(followsSystem: theme.followsSystem, style: theme.style) == nil)
    }
}
