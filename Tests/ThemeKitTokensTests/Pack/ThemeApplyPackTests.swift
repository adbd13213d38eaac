import Foundation
import Testing
import ThemeKitTokens

/// A thread-safe counter for callbacks.
// Sound: every access to `entries` goes through `lock`.
private final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func record(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
}

private final class Card {
    var background = ""
    var radius = 0.0
}

@Suite struct ThemeApplyPackTests {
    private func pack() throws -> ThemePack {
        try ThemePackDecoder().decode(packJSON(validPackJSON)).pack
    }

    @Test("applying a pack sets its colours, typography and metrics")
    func appliesValues() throws {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let pack = try pack()
        theme.apply(pack)
        #expect(theme.value(ThemePackColors.self) == ThemePackColors(pack))
        #expect(theme.value(ThemePackTypography.self) == ThemePackTypography(pack))
        #expect(theme.value(ThemePackMetrics.self).radius("small") == 4)
    }

    @Test("a binding that reads colours and metrics runs once per applied pack, and observers fire once")
    func refreshesOnce() throws {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let card = Card()
        let runs = Calls()
        theme.bind(card, \.background) { env in
            runs.record("background")
            return env[ThemePackColors.self].colors["background"]?.light.hex ?? "none"
        }
        theme.bind(card, \.radius) { env in
            runs.record("radius")
            return env[ThemePackMetrics.self].radius("small") ?? -1
        }
        let observed = Calls()
        let colorToken = theme.observe(ThemePackColors.self) { observed.record("colors \($0.colors.count)") }
        let metricsToken = theme.observe(ThemePackMetrics.self) { observed.record("metrics \($0.radii.count)") }
        #expect(runs.all == ["background", "radius"])
        #expect(card.background == "none")

        theme.apply(try pack())
        #expect(card.background == "#FFFFFF")
        #expect(card.radius == 4)
        #expect(runs.all == ["background", "radius", "background", "radius"])
        #expect(observed.all.sorted() == ["colors 4", "metrics 2"])

        // The same pack again changes nothing.
        theme.apply(try pack())
        #expect(runs.all.count == 4)
        #expect(observed.all.count == 2)
        _ = (colorToken, metricsToken)
    }
}
