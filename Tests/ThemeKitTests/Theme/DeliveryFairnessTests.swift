import Dispatch
import Foundation
import Testing

@testable import ThemeKit

/// Work other threads keep queuing while one thread delivers is all delivered, callbacks
/// included: only passes the deliverer's own callbacks re-trigger count as a refresh loop.
/// Under synchronous delivery the delivering thread delivers it all before it returns; under
/// main-thread delivery a main-queue delivery runs its share (`DeliveryLimits.standard.passesBeforeHandOff`)
/// and leaves the rest to the next, so the main queue runs other work in between.
@Suite struct DeliveryFairnessTests {
    /// Labels bound one after another by a thread that binds the next one each time a
    /// provider runs, so that each of the delivering thread's passes finds one more bind
    /// queued by another thread: the flood, made deterministic.
    @Test(
        "binds another thread queues pass after pass all run their providers before the delivering thread returns",
        arguments: [false, true])
    func floodFromAnotherThread(providersBindChildren: Bool) {
        // With `providersBindChildren`, every provider run also binds a child label: work the
        // delivering thread's own callbacks queue in every pass, beside the binder's, which must
        // not be taken for a refresh loop either.
        let count = 400
        let theme = makeTheme()
        theme.apply(Palette(background: "#000000", text: "#THEMED"))
        let stopped = Counter()
        let subscription = theme.events.subscribe { event in
            if case .refreshLoopStopped = event { stopped.increment() }
        }
        let deliverer = ThreadMark()
        deliverer.markCurrent()
        let chain = BindChain(theme: theme, labels: (0..<count).map { _ in Label() }) { deliverer.isCurrent }
        let children = LabelList((0..<count).map { _ in Label() })
        if providersBindChildren {
            chain.onRun = { run in
                theme.bind(children.labels[run], \.textColor) { env in env[Palette.self].text }
            }
        }

        let binder = Thread { chain.bindTheRest() }
        binder.start()
        // This thread binds the first label and delivers what the binder queues meanwhile: one
        // bind a pass, 399 passes, none of them a chain of this thread's callbacks alone.
        chain.bindFirst()

        #expect(chain.waitUntilBinderFinishes(), "the chain of providers broke: a queued bind never ran its provider")
        // Synchronous delivery: this thread delivered it all, so when its call returned nothing
        // was left.
        #expect(chain.providersOnDeliveringThread == count)
        #expect(chain.allProvidersRan)
        #expect(chain.labels.filter { $0.textColor != "#THEMED" }.count == 0)
        #expect(stopped.count == 0, "every pass had the binder's work: this is not a refresh loop")
        if providersBindChildren {
            #expect(children.labels.filter { $0.textColor != "#THEMED" }.count == 0)
        }
        #expect(theme.bindingCount == (providersBindChildren ? 2 * count : count))
        #expect(theme.checkInvariants() == [])
        subscription.cancel()
    }

    @Test("under main-thread delivery, the main queue runs other work between shares of a flood from another thread")
    func floodUnderMainThreadDelivery() async {
        let count = 400
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .mainThread)
        theme.apply(Palette(background: "#000000", text: "#THEMED"))
        await drainMainQueue()
        // Main-thread delivery delivers on the main queue, so that is where the chain's passes wait.
        let chain = BindChain(theme: theme, labels: (0..<count).map { _ in Label() }) { isOnMain }
        let marker = Counter()
        // A block the binder queues on the main queue halfway through: it runs once the
        // delivery gives the main queue back, not after the whole flood.
        // (Unowned: the chain keeps the closure, and outlives the block.)
        chain.whenHalfBound = { [unowned chain] in
            DispatchQueue.main.async { marker.increment("\(chain.providerRuns)") }
        }
        Thread { chain.bindTheRest() }.start()
        DispatchQueue.main.async { chain.bindFirst() }

