import Foundation
import Observation
import Testing
import ThemeKit
import ThemeKitTestSupport

/// What a UIKit property is: a computed property whose setter does work.
// Sound: test objects are only touched by the thread that drives the theme in each test.
private final class ComputedView: @unchecked Sendable {
    private var storage = ""
    private(set) var setterCalls = 0
    var textColor: String {
        get { storage }
        set {
            storage = newValue
            setterCalls += 1
        }
    }
}

/// A stored property with an observer, as a view model would have.
// Sound: see ComputedView.
private class ObservedView: @unchecked Sendable {
    var didSetCalls = 0
    var tint = "" { didSet { didSetCalls += 1 } }
}

/// A subclass that overrides the observer: both run on each write.
// Sound: see ComputedView.
private final class SubclassedView: ObservedView, @unchecked Sendable {
    var overrideCalls = 0
    override var tint: String { didSet { overrideCalls += 1 } }
}

private struct Badge {
    var text = ""
    var icon: AnyObject?
}

/// A property reached through an optional: the write goes through `badge`'s setter.
// Sound: see ComputedView.
private final class BadgeHolder: @unchecked Sendable {
    var badgeWrites = 0
    var badge: Badge? = Badge() { didSet { badgeWrites += 1 } }
}

/// A value that counts its live instances, to check who owns it.
// Sound: `name` is a `let`; the count is only touched under its lock.
private final class TrackedColor: @unchecked Sendable {
    private static let lock = NSLock()
    // Sound: only touched under `lock`.
    nonisolated(unsafe) private static var count = 0
    /// How many instances are alive.
    static var live: Int { lock.withLock { count } }

    let name: String
    init(_ name: String) {
        self.name = name
        Self.lock.withLock { Self.count += 1 }
    }
    deinit { Self.lock.withLock { Self.count -= 1 } }
}

/// Holds a reference value, as a view holds a `UIColor`.
// Sound: see ComputedView.
private final class SwatchView: @unchecked Sendable {
    var color: TrackedColor?
    var setterCalls = 0
    var swatch: TrackedColor? {
        get { color }
        set {
            color = newValue
            setterCalls += 1
        }
    }
}

/// A setter written as a function that borrows its value (not `consuming`).
private func assignSwatch(_ view: SwatchView, _ color: TrackedColor?) { view.swatch = color }

@Observable
private final class Model: @unchecked Sendable {
    var tint = ""
}

/// Every write to a bound property goes through its setter: `didSet`, computed
/// properties, Observation and exclusivity behave as Swift promises.
///
/// Serialized: two of its tests count live `TrackedColor`s in one process-wide counter, and
/// run side by side they saw each other's values (10 alive where 4 were expected, under TSan).
@Suite(.serialized) struct SetterTests {
    @Test("a key-path binding of a computed property calls its setter on every write")
    func keyPathWritesCallComputedSetters() {
        let theme = makeTheme()
        let views = (0..<5).map { _ in ComputedView() }
        for view in views { theme.bind(view, \.textColor) { env in env[Palette.self].text } }
        #expect(views.allSatisfy { $0.textColor == "#000000" && $0.setterCalls == 1 })
        theme.apply(Palette(background: "", text: "#123456"))
        #expect(views.allSatisfy { $0.textColor == "#123456" && $0.setterCalls == 2 })
    }

    @Test("a setter-closure binding calls the setter it was given, once per write")
    func setterClosureBinding() {
        let theme = makeTheme()
        let view = ComputedView()
        theme.bind(view, \.textColor, set: { $0.textColor = $1 }) { env in env.style.rawValue }
        #expect(view.textColor == "light")
        #expect(view.setterCalls == 1)
        theme.style = .dark
        #expect(view.textColor == "dark")
        #expect(view.setterCalls == 2)
        // The key path is the binding's identity: binding it again replaces it, unbind removes it.
        theme.bind(view, \.textColor, set: { $0.textColor = "replaced " + $1 }) { env in env.style.rawValue }
        #expect(view.textColor == "replaced dark")
        #expect(theme.bindingCount == 1)
        theme.unbind(view, \.textColor)
        theme.style = .light
        #expect(view.textColor == "replaced dark")
        #expect(view.setterCalls == 3)
    }

