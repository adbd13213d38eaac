import Dispatch
import Foundation
import Testing
import ThemeKit
import ThemeKitTestSupport

/// Binds, observes and subscribes on thousands of objects, releases them, and proves
/// with weak references that every object, provider closure, token and node is freed.
///
/// Providers, `customize` closures, observers and subscribers each capture a
/// ``Canary``: the canary is freed exactly when the runtime lets go of the closure.
@Suite struct LeakTests {
    static let count = 5_000

    /// Prints what a test checked, for the reliability report.
    static func report(_ test: String, _ tracker: LifetimeTracker) {
        print("Leaks \(test): \(tracker.trackedCount) objects checked, \(tracker.survivorCount) survived")
    }

    /// Binds two key paths and a `customize` closure on `label`, each capturing its own canary.
    static func bindAll(_ label: Label, in node: ThemeNode?, theme: Theme, tracker: LifetimeTracker) {
        let text = tracker.track(Canary(), "text provider")
        let radius = tracker.track(Canary(), "radius provider")
        let customize = tracker.track(Canary(), "customize closure")
        theme.bind(label, \.textColor, in: node) { [text] env in
            text.touch()
            return "\(env.style.rawValue)|\(env[Palette.self].text)"
        }
        theme.bind(label, \.cornerRadius) { [radius] env in
            radius.touch()
            return env[Metrics.self].cornerRadius
        }
        theme.customize(label) { [customize] label, env in
            customize.touch()
            label.customized += env.contrast == .increased ? 2 : 1
        }
    }

