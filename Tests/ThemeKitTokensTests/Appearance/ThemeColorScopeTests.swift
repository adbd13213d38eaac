import Testing
import ThemeKit
import ThemeKitTokens

@Suite struct ThemeColorScopeTests {
    private let sepia = ThemeStyle(rawValue: "sepia")
    private let deepSea = ThemeStyle(rawValue: "deepSea")

    private func color(_ hex: String) -> ThemeColor {
        // Test inputs are literals that parse.
        (try? ThemeColor(hex: hex)) ?? ThemeColor(red: 0, green: 0, blue: 0)
    }

    private var background: ColorSet {
        ColorSet(
            light: color("#FFFFFF"), dark: color("#000000"), highContrastLight: color("#F0F0F0"),
            highContrastDark: color("#0A0A0A"), custom: [sepia: .init(color: color("#F4ECD8"))])
    }

    @Test("a contrast chosen in the app wins over the platform's; one that follows the system does not")
    func appContrastReachesDynamicColours() {
        // Before: the dynamic colours read the platform's contrast only, so `theme.contrast = .increased`
        // changed nothing for them.
        let chosen = ThemeColorScope(style: .light, contrast: .increased, forcesContrast: true)
        #expect(background.resolved(in: .light, platformContrast: .standard, scope: chosen) == color("#F0F0F0"))
        let following = ThemeColorScope(style: .light, contrast: .standard, forcesContrast: false)
        #expect(background.resolved(in: .light, platformContrast: .increased, scope: following) == color("#F0F0F0"))
        #expect(background.resolved(in: .dark, platformContrast: .standard, scope: nil) == color("#000000"))
    }

    @Test("a subtree override resolves in its own style and contrast, not the window's")
    func subtreeScope() {
        let window = ThemeColorScope(
            style: sepia, contrast: .standard, forcesContrast: false, baseStyles: [sepia: .light])
        #expect(background.resolved(in: .light, platformContrast: .standard, scope: window) == color("#F4ECD8"))
        let forcedDark = window.overriding(style: .dark, contrast: nil)
        #expect(forcedDark.appearance == .dark)
        #expect(background.resolved(in: forcedDark) == color("#000000"))
        // A subtree the platform draws light keeps light even though the theme's custom style is based on dark.
        let dark = ThemeColorScope(style: deepSea, baseStyles: [deepSea: .dark])
        #expect(background.resolved(in: .light, platformContrast: .standard, scope: dark) == color("#FFFFFF"))
        let increased = window.overriding(style: nil, contrast: .increased)
        #expect(increased.forcesContrast)
        #expect(background.resolved(in: .light, platformContrast: .standard, scope: increased) == color("#F4ECD8"))
    }

