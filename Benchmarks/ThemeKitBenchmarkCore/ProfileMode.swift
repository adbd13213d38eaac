import ThemeKit

/// Runs only ThemeKit's side of one scenario, `repetitions` times, with no
/// baselines and no timing: the workload to run under `valgrind --tool=callgrind`
/// or `perf record` (`themekit-bench --profile full --size 100000 --repeat 10`).
public enum ProfileMode {
    /// The operations that can be profiled.
    public static let operations = [
        "full", "full-shared", "full-setter", "full-keypath", "full-captures", "full-keypath-stored",
        "full-shared-keypath", "fine", "subtree", "register",
        "register-batch", "register-shared", "register-shared-batch", "register-keypath", "register-keypath-batch",
        "register-keypath-shared", "register-keypath-shared-batch",
        "batch", "churn", "churn-captures", "observers", "bus", "loop-weak", "loop-weak-setter", "loop-weak-shared",
        "loop-keypath",
        "loop-keypath-strong",
    ]

    /// Runs `operation` on `size` bindings `repetitions` times.
    /// - Returns: `false` for an unknown operation.
    public static func run(_ operation: String, size: Int, repetitions: Int) -> Bool {
        let workload = Workload(objectCount: max(1, size / 4), rolesPerObject: 4)
        let colors = ColorSet.numbered(10)
        let style: BindingStyle
        if operation.contains("-shared-keypath") || operation.contains("-keypath-shared") {
            style = .sharedKeyPath
        } else if operation == "full-keypath-stored" {
            style = .keyPath
        } else if operation.contains("-shared") {
            style = .shared
        } else if operation.contains("-captures") {
            style = .capturing
        } else if operation.contains("-setter") {
            style = .computedSetter
        } else if operation.contains("-keypath") {
            style = operation.hasPrefix("full") ? .computedKeyPath : .keyPath
        } else {
            style = .closures
        }
        func boundTheme(_ views: [BenchView], workload: Workload) -> Theme {
            let theme = makeBenchTheme()
            theme.apply(PaletteA(colors: colors))
            theme.batch {
                for (index, view) in views.enumerated() {
                    style.bind(view, index: index, workload: workload, in: theme)
                }
            }
            return theme
        }
        switch operation {
        case "full", "full-shared", "full-setter", "full-keypath", "full-captures", "full-keypath-stored",
            "full-shared-keypath":
            let views = makeViews(workload.objectCount)
            let theme = boundTheme(views, workload: workload)
            let elapsed = MonotonicClock.time {
                for turn in 0..<repetitions { theme.style = turn % 2 == 0 ? .dark : .light }
            }
            print("full: \(Double(elapsed) / Double(repetitions * workload.bindingCount)) ns per binding")
            withExtendedLifetime(views) {}
        case "loop-weak", "loop-weak-setter", "loop-weak-shared", "loop-keypath", "loop-keypath-strong":
            // The baselines of the full switch, for instruction counts against ThemeKit's.
            let kinds: [String: BaselineKind] = [
                "loop-weak": .plainLoopWeak, "loop-weak-setter": .plainLoopWeakSetter,
                "loop-weak-shared": .plainLoopWeakShared,
                "loop-keypath": .keyPathLoop,
                "loop-keypath-strong": .keyPathLoopStrong,
            ]
            let kind = kinds[operation]!
            let views = makeViews(workload.objectCount)
            let runner = kind.build(
                views, roles: 4, readsB: workload.readsB,
                environment: PlainEnvironment(style: .light, a: colors, b: PaletteB.fallback.colors))
            for turn in 0..<repetitions {
                runner.update { $0.style = turn % 2 == 0 ? .dark : .light }
                runner.refresh()
            }
            withExtendedLifetime(views) {}
        case "fine":
            let first = workload.objectCount - 25
            let fine = Workload(objectCount: workload.objectCount, rolesPerObject: 4) { $0 >= first }
            let views = makeViews(fine.objectCount)
            let theme = boundTheme(views, workload: fine)
            for turn in 0..<repetitions { theme.apply(PaletteB(colors: .numbered(100 + turn % 2))) }
            withExtendedLifetime(views) {}
        case "subtree":
            let views = makeViews(size)
            let theme = makeBenchTheme()
            var nodes: [ThemeNode] = []
            let single = Workload(objectCount: size, rolesPerObject: 1)
            theme.batch {
                for index in 0..<size {
                    nodes.append(ThemeNode(parent: index == 0 ? theme.root : nodes[(index - 1) / 10]))
                    ThemeKitFixtures.bind(views[index], index: index, workload: single, in: theme, node: nodes[index])
                }
            }
            let subtree = nodes[min(11, size - 1)]
            for turn in 0..<repetitions { subtree.overrideStyle = turn % 2 == 0 ? .dark : nil }
            theme.batch { while !nodes.isEmpty { nodes.removeLast() } }
            withExtendedLifetime(views) {}
        case "register", "register-batch", "register-shared", "register-shared-batch", "register-keypath",
            "register-keypath-batch", "register-keypath-shared", "register-keypath-shared-batch":
            for _ in 0..<repetitions {
                let views = makeViews(workload.objectCount)
                let theme = makeBenchTheme()
                // As the registration scenario does: the providers read applied values.
                theme.apply(PaletteA(colors: colors))
                RegistrationScenario.register(
                    views, in: theme, workload: workload, batched: operation.hasSuffix("-batch"), style: style)
            }
        case "churn", "churn-captures":
            // As the churn scenario's ThemeKit side: release a tenth of the objects and switch;
            // bind replacements.
            var views: [BenchView?] = makeViews(workload.objectCount)
            let theme = boundTheme(views.map { $0! }, workload: workload)
            let released = max(1, workload.objectCount / 10)
            var timed: UInt64 = 0
            for turn in 0..<repetitions {
                let start = turn * released % max(1, workload.objectCount - released + 1)
                timed += MonotonicClock.time {
                    for index in start..<start + released { views[index] = nil }
                    theme.style = turn % 2 == 0 ? .dark : .light
                }
                for index in start..<start + released {
                    let view = BenchView()
                    style.bind(view, index: index, workload: workload, in: theme)
                    views[index] = view
                }
            }
            print("churn: \(Double(timed) / Double(repetitions * workload.bindingCount)) ns per binding")
            withExtendedLifetime(views) {}
        case "batch":
            let views = makeViews(workload.objectCount)
            let theme = boundTheme(views, workload: workload)
            var turn = 0
            for _ in 0..<repetitions {
                theme.batch {
                    for _ in 0..<10 {
                        turn += 1
                        theme.apply(PaletteA(colors: .numbered(200 + turn % 11)))
                    }
                }
            }
            withExtendedLifetime(views) {}
        case "observers":
            let theme = makeBenchTheme()
            let tally = Tally()
            var tokens: [ObserverToken] = []
            for _ in 0..<size { tokens.append(theme.observe(PaletteA.self) { _ in tally.count += 1 }) }
            for turn in 0..<repetitions { theme.apply(PaletteA(colors: .numbered(300 + turn % 2))) }
            tokens.removeAll()
        case "bus":
            let theme = makeBenchTheme()
            let tally = Tally()
            var subscriptions: [ThemeSubscription] = []
            for _ in 0..<size { subscriptions.append(theme.events.subscribe { _ in tally.count += 1 }) }
            for _ in 0..<repetitions { theme.events.post(.styleChanged(.dark)) }
            subscriptions.removeAll()
        default:
            return false
        }
        return true
    }
}