    @Test("5,000 bound objects and their providers and customize closures are freed once released and pruned")
    func boundObjectsAndProviders() {
        let tracker = LifetimeTracker()
        let theme = makeTheme()
        let nodes = (0..<50).map { _ in ThemeNode(parent: theme.root) }
        do {
            var labels: [Label] = []
            for index in 0..<Self.count {
                let label = tracker.track(Label())
                Self.bindAll(
                    label, in: index % 3 == 0 ? nil : nodes[index % nodes.count], theme: theme, tracker: tracker)
                labels.append(label)
            }
            theme.style = .dark
            theme.apply(Palette(background: "#000000", text: "#EEEEEE"))
            nodes[7].overrideStyle = .sepia
            // The nodes must outlive the checks: an optimised build may end the array's
            // lifetime at its last use, and a released node hands its objects to the root.
            withExtendedLifetime(nodes) { #expect(labels[7].textColor == "sepia|#EEEEEE") }
            #expect(labels[0].textColor == "dark|#EEEEEE")
            #expect(theme.trackedObjectCount == Self.count)
            #expect(theme.bindingCount == 3 * Self.count)
        }
        #expect(tracker.survivors["Label"] == nil, "the runtime retains no tracked object")
        theme.pruneReleasedObjects()
        #expect(tracker.survivors == [:])
        #expect(theme.trackedObjectCount == 0)
        #expect(theme.bindingCount == 0)
        #expect(theme.checkInvariants() == [])
        Self.report("bound objects", tracker)
    }

    @Test("a released object's providers are freed by the next pass that meets them, without an explicit prune")
    func passesPruneWhatTheyMeet() {
        let tracker = LifetimeTracker()
        let theme = makeTheme()
        do {
            // Kept alive until all are bound: a new object at a released one's address
            // would replace (and so free) the released one's bindings.
            var labels: [Label] = []
            for index in 0..<2_000 {
                let label = tracker.track(Label())
                labels.append(label)
                let canary = tracker.track(Canary())
                if index % 2 == 0 {
                    theme.bind(label, \.textColor) { [canary] env in
                        canary.touch()
                        return env.style.rawValue
                    }
                } else {
                    theme.bind(label, \.cornerRadius) { [canary] env in
                        canary.touch()
                        return env[Metrics.self].cornerRadius
                    }
                }
            }
            #expect(theme.trackedObjectCount == labels.count)
        }
        #expect(tracker.survivors["Canary"] == 2_000, "providers stay until something meets their released objects")
        theme.style = .dark
        #expect(tracker.survivors["Canary"] == 1_000, "the style switch pruned the objects that read the style")
        theme.apply(Metrics(cornerRadius: 3))
        #expect(tracker.survivors == [:], "applying Metrics pruned the objects that read it")
        #expect(theme.trackedObjectCount == 0)
        Self.report("pass pruning", tracker)
    }

    @Test("binding new objects sweeps released ones that no pass has met, however many were bound before")
    func bindingSweeps() {
        let tracker = LifetimeTracker()
        let theme = makeTheme()
        do {
            let labels = (0..<2_000).map { _ in tracker.track(Label()) }
            for label in labels {
                let canary = tracker.track(Canary())
                theme.bind(label, \.cornerRadius) { [canary] env in
                    canary.touch()
                    return env[Typography.self].bodySize
                }
            }
        }
        #expect(tracker.survivors["Canary"] == 2_000)
        // Unbound objects take the released objects' addresses, so that no new object reuses
        // one (which frees the old slot by another path): only the sweep can free them now.
        let fillers = (0..<4_000).map { _ in Label() }
        // The sweep that runs as new objects are bound: five times as many as were released.
        let keep = (0..<10_000).map { _ in Label() }
        for label in keep { theme.bind(label, \.textColor) { env in env.style.rawValue } }
        #expect(tracker.survivors == [:], "the providers of released objects are still held")
        #expect(theme.trackedObjectCount == keep.count)
        #expect(fillers.count == 4_000)
        Self.report("sweep on bind", tracker)
    }

    @Test("5,000 observer tokens free their handlers when released or cancelled, and stop observing")
    func observerTokens() {
        let tracker = LifetimeTracker()
        let theme = makeTheme()
        do {
            var tokens: [ObserverToken] = []
            for index in 0..<Self.count {
                let canary = tracker.track(Canary())
                let token = tracker.track(
                    index % 2 == 0
                        ? theme.observe(Palette.self) { [canary] _ in canary.touch() }
                        : theme.observe(Metrics.self) { [canary] _ in canary.touch() })
                tokens.append(token)
            }
            theme.apply(Palette(background: "#101010", text: "#FAFAFA"))
            theme.apply(Metrics(cornerRadius: 12))
            for token in tokens.prefix(Self.count / 2) { token.cancel() }
            #expect(tracker.survivors["Canary"] == Self.count / 2, "cancelling frees the handler at once")
        }
        #expect(tracker.survivors == [:])
        theme.apply(Palette(background: "#000000", text: "#FFFFFF"))
        #expect(theme.checkInvariants() == [])
        Self.report("observer tokens", tracker)
    }

    @Test("5,000 subscriptions and 500 streams free their handlers when released, cancelled or ended")
    func subscriptionsAndStreams() async {
        let tracker = LifetimeTracker()
        let theme = makeTheme()
        do {
            var subscriptions: [ThemeSubscription] = []
            for _ in 0..<Self.count {
                let canary = tracker.track(Canary())
                subscriptions.append(tracker.track(theme.events.subscribe { [canary] _ in canary.touch() }))
            }
            theme.style = .dark
            #expect(theme.events.subscriberCount == Self.count)
        }
        #expect(theme.events.subscriberCount == 0)
        // Streams that are never iterated, and streams whose consuming task ends.
        do {
            let idle = (0..<250).map { _ in theme.events.stream }
            // Alive through the check, also in an optimised build (which may end it earlier).
            withExtendedLifetime(idle) { #expect(theme.events.subscriberCount == 250) }
        }
        #expect(theme.events.subscriberCount == 0, "dropping an unconsumed stream unsubscribes it")
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<250 {
                let stream = theme.events.stream(bufferingNewest: 4)
                group.addTask {
                    for await event in stream where event == .styleChanged(.light) { break }
                }
            }
            theme.style = .light
        }
        #expect(theme.events.subscriberCount == 0, "a stream whose loop ended unsubscribes")
        #expect(tracker.survivors == [:])
        Self.report("subscriptions", tracker)
    }

    @Test("5,000 released nodes are freed and hand their objects to the root, which frees them in turn")
    func nodes() {
        let tracker = LifetimeTracker()
        let theme = makeTheme()
        var random = SeededRandom(seed: 6)
        var labels: [Label] = []
        do {
            var nodes: [ThemeNode] = []
            for index in 0..<Self.count {
                let parent =
                    nodes.isEmpty || index % 10 == 0 ? theme.root : nodes[Int(random.next() % UInt64(nodes.count))]
                let node = tracker.track(ThemeNode(parent: parent))
                if index % 4 == 0 { node.overrideStyle = .dark }
                let label = tracker.track(Label())
                let canary = tracker.track(Canary())
                theme.bind(label, \.textColor, in: node) { [canary] env in
                    canary.touch()
                    return env.style.rawValue
                }
                nodes.append(node)
                labels.append(label)
            }
            nodes.shuffle(using: &random)
            nodes.removeLast(Self.count / 2)
            #expect(theme.checkInvariants() == [])
        }
        #expect(tracker.survivors["ThemeNode"] == nil)
        #expect(theme.checkInvariants() == [])
        theme.style = .sepia
        #expect(labels.allSatisfy { $0.textColor == "sepia" }, "every object now resolves at the root")
        labels.removeAll()
        theme.pruneReleasedObjects()
        #expect(tracker.survivors == [:])
        // The freed node slots are reused, and the tree still works.
        let again = (0..<100).map { _ in ThemeNode(parent: theme.root) }
        again[0].overrideStyle = .dark
        #expect(again[0].effectiveStyle == .dark)
        #expect(theme.checkInvariants() == [])
        Self.report("nodes", tracker)
    }

    @Test("1,000 released themes are freed with every object, node, token and subscription they held")
    func themes() {
        let tracker = LifetimeTracker()
        var labels: [Label] = []
        do {
            var keep: [Any] = []
            for index in 0..<1_000 {
                let theme = tracker.track(makeTheme())
                let node = tracker.track(ThemeNode(parent: theme.root))
                let label = tracker.track(Label())
                Self.bindAll(label, in: node, theme: theme, tracker: tracker)
                let observer = tracker.track(Canary())
                let subscriber = tracker.track(Canary())
                keep.append(theme.observe(Palette.self) { [observer] _ in observer.touch() })
                keep.append(theme.events.subscribe { [subscriber] _ in subscriber.touch() })
                keep.append(theme.events.stream)
                keep.append(contentsOf: [theme, node])
                theme.style = index % 2 == 0 ? .dark : .sepia
                // Half the objects outlive their theme: that must not keep the theme alive.
                if index % 2 == 0 { labels.append(label) }
            }
        }
        #expect(tracker.survivors == ["Label": 500])
        labels.removeAll()
        #expect(tracker.survivors == [:])
        Self.report("themes", tracker)
    }

    @Test("under churn with switches on another thread, every object, provider, token and subscription is freed")
    func churnWithSwitches() {
        let tracker = LifetimeTracker()
        let theme = makeTheme()
        let shared = ThemeNode(parent: theme.root)
        let finished = Counter()
        let workers = 2
        let group = DispatchGroup()
        // Plain threads rather than Dispatch: each worker is certain to run concurrently
        // with the switcher, which is what the thread sanitizer needs to see.
        group.enter()
        Thread {
            defer { group.leave() }
            var step = 0
            while finished.count < workers {
                step += 1
                switch step % 5 {
                case 0: theme.style = theme.style == .dark ? .light : .dark
                case 1: theme.apply(Palette(background: "#\(step)", text: "#\(step % 97)"))
                case 2: shared.overrideStyle = step % 2 == 0 ? nil : .sepia
                case 3: theme.contrast = step % 3 == 0 ? .increased : .standard
                default:
                    theme.batch {
                        theme.apply(Metrics(cornerRadius: Double(step % 50)))
                        theme.style = .sepia
                    }
                }
            }
        }.start()
        for worker in 0..<workers {
            group.enter()
            Thread {
                defer {
                    finished.increment()
                    group.leave()
                }
                var random = SeededRandom(seed: UInt64(worker + 11))
                var labels: [Label] = []
                var nodes: [ThemeNode] = []
                var tokens: [ObserverToken] = []
                for step in 0..<1_500 {
                    if nodes.isEmpty || random.next() % 8 == 0 {
                        nodes.append(tracker.track(ThemeNode(parent: nodes.last ?? shared)))
                        if nodes.count > 6 { nodes.removeFirst() }
                    }
                    let label = tracker.track(Label())
                    Self.bindAll(label, in: nodes.randomElement(using: &random), theme: theme, tracker: tracker)
                    labels.append(label)
                    let observer = tracker.track(Canary())
                    let subscriber = tracker.track(Canary())
                    tokens.append(tracker.track(theme.observe(Palette.self) { [observer] _ in observer.touch() }))
                    tokens.append(tracker.track(theme.events.subscribe { [subscriber] _ in subscriber.touch() }))
                    switch random.next() % 6 {
                    case 0: theme.unbindAll(labels[Int(random.next() % UInt64(labels.count))])
                    case 1: theme.refresh(labels[Int(random.next() % UInt64(labels.count))])
                    case 2: tokens.randomElement(using: &random)?.cancel()
                    default: break
                    }
                    if labels.count > 16 { labels.remove(at: Int(random.next() % UInt64(labels.count))) }
                    if tokens.count > 16 { tokens.removeFirst(2) }
                    if step % 100 == 99 { theme.pruneReleasedObjects() }
                }
            }.start()
        }
        // A generous bound: churn finishes in seconds; a deadlock must fail, not hang CI.
        guard group.wait(timeout: .now() + 60) == .success else {
            Issue.record("deadlock or hang: the churn did not finish within 60 s")
            return
        }
        #expect(tracker.survivors["Label"] == nil, "released objects are freed while churning")
        theme.pruneReleasedObjects()
        #expect(tracker.survivors == [:])
        #expect(theme.trackedObjectCount == 0)
        #expect(theme.bindingCount == 0)
        #expect(theme.events.subscriberCount == 0)
        #expect(theme.checkInvariants() == [])
        Self.report("churn", tracker)
    }
}
