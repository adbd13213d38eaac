import Testing
import ThemeKit

@Suite struct ThemeNodeTests {
    @Test("a node resolves its own override, else its nearest ancestor's, else the theme's")
    func resolution() {
        let theme = makeTheme()
        let a = ThemeNode(parent: theme.root)
        let b = ThemeNode(parent: a)
        let c = ThemeNode(parent: b)
        #expect(c.effectiveStyle == .light)
        a.overrideStyle = .dark
        #expect(c.effectiveStyle == .dark)
        b.overrideStyle = .sepia
        #expect(c.effectiveStyle == .sepia)
        #expect(a.effectiveStyle == .dark)
        c.overrideContrast = .increased
        #expect(c.effectiveContrast == .increased)
        #expect(b.effectiveContrast == .standard)
        theme.style = .dark
        b.overrideStyle = nil
        a.overrideStyle = nil
        #expect(c.effectiveStyle == .dark)
        #expect(theme.checkInvariants() == [])
    }

    @Test("an override hides theme style changes from its subtree")
    func overrideHidesRootChanges() {
        let theme = makeTheme()
        let pinned = ThemeNode(parent: theme.root)
        pinned.overrideStyle = .dark
        let inside = Label()
        let outside = Label()
        let insideRuns = Counter()
        theme.bind(inside, \.textColor, in: pinned) { env in
            insideRuns.increment()
            return env.style.rawValue
        }
        theme.bind(outside, \.textColor) { env in env.style.rawValue }
        theme.style = .sepia
        #expect(outside.textColor == "sepia")
        #expect(inside.textColor == "dark")
        #expect(insideRuns.count == 1)
    }

    @Test("changing an override re-runs only bindings attached in that subtree")
    func overrideChangeIsScoped() {
        let theme = makeTheme()
        let sidebar = ThemeNode(parent: theme.root)
        let row = ThemeNode(parent: sidebar)
        let content = ThemeNode(parent: theme.root)
        let inRow = Label()
        let inContent = Label()
        let rowRuns = Counter()
        let contentRuns = Counter()
        theme.bind(inRow, \.textColor, in: row) { env in
            rowRuns.increment()
            return env.style.rawValue
        }
        theme.bind(inContent, \.textColor, in: content) { env in
            contentRuns.increment()
            return env.style.rawValue
        }
        sidebar.overrideStyle = .dark
        #expect(inRow.textColor == "dark")
        sidebar.overrideStyle = nil
        #expect(inRow.textColor == "light")
        #expect(rowRuns.count == 3)
        #expect(contentRuns.count == 1)
    }

    @Test("an override that does not change the effective value re-runs nothing")
    func redundantOverride() {
        let theme = makeTheme()
        let node = ThemeNode(parent: theme.root)
        let label = Label()
        let runs = Counter()
        theme.bind(label, \.textColor, in: node) { env in
            runs.increment()
            return env.style.rawValue
        }
        node.overrideStyle = .light
        node.overrideContrast = .standard
        #expect(runs.count == 1)
    }

    @Test("re-parenting a node re-resolves its subtree")
    func reparenting() throws {
        let theme = makeTheme()
        let dark = ThemeNode(parent: theme.root)
        dark.overrideStyle = .dark
        let light = ThemeNode(parent: theme.root)
        let moving = ThemeNode(parent: light)
        let child = ThemeNode(parent: moving)
        let label = Label()
        theme.bind(label, \.textColor, in: child) { env in env.style.rawValue }
        #expect(label.textColor == "light")
        try moving.move(to: dark)
        #expect(label.textColor == "dark")
        #expect(child.effectiveStyle == .dark)
        #expect(theme.checkInvariants() == [])
    }

    @Test("moving a node under itself or its descendants throws and changes nothing")
    func cycleRejected() {
        let theme = makeTheme()
        let a = ThemeNode(parent: theme.root)
        let b = ThemeNode(parent: a)
        #expect(throws: ThemeNodeError.wouldCreateCycle) { try a.move(to: b) }
        #expect(throws: ThemeNodeError.wouldCreateCycle) { try a.move(to: a) }
        #expect(throws: ThemeNodeError.cannotMoveRoot) { try theme.root.move(to: a) }
        let other = makeTheme()
        #expect(throws: ThemeNodeError.differentTheme) { try a.move(to: other.root) }
        #expect(theme.checkInvariants() == [])
    }

