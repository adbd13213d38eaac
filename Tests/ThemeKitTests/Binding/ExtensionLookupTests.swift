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
