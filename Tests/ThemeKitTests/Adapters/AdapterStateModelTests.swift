import Dispatch
import Foundation
import Testing
import ThemeKitTestSupport

@testable import ThemeKit

/// The adapters' per-view state against naive models, over random sequences of what SwiftUI does to it
/// (updates that connect, disconnect or ask for a node), theme changes, and main-queue turns; the
/// invariant checks run after every step.
@Suite struct AdapterStateModelTests {
    private static func theme() -> Theme { Theme(storage: InMemoryThemeStorage(), delivery: .mainThread) }

    private static func check(_ themes: [Theme], seed: UInt64, step: Int) {
        for theme in themes {
            let violations = theme.checkInvariants()
            #expect(violations.isEmpty, "seed \(seed), step \(step): \(violations)")
        }
    }

    @Test(
        "a value connection's value, publishing and bindings follow a naive model of its rules",
        arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    @MainActor func valueConnection(seed: UInt64) async {
        var random = SeededRandom(seed: seed)
        let themes = [Self.theme(), Self.theme()]
        // Each theme: a variant of palettes, a style, and a node whose style override changes.
        var palettes: [(light: Palette, dark: Palette)] = []
        var styles: [ThemeStyle] = [.light, .light]
        var overrides: [ThemeStyle?] = [.dark, nil]
        var nodes: [ThemeNode] = []
        for (index, theme) in themes.enumerated() {
            let palette = (
                light: Palette(background: "light", text: "\(index)"),
                dark: Palette(background: "dark", text: "\(index)")
            )
            palettes.append(palette)
            theme.apply(variant: PaletteVariant(id: "start", light: palette.light, dark: palette.dark), for: .light)
            nodes.append(ThemeNode(parent: theme.root, overrideStyle: overrides[index]))
        }
        let connection = ThemeValueConnection<Palette>()
        var published = 0
        connection.willChange = { published += 1 }

        // The model: where the connection is, and what it must hold there.
        var connected: (theme: Int, atNode: Bool)?
        var expectedPublished = 0
        func expectedValue() -> Palette? {
            guard let connected else { return nil }
            let style =
                connected.atNode ? (overrides[connected.theme] ?? styles[connected.theme]) : styles[connected.theme]
            return style == .dark ? palettes[connected.theme].dark : palettes[connected.theme].light
        }

        for step in 0..<300 {
            let before = expectedValue()
            let target = Int(random.next() % 2)
            var isChange = false
            switch random.next() % 7 {
            case 0, 1:
                let atNode = random.next() % 2 == 0
                connection.connect(theme: themes[target], node: atNode ? nodes[target] : nil) { env in
                    env[Palette.self]
                }
                // Taken inside the update that connected: never published.
                connected = (target, atNode)
            case 2:
                connection.disconnect()
                connected = nil
            case 3:
                isChange = true
                styles[target] = styles[target] == .light ? .dark : .light
                themes[target].style = styles[target]
            case 4:
                isChange = true
                let palette = (
                    light: Palette(background: "light", text: "\(step)"),
                    dark: Palette(background: "dark", text: "\(step)")
                )
                palettes[target] = palette
                themes[target].apply(variant: PaletteVariant(id: "v\(step)", light: palette.light, dark: palette.dark))
            case 5:
                isChange = true
                overrides[target] = [nil, .light, .dark][Int(random.next() % 3)]
                nodes[target].overrideStyle = overrides[target]
            default:
                await drainMainQueue()
                // After the update's turn, the connection is bound where it is connected, and nowhere else.
                for (index, theme) in themes.enumerated() {
                    #expect(
                        theme.bindingCount == (connected?.theme == index ? 1 : 0), "seed \(seed), step \(step)")
                }
            }
            let after = expectedValue()
            // A change of what the connected provider reads publishes once; nothing else publishes.
            if isChange, before != nil, after != before { expectedPublished += 1 }
            #expect(connection.value == after, "seed \(seed), step \(step)")
            #expect(published == expectedPublished, "seed \(seed), step \(step)")
            if connection.value != after || published != expectedPublished { return }
            Self.check(themes, seed: seed, step: step)
        }
    }