    @Test("a released node hands its children and objects to its parent")
    func releasedNodeHandsOver() {
        let theme = makeTheme()
        let outer = ThemeNode(parent: theme.root)
        outer.overrideStyle = .sepia
        var middle: ThemeNode? = ThemeNode(parent: outer)
        middle?.overrideStyle = .dark
        let inner = ThemeNode(parent: middle!)
        let label = Label()
        let attached = Label()
        theme.bind(label, \.textColor, in: inner) { env in env.style.rawValue }
        theme.bind(attached, \.textColor, in: middle) { env in env.style.rawValue }
        #expect(label.textColor == "dark")
        middle = nil
        #expect(label.textColor == "sepia")
        #expect(attached.textColor == "sepia")
        #expect(inner.effectiveStyle == .sepia)
        #expect(theme.checkInvariants() == [])
    }

    @Test("attach moves an object to another node and re-runs what depends on the difference")
    func attachMovesObject() {
        let theme = makeTheme()
        let dark = ThemeNode(parent: theme.root)
        dark.overrideStyle = .dark
        let label = Label()
        theme.bind(label, \.textColor) { env in env.style.rawValue }
        theme.attach(label, to: dark)
        #expect(label.textColor == "dark")
        theme.bind(label, \.background) { env in env.style.rawValue }
        #expect(label.background == "dark", "nil node keeps the object's current node")
        #expect(theme.checkInvariants() == [])
    }

    @Test("a tree 10,000 levels deep resolves and switches without overflowing the stack")
    func deepTree() {
        let theme = makeTheme()
        var nodes = [theme.root]
        for _ in 0..<10_000 { nodes.append(ThemeNode(parent: nodes[nodes.count - 1])) }
        let label = Label()
        theme.bind(label, \.textColor, in: nodes.last) { env in env.style.rawValue }
        nodes[1].overrideStyle = .dark
        #expect(label.textColor == "dark")
        nodes[1].overrideStyle = nil
        theme.style = .sepia
        #expect(label.textColor == "sepia")
        #expect(nodes.last?.effectiveStyle == .sepia)
        // Releasing the chain from the top must not recurse either.
        nodes.removeAll()
        #expect(label.textColor == "sepia")
        #expect(theme.checkInvariants() == [])
    }

    @Test("a node made with its overrides resolves them from the first bind, as one change")
    func nodeMadeWithOverrides() {
        let theme = makeTheme()
        let label = Label()
        let node = ThemeNode(parent: theme.root, overrideStyle: .dark, overrideContrast: .increased)
        #expect(node.overrideStyle == .dark)
        #expect(node.effectiveContrast == .increased)
        theme.customize(label, in: node) { label, env in label.textColor = "\(env.style) \(env.contrast)" }
        #expect(label.textColor == "dark increased")
        let child = ThemeNode(parent: node, overrideStyle: nil)
        theme.customize(label, in: child) { label, env in label.background = "\(env.style)" }
        #expect(label.background == "dark")
        node.overrideStyle = nil
        #expect(label.textColor == "light increased")
        #expect(theme.checkInvariants().isEmpty)
        withExtendedLifetime(child) {}
    }

    @Test("both overrides set in one change run each binding below once, seeing both")
    func overridesSetTogether() {
        let theme = makeTheme()
        let label = Label()
        let node = ThemeNode(parent: theme.root)
        let seen = Counter()
        theme.customize(label, in: node) { label, env in
            label.textColor = "\(env.style) \(env.contrast)"
            seen.increment(label.textColor)
        }
        node.setOverrides(style: .dark, contrast: .increased)
        #expect(seen.entries == ["light standard", "dark increased"])
        #expect(node.overrideStyle == .dark && node.overrideContrast == .increased)
        // The same overrides again change nothing; clearing both is one change too.
        node.setOverrides(style: .dark, contrast: .increased)
        node.setOverrides(style: nil, contrast: nil)
        #expect(seen.entries == ["light standard", "dark increased", "light standard"])
        // One at a time, as the two properties set it, runs the binding twice.
        node.overrideStyle = .dark
        node.overrideContrast = .increased
        #expect(seen.entries.suffix(2) == ["dark standard", "dark increased"])
        #expect(theme.checkInvariants().isEmpty)
    }
}
