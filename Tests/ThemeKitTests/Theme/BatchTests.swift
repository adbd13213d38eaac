import Testing
import ThemeKit

@Suite struct BatchTests {
    @Test("inside a batch each binding runs at most once and observers see the final value once")
    func batchCoalesces() {
        let theme = makeTheme()
        let label = Label()
        let runs = Counter()
        theme.bind(label, \.textColor) { env in
            runs.increment()
            return "\(env.style.rawValue) \(env[Palette.self].text) \(env[Metrics.self].cornerRadius)"
        }
        let seen = Counter()
        let token = theme.observe(Palette.self) { palette in seen.increment(palette.text) }
        let events = Counter()
        let subscription = theme.events.subscribe { events.increment($0.description) }
        theme.batch {
            theme.style = .dark
            theme.apply(Palette(background: "#000000", text: "#111111"))
            theme.apply(Palette(background: "#000000", text: "#222222"))
            theme.apply(Metrics(cornerRadius: 4))
            theme.style = .sepia
            #expect(runs.count == 1, "nothing runs before the batch ends")
        }
        #expect(runs.count == 2)
        #expect(label.textColor == "sepia #222222 4.0")
        #expect(seen.entries == ["#222222"])
        #expect(events.entries.filter { $0.hasPrefix("style") } == ["style changed to sepia"])
        _ = (token, subscription)
    }

    @Test("nested batches deliver once, when the outermost ends; a throwing batch still delivers")
    func nestedAndThrowing() {
        struct Failure: Error {}
        let theme = makeTheme()
        let label = Label()
        let runs = Counter()
        theme.bind(label, \.cornerRadius) { env in
            runs.increment()
            return env[Metrics.self].cornerRadius
        }
        theme.batch {
            theme.apply(Metrics(cornerRadius: 1))
            theme.batch { theme.apply(Metrics(cornerRadius: 2)) }
            #expect(runs.count == 1)
        }
        #expect(runs.count == 2)
        #expect(throws: Failure.self) {
            try theme.batch {
                theme.apply(Metrics(cornerRadius: 3))
                throw Failure()
            }
        }
        #expect(label.cornerRadius == 3)
    }

    @Test("a change undone within a batch runs nothing")
    func undoneChangeRunsNothing() {
        let theme = makeTheme()
        theme.style = .light
        let label = Label()
        let runs = Counter()
        theme.bind(label, \.textColor) { env in
            runs.increment()
            return env.style.rawValue
        }
        theme.batch {
            theme.style = .dark
            theme.style = .light
        }
        #expect(runs.count == 1)
    }
}
