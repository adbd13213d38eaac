import Dispatch
import Foundation
import Testing

@testable import ThemeKit

/// `ThemeOverrideNodeOwner`, what SwiftUI's `.themeOverride` keeps per view, driven as its `body` drives
/// it: from the main actor, under main-thread delivery. Inside a body the theme may change once (the
/// node with its overrides); everything else waits for the main queue.
@Suite struct ThemeOverrideNodeOwnerTests {
    private static func theme() -> Theme { Theme(storage: InMemoryThemeStorage(), delivery: .mainThread) }

    /// Binds `label` at `node`, writing the style and contrast it resolves there and counting runs.
    private static func bind(_ label: Label, in theme: Theme, node: ThemeNode) {
        theme.bind(label, \.textColor, set: { $0.textColor = $1 }, in: node) { env in
            "\(env.style)/\(env.contrast)"
        }
        theme.customize(label, in: node) { label, env in
            _ = env.style
            _ = env.contrast
            label.customized += 1
        }
    }

    @Test("the node is made once, with its overrides, below the root or the enclosing node")
    @MainActor func madeOnceWithOverrides() {
        let theme = Self.theme()
        let owner = ThemeOverrideNodeOwner()
        let node = owner.node(theme: theme, parent: nil, style: .dark, contrast: .increased)
        #expect(node.overrideStyle == .dark)
        #expect(node.overrideContrast == .increased)
        let label = Label()
        Self.bind(label, in: theme, node: node)
        #expect(label.textColor == "dark/increased")
        #expect(owner.node(theme: theme, parent: nil, style: .dark, contrast: .increased) === node)

        let inner = ThemeOverrideNodeOwner()
        let child = inner.node(theme: theme, parent: node, style: nil, contrast: .standard)
        let innerLabel = Label()
        Self.bind(innerLabel, in: theme, node: child)
        // The style inherited from the enclosing override, the contrast its own.
        #expect(innerLabel.textColor == "dark/standard")
    }

    @Test("new overrides keep the node and are set after the update, in one change")
    @MainActor func newOverridesAfterTheUpdate() async {
        let theme = Self.theme()
        let owner = ThemeOverrideNodeOwner()
        let node = owner.node(theme: theme, parent: nil, style: .dark, contrast: .increased)
        let label = Label()
        Self.bind(label, in: theme, node: node)
        #expect(label.customized == 1)

        #expect(owner.node(theme: theme, parent: nil, style: .light, contrast: .standard) === node)
        // Nothing changed inside the update.
        #expect(node.overrideStyle == .dark)
        #expect(label.textColor == "dark/increased")
        await drainMainQueue()
        #expect(node.overrideStyle == .light)
        #expect(node.overrideContrast == .standard)
        #expect(label.textColor == "light/standard")
        // Both overrides in one change: the provider that reads both ran once.
        #expect(label.customized == 2)
    }

    @Test("another enclosing node or theme makes a new node; the old one goes on the main queue")
    @MainActor func replacedNodeGoesAfterTheUpdate() async {
        let theme = Self.theme()
        let owner = ThemeOverrideNodeOwner()
        let label = Label()
        weak var old: ThemeNode?
        do {
            let first = owner.node(theme: theme, parent: nil, style: .dark, contrast: nil)
            Self.bind(label, in: theme, node: first)
            old = first
        }
        let enclosing = ThemeNode(parent: theme.root, overrideStyle: nil, overrideContrast: .increased)
        let second = owner.node(theme: theme, parent: enclosing, style: .dark, contrast: nil)
        #expect(second !== old)
        // Still alive inside the update, and its object still resolves there.
        #expect(old != nil)
        #expect(label.textColor == "dark/standard")
        await drainMainQueue()
        #expect(old == nil)
        // Its object moved to the old node's parent, the root.
        #expect(label.textColor == "light/standard")

        let otherTheme = Self.theme()
        let third = owner.node(theme: otherTheme, parent: nil, style: nil, contrast: nil)
        #expect(third !== second)
        let otherLabel = Label()
        Self.bind(otherLabel, in: otherTheme, node: third)
        #expect(otherLabel.textColor == "light/standard")
    }

    @Test("the last node goes on the main queue when its owner goes")
    @MainActor func lastNodeGoesAfterTheOwner() async {
        let theme = Self.theme()
        let label = Label()
        weak var node: ThemeNode?
        do {
            let owner = ThemeOverrideNodeOwner()
            let made = owner.node(theme: theme, parent: nil, style: .dark, contrast: nil)
            Self.bind(label, in: theme, node: made)
            node = made
        }
        #expect(node != nil)
        #expect(label.textColor == "dark/standard")
        await drainMainQueue()
        #expect(node == nil)
        #expect(label.textColor == "light/standard")
    }
}