    @Test("setters take the provider's value over: reference values are neither leaked nor released early")
    func settersOwnTheirValues() {
        let before = TrackedColor.live
        do {
            let theme = makeTheme()
            let views = (0..<4).map { _ in SwatchView() }
            let shared = ThemedProperty(\SwatchView.swatch, set: { $0.swatch = $1 }) { env in
                TrackedColor("shared " + env.style.rawValue)
            }
            theme.bind(views[0], \.swatch, set: { $0.swatch = $1 }) { env in
                TrackedColor("closure " + env.style.rawValue)
            }
            theme.bind(views[1], \.swatch, set: assignSwatch) { env in TrackedColor("function " + env.style.rawValue) }
            theme.bind(views[2], shared)
            theme.bind(views[3], shared)
            for style in [ThemeStyle.dark, .light, .dark] { theme.style = style }
            #expect(views.map { $0.swatch?.name } == ["closure dark", "function dark", "shared dark", "shared dark"])
            #expect(views.allSatisfy { $0.setterCalls == 4 })
            // The two objects of the themed property hold the one value it computed.
            #expect(views[2].swatch === views[3].swatch)
            // Alive: one value per closure binding, the themed property's value for each
            // appearance it kept (light and dark).
            #expect(TrackedColor.live - before == 4)
            theme.unbind(views[0], \.swatch)
            views[0].swatch = nil
            // The theme keeps the themed property's values and the views the others: alive
            // through the check, also in an optimised build (which may end them at their last use).
            withExtendedLifetime((theme, views)) { #expect(TrackedColor.live - before == 3) }
        }
        #expect(TrackedColor.live == before)
    }

    @Test("a setter binding's closures, and what they capture, go when it is unbound, replaced or its theme goes")
    func setterClosuresAreReleased() {
        let before = TrackedColor.live
        do {
            let theme = makeTheme()
            let views = (0..<3).map { _ in SwatchView() }
            for view in views {
                // Each closure captures its own tracked value.
                let captured = TrackedColor("captured")
                let suffix = TrackedColor("suffix")
                theme.bind(
                    view, \.swatch,
                    set: { view, color in
                        view.swatch = color
                        _ = suffix
                    }
                ) { _ in captured }
            }
            #expect(TrackedColor.live - before == 6)
            theme.unbind(views[0], \.swatch)
            views[0].swatch = nil
            #expect(TrackedColor.live - before == 4)
            // Binding the same key path again replaces the binding and its closures.
            theme.bind(views[1], \.swatch, set: { $0.swatch = $1 }) { _ in nil }
            #expect(views[1].swatch == nil)
            #expect(TrackedColor.live - before == 2)
        }
        #expect(TrackedColor.live == before)
    }

    @Test("a themed property with a setter closure writes every object through it, computing once per appearance")
    func themedPropertyWithSetter() {
        let theme = makeTheme()
        let runs = Counter()
        let property = ThemedProperty(\ComputedView.textColor, set: { $0.textColor = $1 }) { env in
            runs.increment()
            return env[Palette.self].text
        }
        let views = (0..<6).map { _ in ComputedView() }
        theme.batch { for view in views { theme.bind(view, property) } }
        #expect(runs.count == 1)
        #expect(views.allSatisfy { $0.textColor == "#000000" && $0.setterCalls == 1 })
        theme.apply(Palette(background: "", text: "#ABCDEF"))
        #expect(runs.count == 2)
        #expect(views.allSatisfy { $0.textColor == "#ABCDEF" && $0.setterCalls == 2 })
    }

    @Test("didSet runs on each write, and so does a subclass's overriding observer")
    func didSetObservers() {
        let theme = makeTheme()
        let plain = ObservedView()
        let subclassed = SubclassedView()
        theme.bind(plain, \.tint) { env in env.style.rawValue }
        theme.bind(subclassed as ObservedView, \.tint) { env in env.style.rawValue }
        theme.style = .dark
        theme.style = .light
        #expect(plain.tint == "light")
        #expect(plain.didSetCalls == 3)
        #expect(subclassed.tint == "light")
        #expect(subclassed.didSetCalls == 3)
        #expect(subclassed.overrideCalls == 3)
    }

    @Test("a themed property writes through didSet too, for every object")
    func themedPropertyRunsDidSet() {
        let theme = makeTheme()
        let property = ThemedProperty(\ObservedView.tint) { env in env.style.rawValue }
        let views: [ObservedView] = [ObservedView(), SubclassedView(), ObservedView()]
        for view in views { theme.bind(view, property) }
        theme.style = .dark
        #expect(views.allSatisfy { $0.tint == "dark" && $0.didSetCalls == 2 })
        #expect((views[1] as? SubclassedView)?.overrideCalls == 2)
    }

    @Test("a write through an optional in the key path goes through the optional's setter")
    func writesThroughOptionals() {
        let theme = makeTheme()
        let holder = BadgeHolder()
        theme.bind(holder, \.badge!.text) { env in env.style.rawValue }
        #expect(holder.badge?.text == "light")
        #expect(holder.badgeWrites == 1)
        holder.badge = Badge(text: "new", icon: nil)
        theme.style = .dark
        #expect(holder.badge?.text == "dark")
        #expect(holder.badgeWrites == 3)
        // Unbound and then set to nil, the optional stays nil: nothing writes behind its back.
        theme.unbind(holder, \.badge!.text)
        holder.badge = nil
        theme.style = .light
        #expect(holder.badge == nil)
    }

    @Test("an @Observable model's observers see every write the theme makes")
    func observableModels() {
        let theme = makeTheme()
        let model = Model()
        theme.bind(model, \.tint) { env in env.style.rawValue }
        let changes = Counter()
        func track() {
            withObservationTracking {
                _ = model.tint
            } onChange: {
                changes.increment()
            }
        }
        track()
        theme.style = .dark
        #expect(model.tint == "dark")
        #expect(changes.count == 1)
        track()
        theme.style = .light
        #expect(model.tint == "light")
        #expect(changes.count == 2)
    }

    @Test("a key-path write through an optional that became nil traps, as Swift promises, instead of resurrecting it")
    func writeThroughNilOptionalTraps() throws {
        let executable = try #require(
            ChildProcess.siblingExecutable(named: "ThemeKitCrashChild"),
            "ThemeKitCrashChild is not built beside the tests: run `swift build --build-tests` first")
        // Through env, so the Swift runtime's backtracer stays out of the way: it is slow,
        // and under AddressSanitizer it trips the sanitizer itself.
        let child = try ChildProcess(
            executable: "/usr/bin/env", arguments: ["SWIFT_BACKTRACE=enable=no", executable, "nil-optional", "-"])
        let termination = child.waitForExit()
        let lines = child.readRemainingLines(timeout: 10)
        #expect(lines.contains("before-switch"))
        #expect(!lines.contains { $0.hasPrefix("survived") }, "\(lines)")
        // A debug build says why it traps; an optimised one traps without the message.
        #if DEBUG
            #expect(lines.contains { $0.contains("Unexpectedly found nil") }, "\(lines)")
        #endif
        #expect(termination != .exited(0), "the child ended normally: \(lines)")
    }
}
