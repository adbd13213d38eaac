import Testing
import ThemeKit

@Suite struct VariantTests {
    let brand = PaletteVariant(
        id: "brand", light: Palette(background: "#FFFFFF", text: "#101010"),
        dark: Palette(background: "#0B0F14", text: "#E6EDF7"),
        highContrastDark: Palette(background: "#000000", text: "#FFFFFF"))

    @Test("an active variant resolves per style and contrast, at the root and in overridden subtrees")
    func variantResolvesPerAppearance() {
        let theme = makeTheme()
        theme.apply(variant: brand)
        #expect(theme.value(Palette.self).text == "#101010")
        let dark = ThemeNode(parent: theme.root)
        dark.overrideStyle = .dark
        let inside = Label()
        let outside = Label()
        theme.bind(inside, \.textColor, in: dark) { env in env[Palette.self].text }
        theme.bind(outside, \.textColor) { env in env[Palette.self].text }
        #expect(inside.textColor == "#E6EDF7")
        #expect(outside.textColor == "#101010")
        theme.contrast = .increased
        #expect(inside.textColor == "#FFFFFF")
        #expect(outside.textColor == "#101010")
        theme.style = .dark
        #expect(outside.textColor == "#FFFFFF")
        #expect(theme.value(Palette.self).text == "#FFFFFF")
    }

    @Test("observers of a variant-backed type fire when the style switches its value")
    func observersFollowVariantThroughStyle() {
        let theme = makeTheme()
        theme.apply(variant: brand)
        let seen = Counter()
        let token = theme.observe(Palette.self) { palette in seen.increment(palette.text) }
        theme.style = .dark
        theme.style = .light
        #expect(seen.entries == ["#E6EDF7", "#101010"])
        _ = token
    }

    @Test("apply(variant:for:) switches style, stops following the system and reports the variant")
    func applyVariantForStyle() {
        let theme = makeTheme()
        let events = Counter()
        let subscription = theme.events.subscribe { events.increment($0.description) }
        theme.apply(variant: brand, for: .dark)
        #expect(theme.style == .dark)
        #expect(!theme.followsSystem)
        #expect(theme.activeVariantID(for: Palette.self) == "brand")
        #expect(events.entries.contains("followsSystem changed to false"))
        #expect(events.entries.contains { $0.hasSuffix("variant changed to brand") })
        #expect(events.entries.contains("style changed to dark"))
        _ = subscription
    }

    @Test("applying a plain value replaces the active variant; clearing a variant restores the applied value")
    func valueAndVariantInteract() {
        let theme = makeTheme()
        theme.apply(variant: brand)
        theme.apply(Palette(background: "#111111", text: "#222222"))
        #expect(theme.activeVariantID(for: Palette.self) == nil)
        #expect(theme.value(Palette.self).text == "#222222")
        theme.apply(variant: brand)
        theme.clearVariant(for: Palette.self)
        #expect(theme.value(Palette.self).text == "#222222")
    }

    @Test("registered variants can be activated by id; unknown ids change nothing")
    func activateById() {
        let theme = makeTheme()
        theme.register([brand])
        #expect(theme.applyVariant(id: "brand", for: Palette.self))
        #expect(!theme.applyVariant(id: "nope", for: Palette.self))
        #expect(theme.activeVariantID(for: Palette.self) == "brand")
    }
}
