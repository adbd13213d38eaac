import Dispatch
import Foundation
import Testing
import ThemeKit

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
