import Foundation
import Testing
import ThemeKit
import ThemeKitTestSupport

/// "No user code runs while the theme's lock is held" includes deinitialisers: the
/// last release of a node, an object or a closure's captures must happen outside the
/// lock, or a deinit that uses the theme deadlocks the thread.
///
/// Each scenario runs under a ``Watchdog`` so that a deadlock fails the test instead of
/// hanging the suite.
@Suite struct LockDisciplineTests {
    /// Reads the theme in its deinit, as a view that unbinds itself on the way out would.
    // Sound: set once before the object is shared, then only read.
    final class UsesThemeOnDeinit: @unchecked Sendable {
        let theme: Theme
        var text = ""
        init(_ theme: Theme) { self.theme = theme }
        deinit { _ = theme.style }
    }

    @Test("a node released while its bind is queued is freed without deadlocking the delivering thread")
    func nodeReleasedWhileBindIsQueued() {
        let finished = Watchdog.finishes(within: 20) {
            let theme = makeTheme()
            let label = Label()
            let trigger = Label()
            theme.bind(trigger, \.textColor) { env in
                if env.style == .dark {
                    // Queued until the current pass ends; the queued bind holds the last
                    // reference to the node once this scope ends.
                    let node = ThemeNode(parent: theme.root)
                    theme.bind(label, \.textColor, in: node) { env in env.style.rawValue }
                }
                return env.style.rawValue
            }
            theme.style = .dark
            #expect(label.textColor == "dark")
            #expect(theme.checkInvariants() == [])
            theme.unbindAll(trigger)
        }
        #expect(finished, "deadlock: the node's deinit ran under the theme's lock")
    }

    @Test("an object released while its bind is queued is deinitialised outside the theme's lock")
    func objectReleasedWhileBindIsQueued() {
        let finished = Watchdog.finishes(within: 20) {
            let theme = makeTheme()
            let trigger = Label()
            theme.bind(trigger, \.textColor) { env in
                if env.style == .dark {
                    theme.bind(UsesThemeOnDeinit(theme), \.text) { env in env.style.rawValue }
                }
                return env.style.rawValue
            }
            theme.style = .dark
            theme.unbindAll(trigger)
        }
        #expect(finished, "deadlock: the object's deinit ran under the theme's lock")
    }

    @Test("cancelling an observer token frees its handler's captures outside the theme's lock")
    func observerCapturesFreedOutsideLock() {
        let finished = Watchdog.finishes(within: 20) {
            let theme = makeTheme()
            var token: ObserverToken?
            do {
                let owner = UsesThemeOnDeinit(theme)
                token = theme.observe(Palette.self) { [owner] palette in owner.text = palette.text }
            }
            theme.apply(Palette(background: "#000000", text: "#FFFFFF"))
            token?.cancel()
        }
        #expect(finished, "deadlock: the observer's captured object was freed under the theme's lock")
    }
}
