import Dispatch
import Foundation
import Observation
import Testing

@testable import ThemeKit

/// A change made inside a SwiftUI view update (`Theme.changeNotifyingLater(_:)`, the adapters' first
/// report of the system appearance): its bindings run before the call returns, its notifications —
/// observers, Observation, the bus, NotificationCenter — on the main queue's next turn, where user code
/// may publish; in order with later changes, and never to an observer cancelled meanwhile.
@Suite struct DeferredNotificationTests {
    /// What one theme's notifications reported, each kind in its own log.
    // Sound: the logs are `Counter`s (locked); the tokens are only touched by the test.
    private final class Watch: @unchecked Sendable {
        let events = Counter()
        let observed = Counter()
        let notified = Counter()
        let observation = Counter()
        var subscription: ThemeSubscription?
        var observer: ObserverToken?
        var notificationToken: NSObjectProtocol?

        init(_ theme: Theme) {
            let events = events
            let observed = observed
            let notified = notified
            subscription = theme.events.subscribe { events.increment("\($0)") }
            observer = theme.observe(Palette.self) { observed.increment($0.text) }
            notificationToken = NotificationCenter.default.addObserver(
                forName: .themeDidChange, object: theme, queue: nil
            ) { _ in notified.increment("posted") }
            trackObservation(of: theme)
        }

        /// Counts the next change of the theme's style or palette that Observation reports.
        func trackObservation(of theme: Theme) {
            let observation = observation
            withObservationTracking {
                _ = theme.style
                _ = theme.value(Palette.self)
            } onChange: {
                observation.increment("changed")
            }
        }

        /// Every notification so far, by kind.
        var counts: [Int] { [events.count, observed.count, notified.count, observation.count] }

        deinit { if let notificationToken { NotificationCenter.default.removeObserver(notificationToken) } }
    }

