import ThemeKit

/// Scenario 3: one binding per node in a tree; an override on a subtree holding 1%
/// of the bindings. The cost must scale with the subtree. Figures are per binding
/// in the subtree.
enum SubtreeScenario {
    /// The shape of the tree.
    enum Shape {
        /// A 10-ary tree in breadth-first order; the subtree is a node at depth 2.
        case balanced
        /// A chain of `levels` nodes with size / levels objects each; the subtree is the deepest 1% of levels.
        case deep(levels: Int)

        var name: String {
            switch self {
            case .balanced: "subtree-balanced"
            case .deep: "subtree-deep"
            }
        }
    }

    static func run(_ context: ScenarioContext) {
        for size in context.bindingSizes { run(context, size: size, shape: .balanced) }
        for size in context.bindingSizes { run(context, size: size, shape: .deep(levels: context.deepLevels)) }
    }

    /// Node parents (−1 for a child of the root), the node of each object, and the subtree's root.
    private struct Layout {
        var parents: [Int]
        var objectNodes: [Int]
        var subtreeRoot: Int
        var inSubtree: [Bool]

        init(size: Int, shape: Shape) {
            switch shape {
            case .balanced:
                parents = (0..<size).map { $0 == 0 ? -1 : ($0 - 1) / 10 }
                objectNodes = Array(0..<size)
                subtreeRoot = min(11, size - 1)
            case .deep(let levels):
                let perLevel = max(1, size / levels)
                parents = (0..<levels).map { $0 - 1 }
                objectNodes = (0..<levels * perLevel).map { $0 / perLevel }
                subtreeRoot = levels - max(1, levels / 100)
            }
            var nodeInSubtree = [Bool](repeating: false, count: parents.count)
            for node in parents.indices {
                nodeInSubtree[node] = node == subtreeRoot || (parents[node] >= 0 && nodeInSubtree[parents[node]])
            }
            inSubtree = objectNodes.map { nodeInSubtree[$0] }
        }
    }

    static func run(_ context: ScenarioContext, size: Int, shape: Shape) {
        let layout = Layout(size: size, shape: shape)
        let bindings = layout.objectNodes.count
        let affected = layout.inSubtree.lazy.filter { $0 }.count
        let colors = ColorSet.numbered(40)
        var baselines: [String: Double] = [:]

        var themeKit = Sample(medianNanoseconds: 0, trials: 0)
        var reference = Sample(medianNanoseconds: 0, trials: 0)
        var allocations: UInt64?
        do {
            let views = makeViews(bindings)
            let theme = makeBenchTheme()
            theme.apply(PaletteA(colors: colors))
            var nodes: [ThemeNode] = []
            nodes.reserveCapacity(layout.parents.count)
            let workload = Workload(objectCount: bindings, rolesPerObject: 1)
            theme.batch {
                for parent in layout.parents {
                    nodes.append(ThemeNode(parent: parent < 0 ? theme.root : nodes[parent]))
                }
                for (index, view) in views.enumerated() {
                    ThemeKitFixtures.bind(
                        view, index: index, workload: workload, in: theme, node: nodes[layout.objectNodes[index]])
                }
            }
            let subtree = nodes[layout.subtreeRoot]
            var dark = false
            themeKit = context.policy.sample {
                dark.toggle()
                let value: ThemeStyle? = dark ? .dark : nil
                return MonotonicClock.time { subtree.overrideStyle = value }
            }
            let inside = views.indices.filter { layout.inSubtree[$0] }.map { views[$0] }
            context.verify(inside, roles: 1, style: dark ? .dark : .light, colors: colors, system: "ThemeKit subtree")
            dark.toggle()
            let value: ThemeStyle? = dark ? .dark : nil
            allocations = ProcessCounters.allocations { subtree.overrideStyle = value }
            subtree.overrideStyle = nil
            reference = context.toggling(policy: context.policy.capped(at: 15)) { style in theme.style = style }
            // This run measures overrides, not teardown. Releasing a deep chain child
            // first is quadratic in ThemeKit (objects move up level by level; see
            // RESULTS.md), so nodes are released in the order that stays linear.
            theme.batch {
                switch shape {
                case .balanced: while !nodes.isEmpty { nodes.removeLast() }
                case .deep: nodes.removeAll()
                }
            }
            withExtendedLifetime(views) {}
        }

        // The limit: a plain loop over the bindings of the subtree only.
        let env = PlainEnvironment(style: .light, a: colors, b: colors)
        do {
            let system = StrongLoopSystem(views: makeViews(affected), roles: 1) { _ in false }
            var last = env
            baselines["PlainLoop"] =
                context.toggling { style in
                    last.style = style
                    system.refresh(last)
                }
                .medianNanoseconds
        }
        do {
            let views = makeViews(affected)
            let system = WeakLoopSystem(views: views, roles: 1) { _ in false }
            var last = env
            baselines["PlainLoopWeak"] =
                context.toggling { style in
                    last.style = style
                    system.refresh(last)
                }
                .medianNanoseconds
            withExtendedLifetime(views) {}
        }
        // Broadcast systems have no scope: every observer re-applies.
        do {
            let state = SharedThemeState()
            state.a = colors
            let views = makeViews(bindings)
            let system = NotificationCenterSystem(views: views, roles: 1, state: state) { _ in false }
            baselines["NotificationCenter"] =
                context.toggling { style in
                    state.style = style
                    system.post()
                }
                .medianNanoseconds
            system.tearDown()
            withExtendedLifetime(views) {}
        }
        do {
            let state = SharedThemeState()
            state.a = colors
            let views = makeViews(bindings)
            let system = JXThemeSystem(views: views, roles: 1, state: state) { _ in false }
            baselines["JXTheme"] = context.toggling { style in system.changeTheme(to: style) }.medianNanoseconds
            withExtendedLifetime(views) {}
        }

        let shapeNote: String
        switch shape {
        case .balanced: shapeNote = "10-ary tree of \(layout.parents.count) nodes, one binding per node"
        case .deep(let levels): shapeNote = "chain of \(levels) levels, \(bindings / levels) bindings per level"
        }
        context.record(
            shape.name, size: bindings, affected: affected, themeKit: themeKit,
            limit: ("PlainLoop", baselines["PlainLoop"] ?? 0), baselines: baselines, allocations: allocations,
            reference: reference.medianNanoseconds,
            note: "\(shapeNote); overrideStyle on a subtree holding \(affected) bindings; "
                + "reference: theme.style; NotificationCenter and JXTheme broadcast to all")
    }
}
