import Foundation
import Testing
import ThemeKit

/// Callbacks kept behind the package's lock must not gain a wrapper per access: a
/// bare closure as a generic `Locked` value was re-wrapped in two thunks at every
/// in-out access, so after N changes a theme called its Observation hand-off through
/// 2N nested thunks — slower each time, memory that only grew, and in the end a stack
/// overflow. Each test runs on a thread with a small stack, where a chain as long as
/// the work below would overflow it.
@Suite struct CallbackGrowthTests {
    /// Runs `body` on a thread with a 256 KiB stack and waits for it.
    private func onSmallStack(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 256 << 10
        thread.start()
        done.wait()
    }

    @Test("twenty thousand changes call the Observation hand-off through no growing chain")
    func observationHandOffStaysFlat() {
        let theme = makeTheme()
        let label = Label()
        theme.bind(label, \.textColor) { env in env.style.rawValue }
        onSmallStack {
            for _ in 0..<20_000 { theme.style = theme.style == .dark ? .light : .dark }
        }
        #expect(theme.style == .light)
        #expect(label.textColor == "light")
    }

    @Test("an observer token asked fifty thousand times still cancels on a small stack")
    func observerTokenStaysFlat() {
        let theme = makeTheme()
        let calls = Counter()
        let token = theme.observe(Palette.self) { _ in calls.increment() }
        onSmallStack {
            for _ in 0..<50_000 where !token.isActive { Issue.record("inactive too early") }
            token.cancel()
        }
        #expect(!token.isActive)
        theme.apply(Palette(background: "#1", text: "#2"))
        #expect(calls.count == 0)
    }
}
