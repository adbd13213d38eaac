import Dispatch
import Foundation
import Testing
import ThemeKit

/// A label whose text colour has an observer, so the key path is not a plain stored property.
// Sound: only the thread driving the theme in each test touches it.
final class ObservedLabel: @unchecked Sendable {
    var writes = 0
    var textColor = "" { didSet { writes += 1 } }
}

/// A reference type, to see that a shared value is one instance.
// Sound: immutable after init.
final class ColorObject: @unchecked Sendable {
    let hex: String
    init(_ hex: String) { self.hex = hex }
}

// Sound: only the thread driving the theme in each test touches it.
final class Swatch: @unchecked Sendable {
    var color: ColorObject?
}

/// Declared as the docs recommend: a static member, so `theme.bind(label, .bodyText)` reads well.
extension ThemedProperty where Object == Label, Value == String {
    static let bodyText = ThemedProperty(\.textColor) { env in env[Palette.self].text }
}

@Suite struct ThemedPropertyTests {
    @Test("a property declared as a static member is one shared instance, usable with dot syntax")
    func staticMemberIdiom() {
        let theme = makeTheme()
        let labels = (0..<3).map { _ in Label() }
        for label in labels { theme.bind(label, .bodyText) }
        #expect(ThemedProperty<Label, String>.bodyText === ThemedProperty<Label, String>.bodyText)
        theme.apply(Palette(background: "", text: "#0A0A0A"))
        #expect(labels.allSatisfy { $0.textColor == "#0A0A0A" })
    }

    @Test("one provider run per appearance serves every bound object, and a switch runs it once more")
    func providerRunsOncePerAppearance() {
        let theme = makeTheme()
        let runs = Counter()
        let text = ThemedProperty(\Label.textColor) { env in
            runs.increment()
            return env.style == .dark ? env[Palette.self].background : env[Palette.self].text
        }
        let labels = (0..<50).map { _ in Label() }
        theme.batch { for label in labels { theme.bind(label, text) } }
        #expect(labels.allSatisfy { $0.textColor == "#000000" })
        #expect(runs.count == 1)
        theme.style = .dark
        #expect(labels.allSatisfy { $0.textColor == "#FFFFFF" })
        #expect(runs.count == 2)
        // Bound one by one, the value is still shared while the theme's values stay the same.
        let more = (0..<20).map { _ in Label() }
        for label in more { theme.bind(label, text) }
        #expect(more.allSatisfy { $0.textColor == "#FFFFFF" })
        #expect(runs.count == 2)
        #expect(theme.bindingCount == 70)
    }

    @Test("switching back to an appearance while the values stay the same takes the value kept for it")
    func switchingBackTakesTheKeptValue() {
        let theme = makeTheme()
        let runs = Counter()
        let text = ThemedProperty(\Label.textColor) { env in
            runs.increment(env.style.rawValue)
            return env.style.rawValue + ":" + env[Palette.self].text
        }
        let labels = (0..<30).map { _ in Label() }
        theme.batch { for label in labels { theme.bind(label, text) } }
        for _ in 0..<5 {
            theme.style = .dark
            #expect(labels.allSatisfy { $0.textColor == "dark:#000000" })
            theme.style = .light
            #expect(labels.allSatisfy { $0.textColor == "light:#000000" })
        }
        #expect(runs.entries == ["light", "dark"])
        // New values: each appearance runs once more, then is kept again.
        theme.apply(Palette(background: "#111111", text: "#222222"))
        #expect(labels.allSatisfy { $0.textColor == "light:#222222" })
        theme.style = .dark
        theme.style = .light
        theme.style = .dark
        #expect(labels.allSatisfy { $0.textColor == "dark:#222222" })
        #expect(runs.entries == ["light", "dark", "light", "dark"])
        // A third appearance is kept too.
        theme.style = ThemeStyle(rawValue: "sepia")
        #expect(labels.allSatisfy { $0.textColor == "sepia:#222222" })
        theme.style = .dark
        theme.style = .light
        #expect(labels.allSatisfy { $0.textColor == "light:#222222" })
        #expect(runs.entries == ["light", "dark", "light", "dark", "sepia"])
        #expect(theme.checkInvariants() == [])
    }

    @Test("a variant switch or a variant's new values are new values: kept results are not reused")
    func variantsInvalidateKeptValues() {
        let theme = makeTheme()
        let text = ThemedProperty(\Label.textColor) { env in env[Palette.self].text }
        theme.apply(
            variant: PaletteVariant(
                id: "ocean", light: Palette(background: "", text: "ocean light"),
                dark: Palette(background: "", text: "ocean dark")))
        let labels = (0..<10).map { _ in Label() }
        for label in labels { theme.bind(label, text) }
        theme.style = .dark
        theme.style = .light
        #expect(labels.allSatisfy { $0.textColor == "ocean light" })
        theme.apply(
            variant: PaletteVariant(
                id: "ember", light: Palette(background: "", text: "ember light"),
                dark: Palette(background: "", text: "ember dark")))
        #expect(labels.allSatisfy { $0.textColor == "ember light" })
        theme.style = .dark
        #expect(labels.allSatisfy { $0.textColor == "ember dark" })
        theme.style = .light
        #expect(labels.allSatisfy { $0.textColor == "ember light" })
    }

