import Dispatch
import Foundation
import Testing
import ThemeKit
import ThemeKitTestSupport

@Suite struct ConcurrencyStressTests {
    @Test("threads applying, binding, observing and releasing at once leave a consistent theme")
    func stress() {
        let theme = makeTheme()
        let sidebar = ThemeNode(parent: theme.root)
        let observed = Counter()
        let survivors = LabelBox()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var random = SeededRandom(seed: UInt64(worker + 1))
            var mine: [Label] = []
            var tokens: [ObserverToken] = []
            for step in 0..<400 {
                switch random.next() % 9 {
                case 0:
                    theme.apply(Palette(background: "#\(worker)", text: "#\(step)"))
                case 1:
                    theme.style = [ThemeStyle.light, .dark, .sepia][Int(random.next() % 3)]
                case 2, 3:
                    let label = Label()
                    let node = random.next() % 2 == 0 ? sidebar : theme.root
                    theme.bind(label, \.textColor, in: node) { env in "\(env.style.rawValue)|\(env[Palette.self].text)"
                    }
                    theme.bind(label, \.cornerRadius) { env in env[Metrics.self].cornerRadius }
                    mine.append(label)
                case 4:
                    if !mine.isEmpty { mine.remove(at: Int(random.next() % UInt64(mine.count))) }
                case 5:
                    tokens.append(theme.observe(Palette.self) { _ in observed.increment() })
                    if tokens.count > 5 { tokens.removeFirst() }
                case 6:
                    sidebar.overrideStyle = random.next() % 2 == 0 ? nil : .dark
                case 7:
                    // Binds inside a batch (straight into the table when this thread's
                    // batch holds the engine), with a queued refresh among them.
                    theme.batch {
                        for index in 0..<3 {
                            let label = Label()
                            let node = random.next() % 2 == 0 ? sidebar : theme.root
                            theme.bind(label, \.textColor, in: node) { env in
                                "\(env.style.rawValue)|\(env[Palette.self].text)"
                            }
                            if index == 1, let first = mine.first { theme.refresh(first) }
                            theme.bind(label, \.cornerRadius) { env in env[Metrics.self].cornerRadius }
                            mine.append(label)
                        }
                    }
                default:
                    theme.batch {
                        theme.apply(Metrics(cornerRadius: Double(step)))
                        theme.contrast = random.next() % 2 == 0 ? .standard : .increased
                    }
                }
            }
            survivors.add(mine)
        }
        // A final, known state from this thread: every surviving label must show it.
        theme.batch {
            theme.style = .dark
            theme.apply(Palette(background: "#000000", text: "#FINAL"))
            theme.apply(Metrics(cornerRadius: 42))
        }
        sidebar.overrideStyle = .sepia
        let labels = survivors.labels
        #expect(!labels.isEmpty)
        #expect(theme.checkInvariants() == [])
        #expect(theme.trackedObjectCount ?? 0 >= labels.count)
        for label in labels {
            #expect(label.textColor == "dark|#FINAL" || label.textColor == "sepia|#FINAL")
            #expect(label.cornerRadius == 42)
        }
        theme.pruneReleasedObjects()
        #expect(theme.trackedObjectCount == labels.count)
        #expect(observed.count > 0)
    }
}

extension ConcurrencyStressTests {
    @Test("threads cancelling observers and subscriptions while others deliver: no cancelled handler runs after")
    func cancellingWhileDelivering() {
        let theme = makeTheme()
        let registry = TokenRegistry()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var random = SeededRandom(seed: UInt64(worker + 11))
            for step in 0..<300 {
                switch random.next() % 6 {
                case 0, 1:
                    // A handler that, now and then, cancels another token from inside a delivery.
                    let index = registry.reserve()
                    let victim = Int(random.next() % 64)
                    let token = theme.observe(Metrics.self) { _ in
                        registry.called(index)
                        if index % 3 == 0 { registry.cancel(victim) }
                    }
                    registry.store(token, at: index)
                case 2:
                    let index = registry.reserve()
                    registry.store(theme.events.subscribe { _ in registry.called(index) }, at: index)
                case 3:
                    registry.cancel(Int(random.next() % UInt64(max(1, registry.count))))
                default:
                    theme.apply(Metrics(cornerRadius: Double(worker * 1_000 + step)))
                }
            }
        }
        // Every token cancelled so far stays silent through a change made after all cancels returned.
        let cancelled = registry.cancelledIndices
        registry.resetCalls()
        theme.apply(Metrics(cornerRadius: -1))
        for index in cancelled { #expect(registry.calls(index) == 0, "token \(index) ran after it was cancelled") }
        #expect(theme.checkInvariants() == [])
    }
}

/// Tokens by index, shared by the stress workers; each cancel is recorded after it returned.
// Sound: every stored property is only accessed under `lock`.
private final class TokenRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var tokens: [ObserverToken?] = []
    private var cancelled: Set<Int> = []
    private var callCounts: [Int: Int] = [:]

    var count: Int { lock.withLock { tokens.count } }
    var cancelledIndices: Set<Int> { lock.withLock { cancelled } }

    func reserve() -> Int {
        lock.withLock {
            tokens.append(nil)
            return tokens.count - 1
        }
    }

    func store(_ token: ObserverToken, at index: Int) {
        let late = lock.withLock { () -> Bool in
            if cancelled.contains(index) { return true }
            tokens[index] = token
            return false
        }
        if late { token.cancel() }
    }

    /// Cancels the token at `index` (outside the lock: cancelling runs the theme's code).
    func cancel(_ index: Int) {
        let token = lock.withLock { () -> ObserverToken? in
            guard index < tokens.count else { return nil }
            return tokens[index]
        }
        token?.cancel()
        lock.withLock { if index < tokens.count { cancelled.insert(index) } }
    }

    func called(_ index: Int) { lock.withLock { callCounts[index, default: 0] += 1 } }
    func calls(_ index: Int) -> Int { lock.withLock { callCounts[index] ?? 0 } }
    func resetCalls() { lock.withLock { callCounts = [:] } }
}

/// Collects labels from several threads.
// Sound: `storage` is only accessed under `lock`.
final class LabelBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Label] = []
    func add(_ labels: [Label]) {
        lock.lock()
        storage.append(contentsOf: labels)
        lock.unlock()
    }
    var labels: [Label] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
