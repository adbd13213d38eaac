import Dispatch
import Foundation
import Testing

@testable import ThemeKit

/// `ThemeValueConnection`, the binding behind SwiftUI's `@ThemeValue` and `@ThemeAppearance`, driven as
/// `DynamicProperty.update()` drives it: from the main actor, under main-thread delivery.
@Suite struct ThemeValueConnectionTests {
    /// A connection whose `willChange` calls are counted, as `objectWillChange` would publish them.
    @MainActor
    private final class Watched {
        let connection = ThemeValueConnection<Palette>()
        var willChangeCalls = 0
        /// The value each `willChange` call saw: the old one (SwiftUI reads the new one afterwards).
        var seenBeforeChange: [Palette?] = []
        var calledOffMain = false

        init() {
            connection.willChange = { [unowned self] in
                willChangeCalls += 1
                seenBeforeChange.append(connection.value)
                if !isOnMain { calledOffMain = true }
            }
        }

        func connect(_ theme: Theme, node: ThemeNode? = nil) {
            connection.connect(theme: theme, node: node) { env in env[Palette.self] }
        }
    }

    private static let day = Palette(background: "#FFFFFF", text: "#111111")
    private static let night = Palette(background: "#000000", text: "#EEEEEE")

    private static func theme() -> Theme { Theme(storage: InMemoryThemeStorage(), delivery: .mainThread) }

    @Test("the first value is taken while connecting, without willChange; later changes call it first")
    @MainActor func firstValueThenChanges() {
        let theme = Self.theme()
        let watched = Watched()
        watched.connect(theme)
        #expect(watched.connection.value == .fallback)
        #expect(watched.willChangeCalls == 0)

        theme.apply(Self.night)
        #expect(watched.connection.value == Self.night)
        #expect(watched.willChangeCalls == 1)
        #expect(watched.seenBeforeChange == [.fallback])

        // What the provider did not read, and an equal value, change nothing.
        theme.apply(Metrics(cornerRadius: 3))
        theme.style = .dark
        #expect(watched.willChangeCalls == 1)
        #expect(theme.bindingCount == 1)
    }

    @Test("connecting again to the same theme and node changes nothing; another node replaces the binding")
    @MainActor func reconnecting() {
        let theme = Self.theme()
        theme.apply(variant: PaletteVariant(id: "brand", light: Self.day, dark: Self.night), for: .light)
        let watched = Watched()
        watched.connect(theme)
        watched.connect(theme)
        #expect(watched.connection.value == Self.day)
        #expect(theme.bindingCount == 1)

        let forcedDark = ThemeNode(parent: theme.root, overrideStyle: .dark)
        watched.connect(theme, node: forcedDark)
        // The same key path bound again: one binding, moved, resolved at the node.
        #expect(theme.bindingCount == 1)
        #expect(watched.connection.value == Self.night)
        // Taken inside the update that connected: nothing published.
        #expect(watched.willChangeCalls == 0)

        forcedDark.overrideStyle = .light
        #expect(watched.connection.value == Self.day)
        #expect(watched.willChangeCalls == 1)
    }

    @Test("a theme left is unbound on the main queue after the update, and its deliveries are dropped meanwhile")
    @MainActor func leavingATheme() async {
        let first = Self.theme()
        let second = Self.theme()
        second.apply(Self.day)
        let watched = Watched()
        watched.connect(first)
        watched.connect(second)
        #expect(watched.connection.value == Self.day)
        #expect(watched.connection.connectedTheme === second)
        // Not unbound inside the update...
        #expect(first.bindingCount == 1)
        // ... and what it still delivers is an older connection's: dropped.
        first.apply(Self.night)
        #expect(watched.connection.value == Self.day)
        #expect(watched.willChangeCalls == 0)

        await drainMainQueue()
        #expect(first.bindingCount == 0)
        #expect(second.bindingCount == 1)
    }

    @Test("going back to a theme within the turn keeps its binding; the one left is unbound")
    @MainActor func backWithinTheTurn() async {
        let first = Self.theme()
        let second = Self.theme()
        let watched = Watched()
        watched.connect(first)
        watched.connect(second)
        watched.connect(first)
        await drainMainQueue()
        #expect(first.bindingCount == 1)
        #expect(second.bindingCount == 0)
        // The binding that stayed is the newest connection's: its deliveries are taken.
        first.apply(Self.night)
        #expect(watched.connection.value == Self.night)
        #expect(watched.willChangeCalls == 1)
    }

    @Test("disconnecting forgets the value, drops later deliveries and unbinds after the update")
    @MainActor func disconnecting() async {
        let theme = Self.theme()
        let watched = Watched()
        watched.connect(theme)
        watched.connection.disconnect()
        #expect(watched.connection.value == nil)
        #expect(watched.connection.connectedTheme == nil)
        theme.apply(Self.night)
        #expect(watched.connection.value == nil)
        #expect(watched.willChangeCalls == 0)
        await drainMainQueue()
        #expect(theme.bindingCount == 0)

        // Connected again: a fresh first value.
        watched.connect(theme)
        #expect(watched.connection.value == Self.night)
        #expect(watched.willChangeCalls == 0)
    }

    @Test("the theme does not keep a connection: released, its binding goes")
    @MainActor func releasedConnection() {
        let theme = Self.theme()
        weak var released: Watched?
        do {
            let watched = Watched()
            watched.connect(theme)
            released = watched
        }
        #expect(released == nil)
        theme.apply(Self.night)
        #expect(theme.bindingCount == 0)
    }

    @Test("a value delivered on another thread reaches the connection on the main queue")
    @MainActor func offMainDelivery() async {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let watched = Watched()
        watched.connect(theme)
        #expect(watched.connection.value == .fallback)
        await Task.detached { theme.apply(Self.night) }.value
        await drainMainQueue()
        #expect(watched.connection.value == Self.night)
        #expect(watched.willChangeCalls == 1)
        #expect(!watched.calledOffMain)
    }
}
