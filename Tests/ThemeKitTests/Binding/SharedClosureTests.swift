import Testing
import ThemeKit

// Globals, so the providers below count their runs without capturing anything (a
// closure that refers to a global does not capture it). One per test: tests run in parallel.
private let switchRuns = Counter()
private let togglingRuns = Counter()
private let objectRuns = Counter()
private let initialRuns = Counter()
private let readRuns = Counter()
private let branchRuns = Counter()
private let existentialRuns = Counter()

/// A class-bound protocol, so a property can hold `any Marker` objects.
private protocol Marker: AnyObject {}
private final class MarkerObject: Marker {}
// Sound: only the thread driving the theme in each test touches it.
private final class MarkerHolder: @unchecked Sendable {
    var marker: (any Marker)?
    var anyValue: Any = 0
}

/// A provider stored once and bound to two key paths of the same value type.
private let styleName: @Sendable (ThemeContext) -> String = { env in env.style.rawValue + env[Palette.self].text }

/// A closure that captures nothing is a function of what it reads alone: it runs once
/// per pass and appearance, and every object bound with it gets that value.
@Suite struct SharedClosureTests {
    @Test("a closure that captures nothing runs once per appearance for every object bound with it")
    func captureFreeClosureRunsOncePerAppearance() {
        let theme = makeTheme()
        let labels = (0..<40).map { _ in Label() }
        func bind(_ label: Label) {
            theme.bind(label, \.textColor) { env in
                switchRuns.increment()
                return env.style == .dark ? env[Palette.self].background : env[Palette.self].text
            }
        }
        theme.batch { for label in labels { bind(label) } }
        #expect(labels.allSatisfy { $0.textColor == "#000000" })
        #expect(switchRuns.count == 1)
        theme.style = .dark
        #expect(labels.allSatisfy { $0.textColor == "#FFFFFF" })
        #expect(switchRuns.count == 2)
        // Bound one at a time while the values stay the same, the result is still shared.
        let more = (0..<10).map { _ in Label() }
        for label in more { bind(label) }
        #expect(more.allSatisfy { $0.textColor == "#FFFFFF" })
        #expect(switchRuns.count == 2)
        // Copied bindings record what the provider read, like run ones.
        #expect(theme.checkInvariants() == [])
        theme.apply(Palette(background: "#101010", text: "#202020"))
        #expect((labels + more).allSatisfy { $0.textColor == "#101010" })
        #expect(switchRuns.count == 3)
        #expect(theme.bindingCount == 50)
    }

    @Test("switching back and forth runs a capture-free closure once per appearance, not once per switch")
    func captureFreeClosureKeepsAppearances() {
        let theme = makeTheme()
        let labels = (0..<20).map { _ in Label() }
        theme.batch {
            for label in labels {
                theme.bind(label, \.textColor) { env in
                    togglingRuns.increment(env.style.rawValue)
                    return env.style == .dark ? env[Palette.self].background : env[Palette.self].text
                }
            }
        }
        for _ in 0..<4 {
            theme.style = .dark
            #expect(labels.allSatisfy { $0.textColor == "#FFFFFF" })
            theme.style = .light
            #expect(labels.allSatisfy { $0.textColor == "#000000" })
        }
        #expect(togglingRuns.entries == ["light", "dark"])
        theme.apply(Palette(background: "#303030", text: "#404040"))
        theme.style = .dark
        theme.style = .light
        theme.style = .dark
        #expect(labels.allSatisfy { $0.textColor == "#303030" })
        #expect(togglingRuns.entries == ["light", "dark", "light", "dark"])
    }

    @Test("a closure with captures runs for each object")
    func capturingClosureRunsPerObject() {
        let theme = makeTheme()
        let runs = Counter()
        let labels = (0..<8).map { _ in Label() }
        for (index, label) in labels.enumerated() {
            theme.bind(label, \.textColor) { env in
                runs.increment()
                return "\(index)" + env.style.rawValue
            }
        }
        #expect(runs.count == 8)
        theme.style = .dark
        #expect(runs.count == 16)
        #expect(labels.enumerated().allSatisfy { index, label in label.textColor == "\(index)dark" })
    }

    @Test("a provider that returns objects runs for each object, so none shares an instance")
    func objectValuesAreNotShared() {
        let theme = makeTheme()
        let swatches = (0..<6).map { _ in Swatch() }
        for swatch in swatches {
            theme.bind(swatch, \.color) { env in
                objectRuns.increment()
                return ColorObject(env[Palette.self].text)
            }
        }
        #expect(objectRuns.count == 6)
        let colors = swatches.compactMap(\.color)
        #expect(colors.count == 6)
        #expect(Set(colors.map(ObjectIdentifier.init)).count == 6)
        #expect(colors.allSatisfy { $0.hex == "#000000" })
    }

