import Foundation
import Testing
import ThemeKit

/// A class-bound protocol, so a property can hold `any Marker` objects.
private protocol Marker: AnyObject {}
private final class MarkerObject: Marker {}
// Sound: only the thread driving the theme in each test touches it.
private final class MarkerHolder: @unchecked Sendable {
    var marker: (any Marker)?
    var anyValue: Any = 0
}

/// State a provider reads besides its `ThemeContext`, as Dynamic Type or a locale would be.
// Sound: `value` is only accessed under `lock`.
private final class OutsideState: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Double
    init(_ value: Double) { stored = value }
    var value: Double {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A provider stored once and bound to two key paths of the same value type.
private let styleName: @Sendable (ThemeContext) -> String = { env in env.style.rawValue + env[Palette.self].text }

// Globals, so the providers below count their runs without capturing anything.
private let captureFreeRuns = Counter()
private let initialRuns = Counter()

/// A closure binding runs its provider for each object it is bound to, captures or not.
@Suite struct ClosureBindingTests {
    @Test("a closure that captures nothing runs for each object it is bound to")
    func captureFreeClosureRunsPerObject() {
        let theme = makeTheme()
        let labels = (0..<40).map { _ in Label() }
        theme.batch {
            for label in labels {
                theme.bind(label, \.textColor) { env in
                    captureFreeRuns.increment()
                    return env.style == .dark ? env[Palette.self].background : env[Palette.self].text
                }
            }
        }
        #expect(labels.allSatisfy { $0.textColor == "#000000" })
        #expect(captureFreeRuns.count == 40)
        theme.style = .dark
        #expect(labels.allSatisfy { $0.textColor == "#FFFFFF" })
        #expect(captureFreeRuns.count == 80)
        theme.apply(Palette(background: "#101010", text: "#202020"))
        #expect(labels.allSatisfy { $0.textColor == "#101010" })
        #expect(captureFreeRuns.count == 120)
        #expect(theme.checkInvariants() == [])
    }

    @Test("refresh re-runs a provider that reads state outside its context, and so does every change it read")
    func refreshRerunsProvidersThatReadOutsideState() {
        let theme = makeTheme()
        let fontScale = OutsideState(1)
        let runs = Counter()
        let labels = (0..<3).map { _ in Label() }
        for label in labels {
            theme.bind(label, \.cornerRadius) { env in
                runs.increment()
                return (env.style == .dark ? 10 : 4) * fontScale.value
            }
        }
        #expect(labels.allSatisfy { $0.cornerRadius == 4 })
        #expect(runs.count == 3)
        fontScale.value = 2
        // Only the refreshed object re-runs, and it sees the new outside state.
        theme.refresh(labels[0])
        #expect(runs.count == 4)
        #expect(labels.map(\.cornerRadius) == [8, 4, 4])
        theme.refresh(labels[0])
        #expect(runs.count == 5)
        // A change the providers read re-runs all of them, with the outside state of now.
        theme.style = .dark
        #expect(runs.count == 8)
        #expect(labels.allSatisfy { $0.cornerRadius == 20 })
        // A change they did not read runs none.
        theme.apply(Metrics(cornerRadius: 1))
        #expect(runs.count == 8)
    }

    @Test("refresh re-runs every provider and customize closure of the object, not only the new ones")
    func refreshRerunsEverything() {
        let theme = makeTheme()
        let label = Label()
        let runs = Counter()
        theme.bind(label, \.textColor) { env in
            runs.increment("text")
            return env[Palette.self].text
        }
        theme.bind(label, \.background) { _ in
            runs.increment("background")
            return "#FFFFFF"
        }
        theme.customize(label) { label, _ in
            runs.increment("customize")
            label.customized += 1
        }
        #expect(runs.entries == ["text", "background", "customize"])
        theme.refresh(label)
        #expect(runs.entries == ["text", "background", "customize", "text", "background", "customize"])
        #expect(label.customized == 2)
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

    @Test("a provider that returns objects gives each object its own instance")
    func objectValuesAreNotShared() {
        let theme = makeTheme()
        let swatches = (0..<6).map { _ in Swatch() }
        for swatch in swatches { theme.bind(swatch, \.color) { env in ColorObject(env[Palette.self].text) } }
        let colors = swatches.compactMap(\.color)
        #expect(colors.count == 6)
        #expect(Set(colors.map(ObjectIdentifier.init)).count == 6)
        #expect(colors.allSatisfy { $0.hex == "#000000" })
    }

    @Test("providers of existential values write each object its own value")
    func existentialValues() {
        let theme = makeTheme()
        let holders = (0..<4).map { _ in MarkerHolder() }
        for holder in holders {
            theme.bind(holder, \.marker) { _ in MarkerObject() }
            theme.bind(holder, \.anyValue) { _ in MarkerObject() }
        }
        let markers = holders.compactMap(\.marker).map(ObjectIdentifier.init)
        let values = holders.map { ObjectIdentifier($0.anyValue as AnyObject) }
        #expect(Set(markers).count == 4)
        #expect(Set(values).count == 4)
    }

    @Test("one closure bound to two key paths writes each its own property; unbinding one keeps the other")
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

    @Test("isInitialApplication is true on an object's first run only")
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

    @Test("closure bindings keep each object's appearance and fine-grained dependencies")
    func appearancesAndDependencies() {
        let theme = makeTheme()
        let dark = ThemeNode(parent: theme.root)
        dark.overrideStyle = .dark
        let runs = Counter()
        let labels = (0..<12).map { _ in Label() }
        for (index, label) in labels.enumerated() {
            theme.bind(label, \.textColor, in: index.isMultiple(of: 2) ? nil : dark) { env in
                runs.increment()
                return env.style.rawValue + env[Palette.self].text
            }
        }
        #expect(
            labels.enumerated().allSatisfy { index, label in
                label.textColor == (index.isMultiple(of: 2) ? "light#000000" : "dark#000000")
            })
        // Nothing read Metrics: applying it runs nothing.
        theme.apply(Metrics(cornerRadius: 2))
        #expect(runs.count == 12)
        theme.apply(Palette(background: "", text: "#1"))
        #expect(runs.count == 24)
        dark.overrideStyle = nil
        #expect(labels.allSatisfy { $0.textColor == "light#1" })
        // Only the six objects under the node re-ran.
        #expect(runs.count == 30)
    }

    @Test("a provider that reads an extension only when dark depends on it only while dark")
    func dependenciesFollowWhatWasRead() {
        let theme = makeTheme()
        let runs = Counter()
        let labels = (0..<10).map { _ in Label() }
        for label in labels {
            theme.bind(label, \.textColor) { env in
                runs.increment()
                return env.style == .dark ? env[Palette.self].text : "plain"
            }
        }
        theme.apply(Palette(background: "", text: "#A"))
        #expect(runs.count == 10)
        #expect(labels.allSatisfy { $0.textColor == "plain" })
        theme.style = .dark
        #expect(runs.count == 20)
        #expect(labels.allSatisfy { $0.textColor == "#A" })
        theme.apply(Palette(background: "", text: "#B"))
        #expect(runs.count == 30)
        #expect(labels.allSatisfy { $0.textColor == "#B" })
        #expect(theme.checkInvariants() == [])
    }

    @Test("customize with an id replaces the closure of that id; without one, each call adds a closure")
    func customizeIdentity() {
        let theme = makeTheme()
        let label = Label()
        let runs = Counter()
        theme.customize(label, id: "normal") { _, _ in runs.increment("normal 1") }
        theme.customize(label, id: "normal") { _, _ in runs.increment("normal 2") }
        theme.customize(label) { _, _ in runs.increment("anonymous 1") }
        theme.customize(label) { _, _ in runs.increment("anonymous 2") }
        #expect(theme.bindingCount == 3)
        theme.refresh(label)
        #expect(
            runs.entries == [
                "normal 1", "normal 2", "anonymous 1", "anonymous 2", "normal 2", "anonymous 1", "anonymous 2",
            ])
    }
}
