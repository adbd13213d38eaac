import Dispatch
import Foundation
import Testing
@testable import ThemeKit

/// Records where callbacks ran.
// Sound: every field is only accessed under `lock`.
private final class DeliveryLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(label: String, onMain: Bool)] = []

    func record(_ label: String) {
        let onMain = isOnMain
        lock.withLock { entries.append((label, onMain)) }
    }

    var labels: [String] { lock.withLock { entries.map(\.label) } }
    var allOnMain: Bool { lock.withLock { entries.allSatisfy(\.onMain) } }
}

/// Runs `body` on a thread that is not the main thread and waits for it.
private func offMain(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Thread {
            precondition(!isOnMain)
            body()
            continuation.resume()
        }
        .start()
    }
}

/// Blocks the main queue until the returned semaphore is signalled, and returns once it is
/// blocked. The test waits by suspending, never by blocking a thread of the cooperative pool:
/// tests run in parallel on two such threads here, and one blocked on the main queue while
/// another test holds it would leave no thread to resume the holder.
private func holdMainQueue() async -> DispatchSemaphore {
    let held = DispatchSemaphore(value: 0)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async {
            continuation.resume()
            held.wait()
        }
    }
    return held
}

/// Runs `body` on the main queue and returns its result.
private func onMain<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
        DispatchQueue.main.async { continuation.resume(returning: body()) }
    }
}

/// Runs `body` on a new thread and waits for it, blocking the caller (the main queue, in these tests:
/// `body` must not need it).
private func onAnotherThreadBlocking(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }
    .start()
    done.wait()
}

/// Holds a node until a test lets it go.
// Sound: set once, then cleared on the main queue while nothing else reads it.
private final class NodeHolder: @unchecked Sendable {
    var node: ThemeNode?
    init(_ node: ThemeNode?) { self.node = node }
}

