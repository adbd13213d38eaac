import Foundation
import Testing
import ThemeKit

@Suite struct IssueExampleTests {
    @Test("the README walkthrough compiles and behaves as its comments say")
    func walkthrough() async throws {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        #expect(theme.value(Palette.self) == Palette.fallback)
        theme.apply(Palette(background: "#000000", text: "#FFFFFF"))
        theme.style = .dark
        theme.contrast = .increased
        #expect(theme.style == .dark)
        #expect(theme.contrast == .increased)

        let seen = Counter()
        var token: ObserverToken? = theme.observe(Palette.self) { palette in seen.increment(palette.text) }
        theme.apply(Palette(background: "#000000", text: "#EEEEEE"))
        #expect(seen.entries == ["#EEEEEE"])
        token = nil
        theme.apply(Palette(background: "#000000", text: "#DDDDDD"))
        #expect(seen.entries == ["#EEEEEE"])
        _ = token

        let label = Label()
        theme.bind(label, \.textColor) { env in env.style == .dark ? env[Palette.self].text : "#111111" }
        theme.bind(label, \.cornerRadius) { env in env[Metrics.self].cornerRadius }
        #expect(label.textColor == "#DDDDDD")
        #expect(label.cornerRadius == 8)
        theme.style = .light
        #expect(label.textColor == "#111111")

        let sidebar = ThemeNode(parent: theme.root)
        let row = ThemeNode(parent: sidebar)
        sidebar.overrideStyle = .dark
        theme.bind(label, \.textColor, in: row) { env in env[Palette.self].text + env.style.rawValue }
        #expect(label.textColor == "#DDDDDDdark")
        sidebar.overrideStyle = nil
        #expect(label.textColor == "#DDDDDDlight")

        let events = Counter()
        let subscription = theme.events.subscribe { event in events.increment(event.description) }
        theme.style = .dark
        #expect(events.entries == ["style changed to dark"])
        subscription.cancel()

        let brandA = PaletteVariant(
            id: "brandA", light: .fallback, dark: Palette(background: "#0B0F14", text: "#E6EDF7"))
        theme.register([brandA])
        theme.apply(variant: brandA, for: .dark)
        #expect(theme.followsSystem == false)
        #expect(theme.value(Palette.self).text == "#E6EDF7")
        #expect(label.textColor == "#E6EDF7dark")
        theme.followsSystem = true
        theme.systemStyleDidChange(to: .light)
        #expect(theme.style == .light)
        #expect(label.textColor == "#000000light")
        theme.batch {
            theme.style = .dark
            theme.apply(Metrics(cornerRadius: 4))
        }
        #expect(label.cornerRadius == 4)
        #expect(label.textColor == "#E6EDF7dark")
    }
}