    @Test("a binding's scope is the style and contrast at its node")
    func bindingScopeFollowsTheNode() {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        theme.apply(ThemePackColors(colors: ["background": background], styles: [sepia: .light]))
        let node = ThemeNode(parent: theme.root)
        node.overrideStyle = .dark
        node.overrideContrast = .increased
        let target = Target()
        theme.bind(target, \.value, in: node) { env in background.resolved(in: ThemeColorScope(env)) }
        #expect(target.value == color("#0A0A0A"))
        theme.customize(target, in: node) { target, env in target.scope = ThemeColorScope(env) }
        #expect(target.scope == ThemeColorScope(style: .dark, contrast: .increased, baseStyles: [sepia: .light]))
        node.overrideStyle = nil
        node.overrideContrast = nil
        theme.style = sepia
        #expect(target.value == color("#F4ECD8"))
        #expect(
            ThemeColorScope(theme: theme)
                == ThemeColorScope(style: sepia, forcesContrast: false, baseStyles: [sepia: .light]))
    }

    @Test(
        "a value resolved in the binding's scope is right in the pass of the switch; one read from the window is a switch behind"
    )
    func scopeIsRightBeforeTheWindowChanges() {
        // A window bridge is a bus subscriber: it changes the window's appearance after the bindings ran.
        // A layer colour resolved against the window's traits therefore showed the previous appearance
        // after every in-app switch (issue #29, item 4); resolved in ThemeColorScope(env) it is right.
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let window = Window()
        let subscription = theme.events.subscribe { _ in window.appearance = ThemeColorScope(theme: theme).appearance }
        let layer = Target()
        theme.customize(layer) { layer, env in
            layer.fromWindow = background.resolved(in: window.appearance, platformContrast: .standard, scope: nil)
            layer.value = background.resolved(in: ThemeColorScope(env))
        }
        theme.style = .dark
        #expect(layer.value == color("#000000"))
        #expect(layer.fromWindow == color("#FFFFFF"))  // the window still said light while bindings ran
        #expect(window.appearance == .dark)
        theme.contrast = .increased
        #expect(layer.value == color("#0A0A0A"))
        withExtendedLifetime(subscription) {}
    }

    @Test("images resolve like colour sets, with their tint in the same scope")
    func images() {
        let accent = ColorSet(light: color("#0000FF"), dark: color("#8080FF"))
        let set = ImageSet(
            light: ThemeImage(name: "logo-light"), dark: ThemeImage(name: "logo-dark", tint: accent),
            highContrastDark: ThemeImage(name: "logo-dark-hc"), custom: [sepia: ThemeImage(name: "logo-paper")])
        #expect(set.resolved(in: ThemeColorScope(style: .dark)).name == "logo-dark")
        #expect(set.resolved(in: ThemeColorScope(style: .dark, contrast: .increased)).name == "logo-dark-hc")
        #expect(set.resolved(in: ThemeColorScope(style: sepia)).name == "logo-paper")
        #expect(set.resolved(in: ThemeColorScope(style: deepSea, baseStyles: [deepSea: .dark])).name == "logo-dark")
        let tinted = set.resolvedTint(in: ThemeColorScope(style: .dark))
        #expect(tinted.tint == color("#8080FF"))
        #expect(set.resolvedTint(in: ThemeColorScope(style: .light)).tint == nil)
        #expect(ThemeImage(systemName: "star").source == .symbol)
    }

    @Test("gradient stops resolve per scope, clamped and in order")
    func gradients() {
        let top = ColorSet(light: color("#FFFFFF"), dark: color("#101010"))
        let bottom = ColorSet(light: color("#EEEEEE"), dark: color("#000000"))
        let gradient = ThemeGradient(stops: [
            .init(color: bottom, location: 1.5), .init(color: top, location: -1), .init(color: top, location: .nan),
        ])
        let stops = gradient.resolved(in: ThemeColorScope(style: .dark))
        #expect(stops.map(\.location) == [0, 0, 1])
        #expect(stops.map(\.color) == [color("#101010"), color("#101010"), color("#000000")])
        #expect(gradient.start == (0.5, 0) && gradient.end == (0.5, 1))
        let platform = gradient.resolved(in: .light, platformContrast: .standard, scope: nil)
        #expect(platform.map(\.color) == [color("#FFFFFF"), color("#FFFFFF"), color("#EEEEEE")])
    }

    @Test("status bar and keyboard follow the appearance the scope is drawn in")
    func chrome() {
        #expect(ThemeStatusBarStyle(ThemeColorScope(style: .dark)) == .lightContent)
        #expect(ThemeStatusBarStyle(ThemeColorScope(style: sepia, baseStyles: [sepia: .light])) == .darkContent)
        #expect(ThemeStatusBarStyle(ThemeColorScope(style: deepSea, baseStyles: [deepSea: .dark])) == .lightContent)
        #expect(ThemeStatusBarStyle(over: color("#1C3D7A")) == .lightContent)
        #expect(ThemeStatusBarStyle(over: color("#FFD60A")) == .darkContent)
        #expect(ThemeKeyboardAppearance(ThemeColorScope(style: deepSea, baseStyles: [deepSea: .dark])) == .dark)
        #expect(ThemeKeyboardAppearance(ThemeColorScope(style: .light)) == .light)
    }
}

// Sound: each test drives its theme from one thread with synchronous delivery.
private final class Target: @unchecked Sendable {
    var value = ThemeColor(red: 0.5, green: 0.5, blue: 0.5)
    var fromWindow = ThemeColor(red: 0.5, green: 0.5, blue: 0.5)
    var scope: ThemeColorScope?
}

// Sound: each test drives its theme from one thread with synchronous delivery.
private final class Window: @unchecked Sendable {
    var appearance = SystemAppearance.light
}
