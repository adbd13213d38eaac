import Foundation
import Testing
import ThemeKit

@Suite struct BatchTests {
    @Test("inside a batch each binding runs at most once and observers see the final value once")
    func batchCoalesces() {
        let theme = makeTheme()
        let label = Label()
        let runs = Counter()
        theme.bind(label, \.textColor) { env in
            runs.increment()
            return "\(env.style.rawValue) \(env[Palette.self].text) \(env[Metrics.self].cornerRadius)"
        }
        let seen = Counter()
        let token = theme.observe(Palette.self) { palette in seen.increment(palette.text) }
        let events = Counter()
        let subscription = theme.events.subscribe { events.increment($0.description) }
        theme.batch {
            theme.style = .dark
            theme.apply(Palette(background: "#000000", text: "#111111"))
            theme.apply(Palette(background: "#000000", text: "#222222"))
            theme.apply(Metrics(cornerRadius: 4))
            theme.style = .sepia
            #expect(runs.count == 1, "nothing runs before the batch ends")
        }
        #expect(runs.count == 2)
        #expect(label.textColor == "sepia #222222 4.0")
        #expect(seen.entries == ["#222222"])
        #expect(events.entries.filter { $0.hasPrefix("style") } == ["style changed to sepia"])
        _ = (token, subscription)
    }

    @Test("nested batches deliver once, when the outermost ends; a throwing batch still delivers")
    func nestedAndThrowing() {
        struct Failure: Error {}
        let theme = makeTheme()
        let label = Label()
        let runs = Counter()
        theme.bind(label, \.cornerRadius) { env in
            runs.increment()
            return env[Metrics.self].cornerRadius
        }
        theme.batch {
            theme.apply(Metrics(cornerRadius: 1))
            theme.batch { theme.apply(Metrics(cornerRadius: 2)) }
            #expect(runs.count == 1)
        }
        #expect(runs.count == 2)
        #expect(throws: Failure.self) {
            try theme.batch {
                theme.apply(Metrics(cornerRadius: 3))
                throw Failure()
            }
        }
        #expect(label.cornerRadius == 3)
    }

    @Test("a change undone within a batch runs nothing")
    func undoneChangeRunsNothing() {
        let theme = makeTheme()
        theme.style = .light
        let label = Label()
        let runs = Counter()
        theme.bind(label, \.textColor) { env in
            runs.increment()
            return env.style.rawValue
        }
        theme.batch {
            theme.style = .dark
            theme.style = .light
        }
        #expect(runs.count == 1)
    }
}

@Suite struct BatchedBindingTests {
    @Test("a binding made in a batch runs once, when the batch ends, with its final values")
    func runsAtTheEnd() {
        let theme = makeTheme()
        let label = Label()
        let runs = Counter()
        theme.batch {
            theme.bind(label, \.textColor) { env in
                runs.increment()
                return "\(env.style.rawValue) \(env[Palette.self].text)"
            }
            theme.style = .dark
            theme.apply(Palette(background: "#000000", text: "#ABCDEF"))
            #expect(runs.count == 0)
            #expect(label.textColor == "")
        }
        #expect(runs.count == 1)
        #expect(label.textColor == "dark #ABCDEF")
        theme.apply(Palette(background: "#000000", text: "#123456"))
        #expect(runs.count == 2, "the binding is tracked like any other")
        #expect(label.textColor == "dark #123456")
        #expect(theme.bindingCount == 1)
        #expect(theme.checkInvariants() == [])
    }

    @Test("bindings, unbinds and refreshes in a batch take effect in call order")
    func callOrder() {
        let theme = makeTheme()
        let kept = Label()
        let dropped = Label()
        let rebound = Label()
        let droppedRuns = Counter()
        theme.bind(rebound, \.textColor) { _ in "old" }
        theme.batch {
            // Bound, then unbound: it never runs.
            theme.bind(dropped, \.textColor) { _ in
                droppedRuns.increment()
                return "dropped"
            }
            theme.unbind(dropped, \.textColor)
            // Unbound, then bound again (behind the queued unbind): the new provider stays.
            theme.unbind(rebound, \.textColor)
            theme.bind(rebound, \.textColor) { env in "new \(env[Palette.self].text)" }
            theme.bind(kept, \.textColor) { env in "kept \(env[Palette.self].text)" }
        }
        #expect(droppedRuns.count == 0)
        #expect(dropped.textColor == "")
        #expect(rebound.textColor == "new #000000")
        #expect(kept.textColor == "kept #000000")
        #expect(theme.bindingCount == 2)
        theme.apply(Palette(background: "#000000", text: "#FFFFFF"))
        #expect(rebound.textColor == "new #FFFFFF")
        #expect(dropped.textColor == "")
        #expect(theme.checkInvariants() == [])
    }