    @Test(
        "an override node owner's nodes, overrides and releases follow a naive model of its rules",
        arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    @MainActor func overrideNodeOwner(seed: UInt64) async {
        var random = SeededRandom(seed: seed)
        let themes = [Self.theme(), Self.theme()]
        themes[1].style = .dark
        // Enclosing nodes: none (the root), or one forcing increased contrast.
        let enclosing = themes.map { ThemeNode(parent: $0.root, overrideStyle: nil, overrideContrast: .increased) }
        var owner: ThemeOverrideNodeOwner? = ThemeOverrideNodeOwner()
        let styles: [ThemeStyle?] = [nil, .light, .dark]
        let contrasts: [ThemeContrast?] = [nil, .standard, .increased]

        // The model: the current node's theme and parent, what was last asked for, and the nodes let go.
        var current: (node: ThemeNode, theme: Int, inEnclosing: Bool)?
        var requested: (style: ThemeStyle?, contrast: ThemeContrast?) = (nil, nil)
        // What the current node has: what it was made with, then what was asked for at each main-queue turn.
        var applied: (style: ThemeStyle?, contrast: ThemeContrast?) = (nil, nil)
        var released: [() -> ThemeNode?] = []
        // A label bound at each node made, writing what it resolves there.
        var label = Label()

        for step in 0..<300 {
            let target = Int(random.next() % 2)
            switch random.next() % 4 {
            case 0, 1, 2:
                guard let owner else { continue }
                let inEnclosing = random.next() % 2 == 0
                let style = styles[Int(random.next() % 3)]
                let contrast = contrasts[Int(random.next() % 3)]
                let before = current
                let node = owner.node(
                    theme: themes[target], parent: inEnclosing ? enclosing[target] : nil, style: style,
                    contrast: contrast)
                if let before, before.theme == target, before.inEnclosing == inEnclosing {
                    // The same node; new overrides wait for the main queue.
                    #expect(node === before.node, "seed \(seed), step \(step)")
                    #expect(
                        node.overrideStyle == applied.style && node.overrideContrast == applied.contrast,
                        "seed \(seed), step \(step): overrides changed inside the update")
                } else {
                    // A new node, made with its overrides; the old one goes after the update.
                    #expect(node !== before?.node, "seed \(seed), step \(step)")
                    #expect(
                        node.overrideStyle == style && node.overrideContrast == contrast, "seed \(seed), step \(step)")
                    if let old = before?.node {
                        released.append { [weak old] in old }
                        #expect(released.last?() != nil, "seed \(seed), step \(step): released inside the update")
                    }
                    label = Label()
                    themes[target].bind(label, \.textColor, set: { $0.textColor = $1 }, in: node) { env in
                        "\(env.style)/\(env.contrast)"
                    }
                    current = (node, target, inEnclosing)
                    applied = (style, contrast)
                }
                requested = (style, contrast)
            case 3 where random.next() % 8 == 0:
                // The view goes: its owner, and after the update its node.
                if let node = current?.node {
                    released.append { [weak node] in node }
                }
                owner = nil
                current = nil
                await drainMainQueue()
                owner = ThemeOverrideNodeOwner()
            default:
                await drainMainQueue()
                for (index, node) in released.enumerated() {
                    #expect(node() == nil, "seed \(seed), step \(step): node \(index) let go is still alive")
                }
                released.removeAll()
                guard let current else { continue }
                applied = requested
                #expect(
                    current.node.overrideStyle == requested.style
                        && current.node.overrideContrast == requested.contrast, "seed \(seed), step \(step)")
                let themeStyle: ThemeStyle = current.theme == 1 ? .dark : .light
                let style = requested.style ?? themeStyle
                let contrast = requested.contrast ?? (current.inEnclosing ? .increased : .standard)
                #expect(label.textColor == "\(style)/\(contrast)", "seed \(seed), step \(step)")
            }
            Self.check(themes, seed: seed, step: step)
        }
    }
}