    private static func mainThreadTheme() -> (Theme, Label) {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .mainThread)
        let label = Label()
        theme.customize(label) { label, env in label.textColor = "\(env.style) \(env[Palette.self].text)" }
        return (theme, label)
    }

    /// Runs `body` on the main queue and returns its result.
    private func onMain<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
            DispatchQueue.main.async { continuation.resume(returning: body()) }
        }
    }

    @Test("bindings run before the call returns; observers, Observation, the bus and notifications on the next turn")
    func notificationsOnTheNextTurn() async {
        let (theme, label) = await onMain { Self.mainThreadTheme() }
        await drainMainQueue()
        let watch = Watch(theme)
        let atReturn = await onMain {
            theme.changeNotifyingLater {
                theme.systemStyleDidChange(to: .dark)
                theme.apply(Palette(background: "#000000", text: "#111111"))
            }
            return (label.textColor, watch.counts)
        }
        #expect(atReturn.0 == "dark #111111")
        #expect(atReturn.1 == [0, 0, 0, 0], "nothing but bindings may run inside the call")
        await drainMainQueue()
        #expect(
            watch.events.entries == [
                "style changed to \(ThemeStyle.dark)", "\(ThemeExtensionID(Palette.self)) changed",
            ])
        #expect(watch.observed.entries == ["#111111"])
        #expect(watch.notified.count == 2)
        #expect(watch.observation.count == 1)
        #expect(label.textColor == "dark #111111")
        #expect(theme.checkInvariants() == [])
        withExtendedLifetime(watch) {}
    }

    @Test("a bind in the same update sees the new values and delivers none of the deferred notifications")
    func bindInTheSameUpdate() async {
        let (theme, _) = await onMain { Self.mainThreadTheme() }
        await drainMainQueue()
        let watch = Watch(theme)
        let later = Label()
        let inUpdate = await onMain {
            theme.changeNotifyingLater { theme.systemStyleDidChange(to: .dark) }
            // What a `@ThemeValue` below does in the same update: its first run shows the new style.
            theme.customize(later) { label, env in label.textColor = "\(env.style)" }
            return (later.textColor, watch.counts)
        }
        #expect(inUpdate.0 == "dark")
        #expect(inUpdate.1 == [0, 0, 0, 0])
        await drainMainQueue()
        #expect(watch.events.entries == ["style changed to \(ThemeStyle.dark)"])
        #expect(watch.observation.count == 1)
        #expect(later.textColor == "dark")
        #expect(theme.checkInvariants() == [])
        withExtendedLifetime(watch) {}
    }

    @Test("a later change delivers the deferred notifications first, in order, with its own")
    func laterChangeKeepsOrder() async {
        let (theme, label) = await onMain { Self.mainThreadTheme() }
        await drainMainQueue()
        let watch = Watch(theme)
        let afterSecond = await onMain {
            theme.changeNotifyingLater { theme.systemStyleDidChange(to: .dark) }
            let deferred = watch.counts
            // An ordinary change on the main thread is delivered at once: the deferred
            // notifications go first.
            theme.apply(Palette(background: "#000000", text: "#222222"))
            return (deferred, watch.events.entries, watch.observed.entries, label.textColor)
        }
        #expect(afterSecond.0 == [0, 0, 0, 0])
        #expect(
            afterSecond.1 == ["style changed to \(ThemeStyle.dark)", "\(ThemeExtensionID(Palette.self)) changed"])
        #expect(afterSecond.2 == ["#222222"])
        #expect(afterSecond.3 == "dark #222222")
        await drainMainQueue()
        // Nothing is posted twice.
        #expect(watch.events.count == 2)
        #expect(watch.observed.count == 1)
        #expect(watch.notified.count == 2)
        #expect(theme.checkInvariants() == [])
        withExtendedLifetime(watch) {}
    }

    @Test("an observer or subscription cancelled before the next turn is not called")
    func cancelledBeforeTheNextTurn() async {
        let (theme, _) = await onMain { Self.mainThreadTheme() }
        await drainMainQueue()
        let watch = Watch(theme)
        await onMain {
            theme.changeNotifyingLater { theme.apply(Palette(background: "#000000", text: "#333333")) }
            watch.observer?.cancel()
            watch.subscription?.cancel()
        }
        await drainMainQueue()
        #expect(watch.observed.count == 0)
        #expect(watch.events.count == 0)
        #expect(watch.notified.count == 1)
        withExtendedLifetime(watch) {}
    }

    @Test("a variant's observers hear of a deferred change of style")
    func variantObserversHearDeferredStyle() async {
        let (theme, _) = await onMain { Self.mainThreadTheme() }
        let variant = PaletteVariant(
            id: "ocean", light: Palette(background: "#FFFFFF", text: "#LIGHT"),
            dark: Palette(background: "#000000", text: "#DARK"))
        await onMain {
            theme.register([variant])
            theme.apply(variant: variant)
        }
        await drainMainQueue()
        let watch = Watch(theme)
        let atReturn = await onMain {
            theme.changeNotifyingLater { theme.systemStyleDidChange(to: .dark) }
            return watch.observed.count
        }
        #expect(atReturn == 0)
        await drainMainQueue()
        #expect(watch.observed.entries == ["#DARK"])
        #expect(watch.observation.count == 1)
        withExtendedLifetime(watch) {}
    }

    @Test("under synchronous delivery it is a batch: everything is delivered before it returns")
    func synchronousDeliversAtOnce() {
        let theme = makeTheme()
        let label = Label()
        theme.customize(label) { label, env in label.textColor = "\(env.style) \(env[Palette.self].text)" }
        let watch = Watch(theme)
        theme.changeNotifyingLater {
            theme.systemStyleDidChange(to: .dark)
            theme.apply(Palette(background: "#000000", text: "#444444"))
        }
        #expect(label.textColor == "dark #444444")
        #expect(watch.counts == [2, 1, 2, 1])
        withExtendedLifetime(watch) {}
    }
}