    @Test("an object bound into a node in a batch shows the node's appearance")
    func movesIntoNode() {
        let theme = makeTheme()
        theme.style = .light
        let sidebar = ThemeNode(parent: theme.root)
        sidebar.overrideStyle = .dark
        let moved = Label()
        let fresh = Label()
        theme.bind(moved, \.background) { env in env.style.rawValue }
        #expect(moved.background == "light")
        theme.batch {
            // `moved` changes node: its other binding re-runs for the new appearance.
            theme.bind(moved, \.textColor, in: sidebar) { env in "text \(env.style.rawValue)" }
            theme.bind(fresh, \.textColor, in: sidebar) { env in "text \(env.style.rawValue)" }
        }
        #expect(moved.textColor == "text dark")
        #expect(moved.background == "dark")
        #expect(fresh.textColor == "text dark")
        sidebar.overrideStyle = .sepia
        #expect(moved.background == "sepia")
        #expect(fresh.textColor == "text sepia")
        #expect(theme.checkInvariants() == [])
    }

    @Test("an object released before its batch ends never runs and leaves nothing tracked")
    func releasedBeforeTheEnd() {
        let theme = makeTheme()
        let runs = Counter()
        let survivor = Label()
        theme.batch {
            do {
                let transient = Label()
                theme.bind(transient, \.textColor) { _ in
                    runs.increment()
                    return "transient"
                }
            }
            theme.bind(survivor, \.textColor) { env in env[Palette.self].text }
        }
        #expect(runs.count == 0)
        #expect(survivor.textColor == "#000000")
        theme.pruneReleasedObjects()
        #expect(theme.trackedObjectCount == 1)
        #expect(theme.bindingCount == 1)
        #expect(theme.checkInvariants() == [])
    }

    @Test("inside a batch its bindings are counted, from its own thread and from another one")
    func countsInsideTheBatch() {
        let theme = makeTheme()
        let labels = (0..<5).map { _ in Label() }
        theme.batch {
            for label in labels { theme.bind(label, \.textColor) { env in env[Palette.self].text } }
            #expect(theme.bindingCount == 5)
            #expect(theme.trackedObjectCount == 5)
            let counted = DispatchSemaphore(value: 0)
            let fromOtherThread = Box<Int?>(-1)
            Thread {
                fromOtherThread.value = theme.bindingCount
                counted.signal()
            }
            .start()
            counted.wait()
            #expect(fromOtherThread.value == 5)
            #expect(labels.allSatisfy { $0.textColor == "" })
        }
        #expect(labels.allSatisfy { $0.textColor == "#000000" })
        #expect(theme.bindingCount == 5)
    }

    @Test("an unbind queued by another thread before this thread's bind keeps that order")
    func otherThreadsQueuedWorkKeepsOrder() {
        let theme = makeTheme()
        let label = Label()
        theme.bind(label, \.textColor) { _ in "old" }
        theme.batch {
            // The other thread's unbind happens before this thread's bind (it waits for it).
            let unbound = DispatchSemaphore(value: 0)
            Thread {
                theme.unbind(label, \.textColor)
                unbound.signal()
            }
            .start()
            unbound.wait()
            theme.bind(label, \.textColor) { env in "new \(env.style.rawValue)" }
        }
        #expect(label.textColor == "new light")
        #expect(theme.bindingCount == 1)
        #expect(theme.checkInvariants() == [])
    }

    @Test("nested batches and a batch that outlives the claiming one: everything runs once, at the very end")
    func nestedAndOverlappingBatches() {
        let theme = makeTheme()
        let first = Label()
        let second = Label()
        let third = Label()
        let runs = Counter()
        let opened = DispatchSemaphore(value: 0)
        let outerEnded = DispatchSemaphore(value: 0)
        let otherDone = DispatchSemaphore(value: 0)
        let other = Thread {
            theme.batch {
                opened.signal()
                outerEnded.wait()
                // This thread's batch is still open after the first thread's ended.
                theme.bind(third, \.textColor) { env in
                    runs.increment()
                    return "third \(env.style.rawValue)"
                }
            }
            otherDone.signal()
        }
        theme.batch {
            theme.batch {
                theme.bind(first, \.textColor) { env in
                    runs.increment()
                    return "first \(env.style.rawValue)"
                }
            }
            // Still inside the outer batch: binds wait for it.
            theme.bind(second, \.textColor) { env in
                runs.increment()
                return "second \(env.style.rawValue)"
            }
            other.start()
            opened.wait()
            theme.style = .dark
        }
        // The other thread's batch is still open: nothing has run.
        #expect(runs.count == 0)
        #expect(first.textColor == "")
        outerEnded.signal()
        otherDone.wait()
        #expect(runs.count == 3)
        #expect([first.textColor, second.textColor, third.textColor] == ["first dark", "second dark", "third dark"])
        #expect(theme.checkInvariants() == [])
    }

    @Test("a binding made in a batch from another thread runs when the batch ends")
    func otherThread() {
        let theme = makeTheme()
        let label = Label()
        let entered = DispatchSemaphore(value: 0)
        let bound = DispatchSemaphore(value: 0)
        let thread = Thread {
            entered.wait()
            theme.bind(label, \.textColor) { env in env.style.rawValue }
            bound.signal()
        }
        thread.start()
        theme.batch {
            theme.style = .sepia
            entered.signal()
            bound.wait()
            #expect(label.textColor == "", "the other thread's binding waits for the batch")
        }
        #expect(label.textColor == "sepia")
        #expect(theme.checkInvariants() == [])
    }
}

/// A value another thread writes and the test reads after a semaphore.
// Sound: written before a semaphore signal, read after the wait.
private final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