    @Test("more appearances than one stamp can key still give every object its own appearance's value")
    func manyAppearances() {
        let theme = makeTheme()
        let text = ThemedProperty(\Label.textColor) { env in env.style.rawValue }
        let labels = (0..<8).map { _ in Label() }
        for label in labels { theme.bind(label, text) }
        // More than the 64 appearance keys one stamp has (`SharedResultCache.appearanceLimit`).
        let styles = (0..<80).map { ThemeStyle(rawValue: "style \($0)") }
        for _ in 0..<2 {
            for style in styles {
                theme.style = style
                #expect(labels.allSatisfy { $0.textColor == style.rawValue })
            }
        }
        #expect(theme.checkInvariants() == [])
    }

    @Test("shared results keep fine-grained dependencies: only a change to what the provider read re-runs it")
    func dependenciesOfSharedResults() {
        let theme = makeTheme()
        let runs = Counter()
        let text = ThemedProperty(\Label.textColor) { env in
            runs.increment()
            return env[Palette.self].text
        }
        let labels = (0..<10).map { _ in Label() }
        for label in labels { theme.bind(label, text) }
        theme.apply(Metrics(cornerRadius: 3))
        theme.style = .dark
        #expect(runs.count == 1)
        theme.apply(Palette(background: "#111111", text: "#222222"))
        #expect(runs.count == 2)
        #expect(labels.allSatisfy { $0.textColor == "#222222" })
    }

    @Test("objects under different overrides get the value of their own appearance")
    func perAppearanceValues() {
        let theme = makeTheme()
        let dark = ThemeNode(parent: theme.root)
        dark.overrideStyle = .dark
        let highContrast = ThemeNode(parent: dark)
        highContrast.overrideContrast = .increased
        let text = ThemedProperty(\Label.textColor) { env in "\(env.style.rawValue)/\(env.contrast)" }
        var labels: [(Label, String)] = []
        for index in 0..<30 {
            let label = Label()
            let (node, expected) = [
                (nil, "light/standard"), (dark, "dark/standard"), (highContrast, "dark/increased"),
            ][
                index % 3]
            theme.bind(label, text, in: node)
            labels.append((label, expected))
        }
        #expect(labels.allSatisfy { $0.0.textColor == $0.1 })
        theme.style = .dark
        dark.overrideStyle = .sepia
        let after = ["dark/standard", "sepia/standard", "sepia/increased"]
        #expect(labels.enumerated().allSatisfy { index, entry in entry.0.textColor == after[index % 3] })
        #expect(labels[0].0.textColor == "dark/standard")
        #expect(labels[1].0.textColor == "sepia/standard")
        #expect(labels[2].0.textColor == "sepia/increased")
    }

    @Test("a provider that reads isInitialApplication runs per object")
    func initialApplicationIsPerObject() {
        let theme = makeTheme()
        let runs = Counter()
        let text = ThemedProperty(\Label.textColor) { env in
            runs.increment()
            return env.isInitialApplication ? "first" : "later"
        }
        let first = Label()
        theme.bind(first, text)
        theme.refresh(first)
        let second = Label()
        theme.bind(second, text)
        #expect(first.textColor == "later")
        #expect(second.textColor == "first")
        #expect(runs.count == 3)
    }

    @Test("every object receives the same instance of a shared value")
    func sharedInstance() {
        let theme = makeTheme()
        let color = ThemedProperty(\Swatch.color) { env in ColorObject(env[Palette.self].text) }
        let swatches = (0..<5).map { _ in Swatch() }
        theme.batch { for swatch in swatches { theme.bind(swatch, color) } }
        let first = try! #require(swatches[0].color)
        #expect(swatches.allSatisfy { $0.color === first })
        #expect(first.hex == "#000000")
    }

    @Test("a property with an observer is written through its key path, so the observer runs")
    func observedPropertyIsWrittenThroughKeyPath() {
        let theme = makeTheme()
        let text = ThemedProperty(\ObservedLabel.textColor) { env in env.style.rawValue }
        let labels = (0..<3).map { _ in ObservedLabel() }
        for label in labels { theme.bind(label, text) }
        theme.style = .dark
        #expect(labels.allSatisfy { $0.textColor == "dark" && $0.writes == 2 })
    }

