import Dispatch
import Foundation
import Testing
import ThemeKit
import ThemeKitTestSupport

/// A screen that owns a label and decides its colour from its own state, as a view
/// controller would.
// Sound: touched only by the thread driving the theme in each test.
private final class Screen: @unchecked Sendable {
    let label = Label()
    var isSelected = false
}

/// Binds through a key path that reaches `bind` as a value, not a literal (unspecialised).
@inline(never)
private func bindThroughVariable<Object: AnyObject, Value>(
    _ theme: Theme, _ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, Value>,
    _ provider: @escaping @Sendable (ThemeContext) -> Value
) {
    theme.bind(object, keyPath, provider)
}

/// A `configure()` of a reused cell: customizes the same label from one place on every call.
private func configure(_ label: Label, in theme: Theme) {
    theme.customize(label) { label, env in label.customized += env.style == .dark ? 10 : 1 }
}

@Suite("Binding spellings: key paths, providers given the object, customize identity")
struct BindingSpellingTests {
    @Test("a provider given the object reads its state without capturing it, and refresh re-runs it")
    func providerReceivesTheObject() {
        let theme = makeTheme()
        let states = [false, true]
        let labels = states.map { selected -> Label in
            let label = Label()
            label.customized = selected ? 1 : 0
            return label
        }
        for label in labels {
            theme.bind(label, \.textColor) { label, env in
                label.customized == 1 ? env[Palette.self].text : env[Palette.self].background
            }
        }
        #expect(labels.map(\.textColor) == ["#FFFFFF", "#000000"])
        labels[0].customized = 1
        theme.refresh(labels[0])
        #expect(labels[0].textColor == "#000000")
        theme.apply(Palette(background: "#101010", text: "#202020"))
        #expect(labels.map(\.textColor) == ["#202020", "#202020"])
        #expect(theme.checkInvariants() == [])
    }

    @Test("a setter binding whose provider is given the object replaces the env-only one of its key path")
    func setterWithObjectProvider() {
        let theme = makeTheme()
        let label = Label()
        theme.bind(label, \.textColor, set: { $0.textColor = "env " + $1 }) { env in env.style.rawValue }
        #expect(label.textColor == "env light")
        label.customized = 7
        theme.bind(label, \.textColor, set: { $0.textColor = "object " + $1 }) { label, env in
            "\(label.customized) \(env.style.rawValue)"
        }
        #expect(label.textColor == "object 7 light")
        #expect(theme.bindingCount == 1)
        theme.style = .dark
        #expect(label.textColor == "object 7 dark")
    }

    @Test("a screen bound through providers given the object is freed when the app lets it go")
    func providerGivenTheObjectDoesNotKeepItsOwner() {
        let theme = makeTheme()
        weak var released: Screen?
        do {
            let screen = Screen()
            released = screen
            // The provider reads the label it is given; nothing captures the screen.
            theme.bind(screen.label, \.textColor) { label, env in
                label.customized > 0 ? env[Palette.self].text : env[Palette.self].background
            }
            theme.customize(screen.label) { label, env in label.cornerRadius = env.style == .dark ? 2 : 1 }
            #expect(screen.label.textColor == "#FFFFFF")
            #expect(screen.label.cornerRadius == 1)
        }
        #expect(released == nil)
        theme.pruneReleasedObjects()
        #expect(theme.trackedObjectCount == 0)
    }

    @Test("customize called again from the same place replaces its closure; other places and ids add")
    func customizeFromOnePlaceDoesNotPileUp() {
        let theme = makeTheme()
        let label = Label()
        for _ in 0..<500 { configure(label, in: theme) }
        #expect(theme.bindingCount == 1)
        #expect(label.customized == 500)
        label.customized = 0
        theme.style = .dark
        #expect(label.customized == 10)
        // A second place adds a closure; ids name several closures from one place.
        theme.customize(label) { label, _ in label.cornerRadius += 1 }
        for id in ["a", "b", "c"] {
            theme.customize(label, id: id) { label, _ in label.background += id }
        }
        #expect(theme.bindingCount == 5)
        #expect(label.background == "abc")
        #expect(theme.checkInvariants() == [])
    }

    @Test("a key path that is not a literal still binds, through the key-path runtime")
    func nonLiteralKeyPathFallsBack() {
        let theme = makeTheme()
        let label = Label()
        let paths: [ReferenceWritableKeyPath<Label, String>] = [\.textColor, \.background]
        for path in paths { bindThroughVariable(theme, label, path) { env in env.style.rawValue } }
        #expect(label.textColor == "light")
        #expect(label.background == "light")
        theme.style = .dark
        #expect(label.textColor == "dark")
        #expect(label.background == "dark")
        // The same key path as a literal is the same binding.
        theme.bind(label, \.textColor) { _ in "literal" }
        #expect(theme.bindingCount == 2)
        #expect(label.textColor == "literal")
        theme.unbind(label, \.background)
        #expect(theme.bindingCount == 1)
    }

    @Test("bind and ThemeNode(parent:) on main deliver only their own first value while a change waits for main")
    func callsDoNotDeliverWaitingWork() async {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .mainThread)
        let first = Label()
        await onMainQueue { theme.bind(first, \.textColor) { env in env.style.rawValue } }
        #expect(first.textColor == "light")
        let second = Label()
        let observed = ObservedOnMain()
        let changed = DispatchSemaphore(value: 0)
        // Runs on main before the delivery the background change schedules. The test waits
        // for it to start by suspending, never by blocking a thread of the cooperative pool
        // (another test may hold the main queue meanwhile).
        await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
                started.resume()
                changed.wait()
                let node = ThemeNode(parent: theme.root)
                observed.afterNode = first.textColor
                theme.bind(second, \.textColor, in: node) { env in env.style.rawValue }
                observed.afterBind = (first.textColor, second.textColor)
                withExtendedLifetime(node) {}
            }
        }
        Thread.detachNewThread {
            theme.style = .dark
            changed.signal()
        }
        await onMainQueue {}
        // Inside the main-queue block nothing else was delivered: the first label kept
        // its value, the new binding ran against what was last delivered.
        #expect(observed.afterNode == "light")
        #expect(observed.afterBind?.0 == "light")
        #expect(observed.afterBind?.1 == "light")
        // The waiting delivery then brought both up to date.
        await onMainQueue {}
        #expect(first.textColor == "dark")
        #expect(second.textColor == "dark")
    }
}

/// What the main-queue block saw.
// Sound: written on the main queue, read after it was drained.
private final class ObservedOnMain: @unchecked Sendable {
    var afterNode: String?
    var afterBind: (String, String)?
}

/// Runs `body` on the main queue and waits for it (and everything queued before it).
private func onMainQueue(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async {
            body()
            continuation.resume()
        }
    }
}
