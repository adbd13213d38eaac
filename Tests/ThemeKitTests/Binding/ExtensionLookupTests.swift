import Testing
import ThemeKit

/// `env[T.self]` during a pass: the recorder remembers the last address it found for an
/// extension type and appearance, so the objects after it skip the lookup. These tests
/// interleave what could make a remembered address wrong: appearances (nodes with their
/// own style), extension types, variants resolved per appearance, and new values.
@Suite struct ExtensionLookupTests {
    private let brand = PaletteVariant(
        id: "brand", light: Palette(background: "#FFFFFF", text: "light text"),
        dark: Palette(background: "#000000", text: "dark text"))

    @Test("objects of different appearances, bound in turn, each read the value of their own appearance")
    func interleavedAppearances() {
        let theme = makeTheme()
        theme.apply(variant: brand)
        let darkNode = ThemeNode(parent: theme.root)
        darkNode.overrideStyle = .dark
        let sepiaNode = ThemeNode(parent: theme.root)
        sepiaNode.overrideStyle = .sepia
        let nodes: [ThemeNode?] = [nil, darkNode, sepiaNode]
        let labels = (0..<12).map { _ in Label() }
        theme.batch {
            for (index, label) in labels.enumerated() {
                // Two types read in turn by one object, and by the objects around it.
                theme.bind(label, \.textColor, set: { $0.textColor = $1 }, in: nodes[index % 3]) { env in
                    env[Palette.self].text
                }
                theme.bind(label, \.cornerRadius, set: { $0.cornerRadius = $1 }, in: nodes[index % 3]) { env in
                    env[Metrics.self].cornerRadius
                }
                theme.bind(label, \.background, set: { $0.background = $1 }, in: nodes[index % 3]) { env in
                    env[Palette.self].background
                }
            }
        }
        func expectAppearances(root: String, rootBackground: String, radius: Double) {
            for (index, label) in labels.enumerated() {
                switch index % 3 {
                case 1:
                    #expect(label.textColor == "dark text")
                    #expect(label.background == "#000000")
                // `.sepia` has no value of its own in the variant: it reads the light one.
                case 2:
                    #expect(label.textColor == "light text")
                    #expect(label.background == "#FFFFFF")
                default:
                    #expect(label.textColor == root)
                    #expect(label.background == rootBackground)
                }
                #expect(label.cornerRadius == radius)
            }
        }
        expectAppearances(root: "light text", rootBackground: "#FFFFFF", radius: 8)
        theme.style = .dark
        expectAppearances(root: "dark text", rootBackground: "#000000", radius: 8)
        // New values: a new snapshot, whose addresses are not the old ones.
        theme.apply(Metrics(cornerRadius: 3))
        expectAppearances(root: "dark text", rootBackground: "#000000", radius: 3)
        theme.apply(Palette(background: "#123456", text: "plain"))
        for label in labels {
            #expect(label.textColor == "plain")
            #expect(label.background == "#123456")
        }
        theme.apply(variant: brand)
        theme.style = .light
        expectAppearances(root: "light text", rootBackground: "#FFFFFF", radius: 3)
    }

    @Test("past the appearances one values stamp numbers, lookups of other types leave no wrong memo behind")
    func appearancesWithoutKeys() {
        let theme = makeTheme()
        theme.apply(Metrics(cornerRadius: 5))
        func node(_ style: String) -> ThemeNode {
            let node = ThemeNode(parent: theme.root)
            node.overrideStyle = ThemeStyle(rawValue: style)
            return node
        }
        // 63 styles of their own, then "shared": 64 appearances, each with its key. "last"
        // is the 65th, which gets none; the node after it is "shared" again.
        let nodes = (1...63).map { node("style \($0)") } + [node("shared"), node("last"), node("shared")]
        let labels = nodes.map { _ in Label() }
        theme.batch {
            for (index, label) in labels.enumerated() where index < 64 {
                theme.bind(label, \.textColor, set: { $0.textColor = $1 }, in: nodes[index]) { env in
                    env[Palette.self].text
                }
            }
            for index in 64..<66 {
                theme.bind(labels[index], \.cornerRadius, set: { $0.cornerRadius = $1 }, in: nodes[index]) { env in
                    env[Metrics.self].cornerRadius
                }
            }
        }
        #expect(labels[..<64].allSatisfy { $0.textColor == "#000000" })
        #expect(labels[64].cornerRadius == 5)
        #expect(labels[65].cornerRadius == 5)
        theme.refresh(labels[65])
        #expect(labels[65].cornerRadius == 5)
    }

    @Test("a provider's reads are recorded whether or not the lookup was remembered")
    func readsAreRecordedOnEveryRun() {
        let theme = makeTheme()
        let labels = (0..<4).map { _ in Label() }
        let runs = Counter()
        for label in labels {
            theme.bind(label, \.textColor, set: { $0.textColor = $1 }) { env in
                runs.increment()
                return env[Palette.self].text
            }
        }
        #expect(runs.count == 4)
        // Every binding depends on Palette (the later ones read it through the remembered
        // address), and on nothing else.
        theme.apply(Metrics(cornerRadius: 1))
        #expect(runs.count == 4)
        theme.apply(Palette(background: "", text: "changed"))
        #expect(runs.count == 8)
        #expect(labels.allSatisfy { $0.textColor == "changed" })
    }
}