    @Test("a themed property and a closure replace each other on the same key path")
    func replacesClosureBinding() {
        let theme = makeTheme()
        let label = Label()
        theme.bind(label, \.textColor) { _ in "closure" }
        theme.bind(label, ThemedProperty(\Label.textColor) { _ in "shared" })
        #expect(label.textColor == "shared")
        #expect(theme.bindingCount == 1)
        theme.bind(label, \.textColor) { env in "closure " + env.style.rawValue }
        theme.style = .dark
        #expect(label.textColor == "closure dark")
        #expect(theme.bindingCount == 1)
        theme.unbind(label, \.textColor)
        #expect(theme.bindingCount == 0)
    }

    @Test("one property serves several themes, each with its own values")
    func severalThemes() {
        let light = makeTheme()
        let dark = makeTheme()
        dark.style = .dark
        let text = ThemedProperty(\Label.textColor) { env in env.style.rawValue + env[Palette.self].text }
        let a = Label()
        let b = Label()
        light.bind(a, text)
        dark.bind(b, text)
        light.apply(Palette(background: "", text: "#1"))
        #expect(a.textColor == "light#1")
        #expect(b.textColor == "dark#000000")
    }

    @Test("more properties than cache slots still give every object its own property's value")
    func manyProperties() {
        let theme = makeTheme()
        let properties = (0..<600).map { index in
            ThemedProperty(\Label.textColor) { env in "\(index)-\(env.style.rawValue)" }
        }
        let labels = (0..<1200).map { _ in Label() }
        theme.batch { for (index, label) in labels.enumerated() { theme.bind(label, properties[index % 600]) } }
        theme.style = .dark
        for (index, label) in labels.enumerated() { #expect(label.textColor == "\(index % 600)-dark") }
    }

    @Test("themes on different threads share properties safely")
    func concurrentThemes() {
        let text = ThemedProperty(\Label.textColor) { env in env.style.rawValue + env[Palette.self].text }
        let radius = ThemedProperty(\Label.cornerRadius) { env in env[Metrics.self].cornerRadius }
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let theme = makeTheme()
            let labels = (0..<200).map { _ in Label() }
            for label in labels {
                theme.bind(label, text)
                theme.bind(label, radius)
            }
            for step in 0..<50 {
                theme.style = step % 2 == 0 ? .dark : .light
                theme.apply(Palette(background: "", text: "#\(worker)-\(step)"))
                theme.apply(Metrics(cornerRadius: Double(worker * 100 + step)))
                let expected = (step % 2 == 0 ? "dark" : "light") + "#\(worker)-\(step)"
                for label in labels
                where label.textColor != expected || label.cornerRadius != Double(worker * 100 + step) {
                    failures.increment()
                }
            }
        }
        #expect(failures.count == 0)
    }

    @Test("refresh re-runs a themed property's provider, and the objects bound later get the new value")
    func refreshRerunsThemedProperty() {
        let theme = makeTheme()
        // State the provider reads besides its context (a Dynamic Type size, say).
        let scale = Locked(1.0)
        let runs = Counter()
        let radius = ThemedProperty(\Label.cornerRadius) { env in
            runs.increment()
            return env[Metrics.self].cornerRadius * scale.withLock { $0 }
        }
        let labels = (0..<4).map { _ in Label() }
        for label in labels { theme.bind(label, radius) }
        #expect(runs.count == 1)
        #expect(labels.allSatisfy { $0.cornerRadius == 8 })
        scale.withLock { $0 = 2 }
        theme.refresh(labels[0])
        #expect(runs.count == 2)
        #expect(labels.map(\.cornerRadius) == [16, 8, 8, 8])
        let late = Label()
        theme.bind(late, radius)
        #expect(late.cornerRadius == 16)
        #expect(runs.count == 2)
    }

    /// The theme remembers the works of the properties bound lately by the properties'
    /// addresses: a property released and swept must not be found again by a new property
    /// that the allocator places where it was (the class of issue #28).
    @Test("themed properties bound in turn, then released and replaced by new ones, each write their own values")
    func propertiesMadeWhereReleasedOnesWereWriteTheirOwnValues() {
        let theme = makeTheme()
        for round in 0..<40 {
            do {
                let text = ThemedProperty(\Label.textColor) { env in "text\(round)-\(env.style)" }
                let background = ThemedProperty(\Label.background) { env in "background\(round)-\(env.style)" }
                let labels = (0..<8).map { _ in Label() }
                // Object after object, property after property: the order views bind in.
                for label in labels {
                    theme.bind(label, text)
                    theme.bind(label, background)
                }
                #expect(labels.allSatisfy { $0.textColor == "text\(round)-light" }, "round \(round)")
                #expect(labels.allSatisfy { $0.background == "background\(round)-light" }, "round \(round)")
                theme.style = .dark
                #expect(labels.allSatisfy { $0.textColor == "text\(round)-dark" }, "round \(round)")
                theme.style = .light
                #expect(theme.checkInvariants() == [], "round \(round)")
            }
            // The labels and properties are gone: the sweep drops the properties' works.
            theme.pruneReleasedObjects()
            #expect(theme.keyPathBookkeeping()?.sharedWorks == 0, "round \(round)")
        }
    }
}
