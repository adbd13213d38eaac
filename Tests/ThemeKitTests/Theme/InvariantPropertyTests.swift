import Testing
import ThemeKit
import ThemeKitTestSupport

@Suite struct InvariantPropertyTests {
    @Test(
        "random operations keep every invariant and every label showing what its node resolves",
        arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomOperations(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let theme = makeTheme()
        var nodes: [ThemeNode] = [theme.root]
        var labels: [(label: Label, node: ThemeNode)] = []
        let styles: [ThemeStyle] = [.light, .dark, .sepia]
        func pick<Element>(_ array: [Element]) -> Element { array[Int(random.next() % UInt64(array.count))] }
        let provider: @Sendable (ThemeContext) -> String = { env in
            env.style == .dark ? "dark|\(env[Palette.self].text)" : "\(env.style.rawValue)|\(env.contrast)"
        }

        for step in 0..<600 {
            switch random.next() % 10 {
            case 0:
                nodes.append(ThemeNode(parent: pick(nodes)))
            case 1 where nodes.count > 1:
                let index = 1 + Int(random.next() % UInt64(nodes.count - 1))
                let removed = nodes.remove(at: index)
                labels.removeAll { $0.node === removed }
            case 2 where nodes.count > 2:
                let node = nodes[1 + Int(random.next() % UInt64(nodes.count - 1))]
                try? node.move(to: pick(nodes))
            case 3:
                pick(nodes).overrideStyle = random.next() % 3 == 0 ? nil : pick(styles)
            case 4:
                pick(nodes).overrideContrast = random.next() % 2 == 0 ? nil : .increased
            case 5, 6:
                let label = Label()
                let node = pick(nodes)
                theme.bind(label, \.textColor, in: node, provider)
                labels.append((label, node))
            case 7 where !labels.isEmpty:
                labels.remove(at: Int(random.next() % UInt64(labels.count)))
            case 8:
                theme.apply(Palette(background: "#000000", text: "#\(step)"))
            default:
                theme.batch {
                    theme.style = pick(styles)
                    if random.next() % 2 == 0 { theme.contrast = random.next() % 2 == 0 ? .standard : .increased }
                    // A binding made in the batch goes straight into the table, or behind
                    // an override change queued before it.
                    if random.next() % 2 == 0 {
                        pick(nodes).overrideStyle = random.next() % 3 == 0 ? nil : pick(styles)
                    }
                    if !labels.isEmpty {
                        let index = Int(random.next() % UInt64(labels.count))
                        let node = pick(nodes)
                        theme.bind(labels[index].label, \.textColor, in: node, provider)
                        labels[index].node = node
                    }
                }
            }
            if step % 25 == 0 {
                #expect(theme.checkInvariants() == [], "seed \(seed) step \(step)")
            }
        }
        #expect(theme.checkInvariants() == [])
        let text = theme.value(Palette.self).text
        for (label, node) in labels {
            let style = node.effectiveStyle
            let expected = style == .dark ? "dark|\(text)" : "\(style.rawValue)|\(node.effectiveContrast)"
            #expect(label.textColor == expected)
        }
    }
}