        let finished = await offMain { chain.waitUntilBinderFinishes() }
        #expect(finished, "the chain of providers broke: a queued bind never ran its provider")
        await drainMainQueue()
        await drainMainQueue()
        #expect(chain.allProvidersRan)
        let runsBeforeMarker = marker.entries.first.flatMap { Int($0) } ?? .max
        #expect(runsBeforeMarker < count / 2 + DeliveryLimits.standard.passesBeforeHandOff + 2)
        #expect(chain.labels.filter { $0.textColor != "#THEMED" }.count == 0)
        #expect(theme.checkInvariants() == [])
    }

    @Test("changes another thread makes pass after pass are all delivered to the bindings")
    func changesFromAnotherThread() {
        let theme = makeTheme()
        let label = Label()
        let changes = 300
        let next = DispatchSemaphore(value: 0)
        let applied = DispatchSemaphore(value: 0)
        let deliverer = ThreadMark()
        let active = Flag()
        let runsOnDeliverer = Counter()
        let seen = Counter()
        theme.bind(label, \.textColor) { env in
            let text = env[Palette.self].text
            if active.isSet {
                seen.increment(text)
                if deliverer.isCurrent { runsOnDeliverer.increment() }
                // The writer makes the next change, and this pass waits until it is queued behind it.
                if text != "#\(changes)" {
                    next.signal()
                    _ = applied.wait(timeout: .now() + 10)
                }
            }
            return text
        }
        let writer = Thread {
            for index in 1...changes {
                guard next.wait(timeout: .now() + 10) == .success else { return }
                theme.apply(Palette(background: "#000000", text: "#\(index)"))
                applied.signal()
            }
        }
        writer.start()
        deliverer.markCurrent()
        active.set()
        // Starts the chain: the first change, delivered here, and every later one with it.
        theme.apply(Palette(background: "#000000", text: "#0"))
        // Every change reached the binding, in order, on this thread; the last one is what it shows.
        #expect(runsOnDeliverer.count == changes + 1)
        #expect(seen.entries == (0...changes).map { "#\($0)" })
        #expect(label.textColor == "#\(changes)")
        #expect(theme.checkInvariants() == [])
    }

    @Test("a refresh loop is still stopped while other threads queue work, and the delivering thread returns")
    func loopAmongOthersWork() {
        let theme = makeTheme()
        let stopped = Counter()
        let subscription = theme.events.subscribe { event in
            if case .refreshLoopStopped = event { stopped.increment() }
        }
        let others = (0..<2_000).map { _ in Label() }
        let list = LabelList(others)
        // Weakly: the theme keeps the observer, which would otherwise keep the theme alive.
        let loop = theme.observe(Metrics.self) { [weak theme] metrics in
            theme?.apply(Metrics(cornerRadius: metrics.cornerRadius + 1))
        }
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            started.signal()
            for label in list.labels { theme.bind(label, \.textColor) { env in env[Palette.self].text } }
            finished.signal()
        }
        .start()
        started.wait()
        // Delivered here, or by the binder if its bind held the engine at that moment; either
        // way the loop is stopped before that call returns, and other threads' work after it.
        theme.apply(Metrics(cornerRadius: 1))
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(theme.bindingCount == others.count)
        #expect(stopped.count == 1)
        #expect(theme.value(Metrics.self).cornerRadius >= 100)
        loop.cancel()
        subscription.cancel()
    }
}

/// The chain of `floodFromAnotherThread`: each provider run on the delivering thread lets the
/// binder bind the next label and waits until that bind is queued, so every pass of the
/// delivery finds exactly one bind another thread queued.
// Sound: `labels` is immutable; the semaphores and counters are thread-safe; the labels
// are written only by the theme's delivering thread.
private final class BindChain: @unchecked Sendable {
    let theme: Theme
    let labels: [Label]
    /// Whether the caller is where the theme delivers (the thread that binds the first label).
    private let isDeliverer: @Sendable () -> Bool
    /// Called by the binder once it has bound half the labels.
    var whenHalfBound: (@Sendable () -> Void)?
    /// Called by each provider run on the delivering thread with its number (from 0).
    var onRun: (@Sendable (Int) -> Void)?
    private let next = DispatchSemaphore(value: 0)
    private let queued = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let onDeliverer = Counter()
    private let runs = Counter()
    private let broken = Counter()

    init(theme: Theme, labels: [Label], isDeliverer: @escaping @Sendable () -> Bool) {
        self.theme = theme
        self.labels = labels
        self.isDeliverer = isDeliverer
    }

    var providersOnDeliveringThread: Int { onDeliverer.count }
    var providerRuns: Int { runs.count }
    var allProvidersRan: Bool { runs.count >= labels.count }

    private func provider(_ env: ThemeContext) -> String {
        runs.increment()
        next.signal()
        if isDeliverer() {
            onRun?(onDeliverer.count)
            onDeliverer.increment()
            // Hold the pass until the binder's next bind is queued behind it (the last label's
            // provider has none to wait for).
            if runs.count < labels.count { _ = queued.wait(timeout: .now() + 10) }
        }
        return env[Palette.self].text
    }

    /// Binds the first label, on the delivering thread: its provider starts the chain.
    func bindFirst() {
        theme.bind(labels[0], \.textColor) { [unowned self] env in provider(env) }
    }

    /// Binds the other labels, each once the previous label's provider ran.
    func bindTheRest() {
        for (index, label) in labels.enumerated().dropFirst() {
            if next.wait(timeout: .now() + 10) == .timedOut { broken.increment() }
            theme.bind(label, \.textColor) { [unowned self] env in provider(env) }
            queued.signal()
            if index == labels.count / 2 { whenHalfBound?() }
        }
        // The last label's provider.
        if next.wait(timeout: .now() + 10) == .timedOut { broken.increment() }
        finished.signal()
    }

    /// Whether the binder got through every label without waiting in vain for a provider.
    func waitUntilBinderFinishes() -> Bool {
        finished.wait(timeout: .now() + 120) == .success && broken.count == 0
    }
}

/// Runs `body` on a thread of its own (it may block) and returns its result.
private func offMain<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// Remembers one thread, to tell whether code runs on it.
// Sound: `thread` is only accessed under `lock`.
private final class ThreadMark: @unchecked Sendable {
    private let lock = NSLock()
    private var thread: pthread_t?

    func markCurrent() { lock.withLock { thread = pthread_self() } }
    var isCurrent: Bool {
        lock.withLock { thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }
}