    @Test("providers of existential values (which may be objects) run for each object")
    func existentialValuesAreNotShared() {
        let theme = makeTheme()
        let holders = (0..<4).map { _ in MarkerHolder() }
        for holder in holders {
            theme.bind(holder, \.marker) { _ in
                existentialRuns.increment()
                return MarkerObject()
            }
            theme.bind(holder, \.anyValue) { _ in
                existentialRuns.increment()
                return MarkerObject()
            }
        }
        #expect(existentialRuns.count == 8)
        let markers = holders.compactMap(\.marker).map(ObjectIdentifier.init)
        let values = holders.map { ObjectIdentifier($0.anyValue as AnyObject) }
        #expect(Set(markers).count == 4)
        #expect(Set(values).count == 4)
    }

    @Test("one capture-free closure bound to two key paths writes each its own property")
    func oneClosureTwoKeyPaths() {
        let theme = makeTheme()
        let labels = (0..<5).map { _ in Label() }
        for label in labels {
            theme.bind(label, \.textColor, styleName)
            theme.bind(label, \.background, styleName)
        }
        theme.style = .dark
        #expect(labels.allSatisfy { $0.textColor == "dark#000000" && $0.background == "dark#000000" })
        theme.unbind(labels[0], \.textColor)
        theme.style = .light
        #expect(labels[0].textColor == "dark#000000")
        #expect(labels[0].background == "light#000000")
        #expect(labels.dropFirst().allSatisfy { $0.textColor == "light#000000" && $0.background == "light#000000" })
    }

    @Test("a capture-free provider that reads isInitialApplication runs per object")
    func initialApplicationIsPerObject() {
        let theme = makeTheme()
        func bind(_ label: Label) {
            theme.bind(label, \.textColor) { env in
                initialRuns.increment()
                return env.isInitialApplication ? "first" : "later"
            }
        }
        let first = Label()
        bind(first)
        theme.refresh(first)
        let second = Label()
        bind(second)
        #expect(first.textColor == "later")
        #expect(second.textColor == "first")
        #expect(initialRuns.count == 3)
    }

    @Test("shared closure results keep each object's appearance and fine-grained dependencies")
    func appearancesAndDependencies() {
        let theme = makeTheme()
        let dark = ThemeNode(parent: theme.root)
        dark.overrideStyle = .dark
        let labels = (0..<12).map { _ in Label() }
        for (index, label) in labels.enumerated() {
            theme.bind(label, \.textColor, in: index.isMultiple(of: 2) ? nil : dark) { env in
                readRuns.increment()
                return env.style.rawValue + env[Palette.self].text
            }
        }
        #expect(
            labels.enumerated().allSatisfy { index, label in
                label.textColor == (index.isMultiple(of: 2) ? "light#000000" : "dark#000000")
            })
        // Nothing read Metrics: applying it runs nothing.
        let runs = readRuns.count
        theme.apply(Metrics(cornerRadius: 2))
        #expect(readRuns.count == runs)
        theme.apply(Palette(background: "", text: "#1"))
        #expect(readRuns.count > runs)
        #expect(
            labels.enumerated().allSatisfy { index, label in
                label.textColor == (index.isMultiple(of: 2) ? "light#1" : "dark#1")
            })
        dark.overrideStyle = nil
        #expect(labels.allSatisfy { $0.textColor == "light#1" })
    }

    @Test("an object that copies a shared value takes on what the provider read for it, not what it read before")
    func copiedValuesUpdateDependencies() {
        let theme = makeTheme()
        let labels = (0..<10).map { _ in Label() }
        for label in labels {
            // Reads the palette only when dark.
            theme.bind(label, \.textColor) { env in
                branchRuns.increment()
                return env.style == .dark ? env[Palette.self].text : "plain"
            }
        }
        #expect(labels.allSatisfy { $0.textColor == "plain" })
        // Light: nothing read the palette, so applying one runs nothing.
        theme.apply(Palette(background: "", text: "#A"))
        #expect(branchRuns.count == 1)
        #expect(labels.allSatisfy { $0.textColor == "plain" })
        theme.style = .dark
        #expect(branchRuns.count == 2)
        #expect(labels.allSatisfy { $0.textColor == "#A" })
        // Every object copied the dark value and now depends on the palette too.
        theme.apply(Palette(background: "", text: "#B"))
        #expect(branchRuns.count == 3)
        #expect(labels.allSatisfy { $0.textColor == "#B" })
        #expect(theme.checkInvariants() == [])
    }
}
