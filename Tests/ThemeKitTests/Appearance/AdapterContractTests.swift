import Foundation
import Testing
import ThemeKit

/// The core behaviour the Apple adapters are built on, with the adapters' own shapes: a per-view box
/// bound with a setter closure (`@ThemeValue`'s bridge), a node override (`.themeOverride`), and
/// identified closures per control state (`titleColor(for:)`).
@Suite struct AdapterContractTests {
    /// What `ThemeValueBox` is: a value slot written through a setter closure that counts deliveries.
    // Sound: each test drives its theme from one thread with synchronous delivery.
    final class Box<Value: Sendable>: @unchecked Sendable {
        var value: Value?
        var deliveries: [Value] = []
    }

    private static func bindBox<Value: Sendable>(
        _ box: Box<Value>, in theme: Theme, node: ThemeNode? = nil,
        _ provider: @escaping @Sendable (ThemeContext) -> Value
    ) {
        theme.bind(
            box, \.value,
            set: { box, value in
                box.value = value
                if let value { box.deliveries.append(value) }
            }, in: node
        ) { env in provider(env) }
    }

    @Test("a view's box of one extension type is delivered that type's changes and no other's")
    func boxIsFineGrained() {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let box = Box<Palette>()
        Self.bindBox(box, in: theme) { env in env[Palette.self] }
        #expect(box.deliveries == [.fallback])

        theme.apply(Metrics(cornerRadius: 2))
        theme.style = .dark
        #expect(box.deliveries.count == 1)

        let night = Palette(background: "#000000", text: "#FFFFFF")
        theme.apply(night)
        #expect(box.deliveries == [.fallback, night])
    }

    @Test("a box in a node forced dark resolves a variant for dark while the root stays light")
    func boxResolvesAtItsNode() {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let light = Palette(background: "#FFFFFF", text: "#111111")
        let dark = Palette(background: "#000000", text: "#EEEEEE")
        theme.apply(variant: PaletteVariant(id: "brand", light: light, dark: dark), for: .light)
        let node = ThemeNode(parent: theme.root)
        node.overrideStyle = .dark

        let forced = Box<Palette>()
        let root = Box<Palette>()
        Self.bindBox(forced, in: theme, node: node) { env in env[Palette.self] }
        Self.bindBox(root, in: theme) { env in env[Palette.self] }
        #expect(forced.value == dark)
        #expect(root.value == light)
        #expect(theme.value(Palette.self) == light)

        node.overrideStyle = nil
        #expect(forced.deliveries == [dark, light])
        #expect(root.deliveries == [light])
    }

    @Test("an appearance box follows the node's effective style and contrast")
    func appearanceBox() {
        struct Appearance: Equatable, Sendable {
            var style: ThemeStyle
            var contrast: ThemeContrast
        }
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let node = ThemeNode(parent: theme.root)
        let box = Box<Appearance>()
        Self.bindBox(box, in: theme, node: node) { env in Appearance(style: env.style, contrast: env.contrast) }
        theme.systemStyleDidChange(to: SystemAppearance.dark.style)
        theme.systemContrastDidChange(to: ThemeContrast(systemIncreased: true))
        node.overrideContrast = .standard
        #expect(
            box.deliveries.map { "\($0.style) \($0.contrast)" } == [
                "light standard", "dark standard", "dark increased", "dark standard",
            ])
        #expect(box.value == Appearance(style: .dark, contrast: .standard))
        #expect(theme.contrast == .increased)
    }

    @Test("customizing with the same id replaces that state's closure and keeps the others")
    func identifiedCustomizations() {
        final class Button: @unchecked Sendable { var titleColors: [String: String] = [:] }
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let button = Button()
        theme.customize(button, id: "titleColor.normal") { button, env in
            button.titleColors["normal"] = env[Palette.self].text
        }
        theme.customize(button, id: "titleColor.highlighted") { button, _ in
            button.titleColors["highlighted"] = "first"
        }
        theme.customize(button, id: "titleColor.highlighted") { button, env in
            button.titleColors["highlighted"] = "second " + env.style.rawValue
        }
        theme.style = .dark
        #expect(button.titleColors == ["normal": "#000000", "highlighted": "second dark"])
    }
}
