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