@Suite struct MainThreadDeliveryTests {
    @Test("a change made off the main thread is stored at once and delivered on the main thread, coalesced")
    func backgroundChangeIsDeliveredOnMain() async {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .mainThread)
        #expect(theme.delivery == .mainThread)
        let log = DeliveryLog()
        let label = Label()
        theme.bind(label, \.textColor) { env in
            log.record("provider \(env.style) \(env[Palette.self].text)")
            return env[Palette.self].text
        }
        let token = theme.observe(Palette.self) { palette in log.record("observer \(palette.text)") }
        let subscription = theme.events.subscribe { event in log.record("bus \(event)") }
        // This test's thread is not the main thread: the bind itself is delivered on the main queue.
        await drainMainQueue()
        #expect(log.labels == ["provider light #000000"])
        #expect(label.textColor == "#000000")
        let baseline = log.labels.count
        // Hold the main queue while the changes are made, so the one delivery they schedule
        // runs after all three, whatever the threads' timing.
        let held = await holdMainQueue()
        await offMain {
            theme.apply(Palette(background: "#000000", text: "#111111"))
            theme.style = .dark
            theme.apply(Palette(background: "#000000", text: "#222222"))
            // Stored at once: getters see the new values before any delivery.
            precondition(theme.value(Palette.self).text == "#222222")
            precondition(theme.style == .dark)
        }
        #expect(theme.value(Palette.self).text == "#222222")
        held.signal()
        await drainMainQueue()
        let delivered = Array(log.labels.dropFirst(baseline))
        // One delivery for all three changes: the provider ran once, with the final values.
        #expect(delivered.filter { $0.hasPrefix("provider") } == ["provider dark #222222"])
        #expect(delivered.filter { $0.hasPrefix("observer") } == ["observer #222222"])
        #expect(delivered.contains("bus style changed to dark"))
        #expect(label.textColor == "#222222")
        #expect(log.allOnMain)
        withExtendedLifetime((token, subscription)) {}
    }

    @Test("every callback of a background change runs on the main thread")
    func callbacksRunOnMain() async {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .mainThread)
        let log = DeliveryLog()
        let label = Label()
        // Bound off the main thread: the bind itself is delivered on the main thread too.
        await offMain {
            theme.bind(label, \.textColor) { env in
                log.record("provider")
                return env[Palette.self].text
            }
            theme.customize(label) { _, _ in log.record("customize") }
        }
        await drainMainQueue()
        #expect(log.labels == ["provider", "customize"])
        let token = theme.observe(Palette.self) { _ in log.record("observer") }
        let subscription = theme.events.subscribe { _ in log.record("bus") }
        let observer = NotificationCenter.default.addObserver(
            forName: .themeDidChange, object: theme, queue: nil
        ) { _ in log.record("notification") }
        await offMain { theme.apply(Palette(background: "#010101", text: "#020202")) }
        await drainMainQueue()
        // The customize closure read nothing, so only the provider re-runs.
        #expect(log.labels == ["provider", "customize", "provider", "observer", "bus", "notification"])
        #expect(log.allOnMain)
        #expect(label.textColor == "#020202")
        NotificationCenter.default.removeObserver(observer)
        withExtendedLifetime((token, subscription)) {}
    }

    @Test("under synchronous delivery a background change is delivered on the changing thread")
    func synchronousDeliveryStaysOnTheThread() async {
        let theme = makeTheme()
        #expect(theme.delivery == .synchronous)
        let log = DeliveryLog()
        let label = Label()
        await offMain {
            theme.bind(label, \.textColor) { env in
                log.record("provider")
                return env[Palette.self].text
            }
            theme.apply(Palette(background: "#010101", text: "#030303"))
            // Delivered before `apply` returned.
            precondition(label.textColor == "#030303")
        }
        #expect(log.labels == ["provider", "provider"])
        #expect(!log.allOnMain)
    }

    @Test("a theme made with the defaults delivers a background change to a bound object on the main thread")
    func defaultThemeDeliversOnMain() async {
        // The UIKit and SwiftUI adapters may only touch their objects on the main thread; a pack
        // applied from a loader queue must not run providers there (issue #29, item 1).
        let theme = Theme(storage: InMemoryThemeStorage())
        #expect(theme.delivery == .mainThread)
        #expect(Theme(suiteName: "themekit-default-delivery-\(UUID().uuidString)").delivery == .mainThread)
        let log = DeliveryLog()
        let label = Label()
        await offMain {
            theme.bind(label, \.textColor) { env in
                log.record("provider \(env[Palette.self].text)")
                return env[Palette.self].text
            }
        }
        await drainMainQueue()
        let held = await holdMainQueue()
        await offMain {
            theme.apply(Palette(background: "#000000", text: "#101010"))
            theme.apply(Palette(background: "#000000", text: "#202020"))
            // Not delivered on this thread: the main queue is held.
            precondition(label.textColor == "#000000")
        }
        held.signal()
        await drainMainQueue()
        // One coalesced delivery with the final value, on the main queue.
        #expect(log.labels == ["provider #000000", "provider #202020"])
        #expect(label.textColor == "#202020")
        #expect(log.allOnMain)
    }

    @Test("a node released on the main thread is delivered before the release returns, with the work that waited")
    func nodeReleaseOnMainDeliversAtOnce() async {
        // Why SwiftUI's `.themeOverride` lets its nodes go on the main queue (`ThemeNodeHolder`): a release
        // is a change, and one made inside a view update would run providers there.
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .mainThread)
        let holder = NodeHolder(ThemeNode(parent: theme.root, overrideStyle: .dark))
        let label = Label()
        let other = Label()
        await offMain {
            theme.bind(label, \.textColor, in: holder.node) { env in "\(env.style)" }
            theme.bind(other, \.background) { env in env[Palette.self].background }
        }
        await drainMainQueue()
        #expect(label.textColor == "dark")
        let seen = await onMain { () -> [String] in
            onAnotherThreadBlocking { theme.apply(Palette(background: "#0A0A0A", text: "#0B0B0B")) }
            holder.node = nil
            return [label.textColor, other.background]
        }
        #expect(seen == ["light", "#0A0A0A"])
        #expect(theme.checkInvariants() == [])
    }

    @Test("a system style change made on the main thread is delivered, and its event posted, before it returns")
    func mainThreadChangeDeliversAtOnce() async {
        // Why `View.theme(_:)`'s state subscribes to the bus only after its first report: that report is
        // made during the installer's `body`, and its event would otherwise invalidate it from within.
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .mainThread)
        let label = Label()
        await offMain { theme.bind(label, \.textColor) { env in "\(env.style)" } }
        await drainMainQueue()
        let log = DeliveryLog()
        let subscription = theme.events.subscribe { event in log.record("\(event)") }
        let seen = await onMain { () -> [String] in
            theme.systemStyleDidChange(to: .dark)
            return [label.textColor] + log.labels
        }
        #expect(seen == ["dark", "style changed to dark"])
        withExtendedLifetime(subscription) {}
    }

    @Test("binding an object's key path again at another node moves it in one bind, delivering nothing else")
    func rebindAtAnotherNodeOnMain() async {
        // What `@ThemeValue`'s box does when its view's override scope changes (no unbind first: that
        // would be a change of its own, delivered with whatever else is pending, inside a view update).
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .mainThread)
        let dark = ThemeNode(parent: theme.root, overrideStyle: .dark)
        let label = Label()
        let other = Label()
        await offMain {
            theme.bind(label, \.textColor) { env in "root \(env.style)" }
            theme.bind(other, \.background) { env in env[Palette.self].background }
        }
        await drainMainQueue()
        #expect(label.textColor == "root light")
        let seen = await onMain { () -> [String] in
            onAnotherThreadBlocking { theme.apply(Palette(background: "#0C0C0C", text: "#0D0D0D")) }
            theme.bind(label, \.textColor, in: dark) { env in "node \(env.style)" }
            return [label.textColor, other.background]
        }
        // The new binding ran at once, at its node; the pending palette waits for its own delivery.
        #expect(seen == ["node dark", Palette.fallback.background])
        await drainMainQueue()
        #expect(other.background == "#0C0C0C")
        #expect(theme.bindingCount == 2)
        theme.apply(Palette(background: "#0E0E0E", text: "#0F0F0F"))
        await drainMainQueue()
        #expect(label.textColor == "node dark")
        withExtendedLifetime(dark) {}
    }

    @Test("a call that changes nothing delivers none of the waiting work on the main thread; a change delivers it all")
    func noOpCallOnMainDeliversNothing() async {
        // What a second window's `.theme(_:)` does in its `body`: report the same system style, register
        // the same variants. Nothing changes, so nothing may run inside that update.
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .mainThread)
        let brand = PaletteVariant(
            id: "brand", light: Palette(background: "#FFFFFF", text: "#101010"),
            dark: Palette(background: "#000000", text: "#EFEFEF"))
        let label = Label()
        await offMain { theme.bind(label, \.background) { env in env[Palette.self].background } }
        await drainMainQueue()
        let seen = await onMain { () -> [String] in
            theme.register([brand])
            theme.systemStyleDidChange(to: .light)
            onAnotherThreadBlocking { theme.apply(Palette(background: "#0A0A0A", text: "#0B0B0B")) }
            var seen = [label.background]
            // Each of these changes nothing: the palette waits for its own main-queue delivery.
            theme.systemStyleDidChange(to: .light)
            theme.systemContrastDidChange(to: .standard)
            theme.register([brand])
            theme.followsSystem = true
            theme.clearVariant(for: Palette.self)
            _ = theme.bindingCount
            seen.append(label.background)
            // A change delivers at once, and the waiting palette with it.
            theme.systemStyleDidChange(to: .dark)
            seen.append(label.background)
            return seen
        }
        #expect(seen == [Palette.fallback.background, Palette.fallback.background, "#0A0A0A"])
        await drainMainQueue()
        #expect(label.background == "#0A0A0A")
        #expect(theme.style == .dark)
    }

    @Test(
        "a node made off the main thread is queued for the main queue, never applied there, so it never holds the engine"
    )
    func nodeMadeOffMainIsQueued() async {
        // Had it taken the engine to apply the node, a change the main thread made in that moment would
        // have been left for a later main-queue turn (the review's repro: 3,265 of 20,000 changes late).
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .mainThread)
        let label = Label()
        await onMain { theme.bind(label, \.textColor) { env in env.style.rawValue } }
        let holder = NodeHolder(nil)
        let queued = Counter()
        await offMain {
            // This thread holds the main queue, so nothing is delivered while the node is made and looked
            // at. It holds it without awaiting anything: a test that held it across a suspension would
            // need a thread of the cooperative pool to resume, and other tests block those on the main queue.
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            DispatchQueue.main.async {
                entered.signal()
                release.wait()
            }
            entered.wait()
            holder.node = ThemeNode(parent: theme.root)
            let core = theme._core
            if core.lock.withLock({ !core.model.pending.operations.isEmpty && !core.model.claim.isHeld }) {
                queued.increment()
            }
            release.signal()
        }
        #expect(queued.count == 1)
        // The main queue delivers it; a bind at the node then runs there.
        await drainMainQueue()
        let node = holder.node
        let moved = Label()
        await onMain {
            if let node { theme.bind(moved, \.textColor, in: node) { env in env.style.rawValue } }
            theme.style = .dark
        }
        #expect(moved.textColor == "dark")
        #expect(label.textColor == "dark")
        #expect(await onMain { theme.checkInvariants() } == [])
    }

    @Test("an adapter's setup check passes a main-thread theme and names the call and the fix otherwise")
    func adapterSetupCheck() {
        let theme = Theme(storage: InMemoryThemeStorage())
        #expect(theme.mainThreadDeliveryProblem(in: "Theme.themed(_:in:)") == nil)
        let synchronous = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let problem = synchronous.mainThreadDeliveryProblem(in: "Theme.themed(_:in:)") ?? ""
        #expect(problem.contains("Theme.themed(_:in:)"))
        #expect(problem.contains("delivery: .synchronous"))
        #expect(problem.contains("delivery: .mainThread"))
    }
}
