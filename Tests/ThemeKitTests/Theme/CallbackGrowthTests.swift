import Testing
import ThemeKit
import ThemeKitTestSupport

/// Callbacks kept behind the package's lock must not gain a wrapper per access: a
/// bare closure as a generic `Locked` value was re-wrapped in two thunks at every
/// in-out access, so after N changes a theme called its Observation hand-off through
/// 2N nested thunks — slower each time, memory that only grew, and in the end a stack
/// overflow. Each test runs on a thread with a small stack, where a chain as long as
/// the work below would overflow it.
@Suite struct CallbackGrowthTests {
    /// Runs `body` on a thread with a 256 KiB stack; whether it returned in time.
    private func onSmallStack(_ body: @escaping @Sendable () -> Void) -> Bool {
        Watchdog.finishes(within: 300, stackSize: 256 << 10, body)
    }

    @Test("twenty thousand changes call the Observation hand-off through no growing chain")
    func observationHandOffStaysFlat() {
        let theme = makeTheme()
        let label = Label()
        theme.bind(label, \.textColor) { env in env.style.rawValue }
        let finished = onSmallStack {
            for _ in 0..<20_000 { theme.style = theme.style == .dark ? .light : .dark }
        }
        #expect(finished)
        #expect(theme.style == .light)
        #expect(label.textColor == "light")
    }

    @Test("an observer token asked fifty thousand times still cancels on a small stack")
    func observerTokenStaysFlat() {
        let theme = makeTheme()
        let calls = Counter()
        let token = theme.observe(Palette.self) { _ in calls.increment() }
        let finished = onSmallStack {
            for _ in 0..<50_000 where !token.isActive { Issue.record("inactive too early") }
            token.cancel()
        }
        #expect(finished)
        #expect(!token.isActive)
        theme.apply(Palette(background: "#1", text: "#2"))
        #expect(calls.count == 0)
    }
}
