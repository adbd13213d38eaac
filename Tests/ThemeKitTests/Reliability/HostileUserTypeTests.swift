import Foundation
import Testing
import ThemeKit
import ThemeKitTestSupport

// User types whose every requirement calls back into the theme (issue #28, item 3): a
// `ThemeExtension` whose `==`, `hash`, `encode`, `merge` and `deinit` read or change it, a
// `ThemeVariant` whose `id` and values do, a storage, observers, subscribers and providers
// that do. Each public entry point of `Theme` runs on a watchdog thread: code of the user's
// run under the theme's lock deadlocks there, and the test fails instead of hanging.

/// What a hostile requirement does to the theme.
enum Hostility: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Reads the style, the contrast, a value, a variant id and a node's effective style.
    case reads
    /// Changes the style and a value and creates, overrides and releases a node.
    case changes

    var testDescription: String { rawValue }
}

/// Calls back into a theme from a user type's requirement, and records which ones ran.
// Sound: the mutable state is inside `LockedBox`es.
final class Hook: @unchecked Sendable {
    private let theme = LockedBox<WeakTheme>(WeakTheme())
    private let state = LockedBox<(fired: [String], depth: Int, changes: Int)>(([], 0, 0))
    let hostility: Hostility

    struct WeakTheme { weak var theme: Theme? }

    init(_ hostility: Hostility, theme: Theme? = nil) {
        self.hostility = hostility
        if let theme { attach(to: theme) }
    }

    func attach(to theme: Theme) { self.theme.update { $0.theme = theme } }

    /// The requirements that ran, in order.
    var fired: [String] { state.value.fired }

    func fire(_ requirement: String) {
        // Not re-entered (a `==` that applies a value would call `==` again) and a bounded
        // number of changes (each change may drop values whose hooks change the theme again).
        let proceed = state.update { state -> Bool in
            state.fired.append(requirement)
            guard state.depth == 0, state.changes < 40 else { return false }
            state.depth += 1
            if hostility == .changes { state.changes += 1 }
            return true
        }
        guard proceed else { return }
        defer { state.update { $0.depth -= 1 } }
        guard let theme = theme.value.theme else { return }
        switch hostility {
        case .reads:
            _ = theme.style
            _ = theme.contrast
            _ = theme.value(ModelMetrics.self)
            _ = theme.activeVariantID(for: HostileValue.self)
            _ = theme.root.effectiveStyle
        case .changes:
            theme.style = theme.style == .dark ? .light : .dark
            theme.apply(ModelMetrics(size: state.value.changes))
            let node = ThemeNode(parent: theme.root)
            node.overrideStyle = .sepia
        }
    }

    deinit { fire("deinit") }
}

/// An extension value whose requirements all call the hook (the hook's `deinit` runs when
/// the last copy of the value goes).
struct HostileValue: ThemeExtension, Hashable {
    var number: Int
    var hook: Hook?

    static let fallback = HostileValue(number: 0, hook: nil)

    init(number: Int, hook: Hook?) {
        self.number = number
        self.hook = hook
    }

    static func == (lhs: HostileValue, rhs: HostileValue) -> Bool {
        lhs.hook?.fire("==")
        rhs.hook?.fire("==")
        return lhs.number == rhs.number
    }

    func hash(into hasher: inout Hasher) {
        hook?.fire("hash")
        hasher.combine(number)
    }

    private enum CodingKeys: String, CodingKey { case number }

    init(from decoder: any Decoder) throws {
        number = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .number)
        hook = nil
    }

    func encode(to encoder: any Encoder) throws {
        hook?.fire("encode")
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
    }

    func merge(_ overrides: HostileValue) -> HostileValue {
        hook?.fire("merge")
        return overrides
    }

    func compare(to other: HostileValue) -> [String] {
        hook?.fire("compare")
        return number == other.number ? [] : ["number"]
    }
}

/// A variant whose `id` (through `idHook`), values and `deinit` (through `hook`) call back.
struct HostileVariant: ThemeVariant {
    let name: String
    var idHook: Hook?
    var hook: Hook?
    let number: Int

    var id: String {
        idHook?.fire("id")
        return name
    }
    var light: HostileValue { HostileValue(number: number, hook: hook) }
    var dark: HostileValue { HostileValue(number: -number, hook: hook) }

    func value(for style: ThemeStyle, contrast: ThemeContrast) -> HostileValue {
        hook?.fire("value(for:contrast:)")
        return style == .dark ? dark : light
    }
}

/// A storage whose every call calls back.
final class HostileStorage: ThemeStorage {
    let hook: Hook
    let values = InMemoryThemeStorage()

    init(hook: Hook) { self.hook = hook }

    func data(forKey key: String) throws(ThemeStorageError) -> Data? {
        hook.fire("data")
        return try values.data(forKey: key)
    }

    func setData(_ data: Data, forKey key: String) throws(ThemeStorageError) {
        hook.fire("setData")
        try values.setData(data, forKey: key)
    }

    func removeData(forKey key: String) throws(ThemeStorageError) {
        hook.fire("removeData")
        try values.removeData(forKey: key)
    }
}

/// A themed object whose `deinit` calls back.
final class HostileWidget: @unchecked Sendable {
    // Sound: written by the delivering thread, read by the test after the write returned.
    var text = ""
    let hook: Hook

    init(hook: Hook) { self.hook = hook }

    deinit { hook.fire("object deinit") }
}

/// Every public entry point of `Theme` that reaches user code.
enum EntryPoint: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case applyValue, applyEqualValue, styleAndContrast, registerVariantAgain, applyVariantAgain
    case variantIDIsComputed, applyVariantByIDAndClear, observeAfterCancel, observeAndCancel
    case bindReplaceAndUnbind, customizeReplaceAndUnbindAll, themedPropertyReleased, objectReleasedInProvider
    case batch, batchThrownOutOf, nodes, storagePersist, storageRestore, storedAppValue, busSubscribe

    var testDescription: String { rawValue }
}

/// Which hook a `HostileAppValue` calls (a type per hostility: decoding makes the value
/// without an instance to carry the hook, and the two tests run in parallel).
protocol HostileAppMarker { static var hostility: Hostility { get } }
enum ReadingApp: HostileAppMarker { static var hostility: Hostility { .reads } }
enum ChangingApp: HostileAppMarker { static var hostility: Hostility { .changes } }

/// An app value that reads or changes the theme while being encoded or decoded.
struct HostileAppValue<Marker: HostileAppMarker>: Codable {
    var number: Int
    static var hook: Hook? { appValueHooks.value[Marker.hostility] }

    init(number: Int) { self.number = number }

    init(from decoder: any Decoder) throws {
        Self.hook?.fire("decode")
        number = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        Self.hook?.fire("encode")
        var container = encoder.singleValueContainer()
        try container.encode(number)
    }
}

let appValueHooks = LockedBox<[Hostility: Hook]>([:])

@Suite struct HostileUserTypeTests {
    /// Runs `body` on a watchdog thread; fails the test if it does not finish in 10 s
    /// (a deadlock: the thread is abandoned, the rest of the suite goes on).
    private func finishes(
        _ entry: EntryPoint, _ hostility: Hostility, _ body: @escaping @Sendable () -> Void
    ) -> Bool {
        let finished = Watchdog.finishes(within: 10, body)
        #expect(finished, "\(entry) with user types that \(hostility) the theme deadlocked (no return in 10 s)")
        return finished
    }

    @Test(
        "user code that reads or changes the theme from every requirement never deadlocks an entry point",
        arguments: EntryPoint.allCases, Hostility.allCases)
    func entryPoint(_ entry: EntryPoint, hostility: Hostility) throws {
        let result = LockedBox<[String]>([])
        let finished = finishes(entry, hostility) {
            result.update { $0 = Self.run(entry, hostility) }
        }
        guard finished else { return }
        // Each scenario returns what it saw wrong (a wrong value, a requirement that never ran).
        #expect(result.value == [], "\(entry), \(hostility)")
    }

    /// Runs one scenario; returns what was wrong.
    private static func run(_ entry: EntryPoint, _ hostility: Hostility) -> [String] {
        var problems: [String] = []
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { problems.append(message()) }
        }
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let hook = Hook(hostility, theme: theme)
        func value(_ number: Int) -> HostileValue { HostileValue(number: number, hook: Hook(hostility, theme: theme)) }

        switch entry {
        case .applyValue:
            // `==` against the old value, `encode` to persist it, the old value's deinit.
            for number in 1...4 { theme.apply(value(number)) }
            expect(theme.value(HostileValue.self).number == 4, "the last applied value is not current")
        case .applyEqualValue:
            theme.apply(HostileValue(number: 7, hook: hook))
            theme.apply(value(7))
            expect(hook.fired.contains("=="), "== never ran")
            expect(theme.value(HostileValue.self).number == 7, "the value changed")
        case .styleAndContrast:
            theme.apply(variant: HostileVariant(name: "v", hook: hook, number: 3))
            theme.style = .dark
            theme.contrast = .increased
            let expected = theme.style == .dark ? -3 : 3
            expect(theme.value(HostileValue.self).number == expected, "the variant's value does not follow the style")
        case .registerVariantAgain:
            // The first registration's box (and the hook only it holds) is replaced.
            do { theme.register([HostileVariant(name: "again", hook: Hook(hostility, theme: theme), number: 1)]) }
            theme.register([HostileVariant(name: "again", hook: nil, number: 2)])
            expect(theme.applyVariant(id: "again", for: HostileValue.self), "the variant is not registered")
            expect(abs(theme.value(HostileValue.self).number) == 2, "the second registration did not replace the first")
        case .applyVariantAgain:
            // Registered only (not active): applying the same id replaces the registered box.
            do { theme.register([HostileVariant(name: "again", hook: Hook(hostility, theme: theme), number: 1)]) }
            theme.apply(variant: HostileVariant(name: "again", hook: nil, number: 2))
            expect(abs(theme.value(HostileValue.self).number) == 2, "the second variant is not active")
            expect(theme.activeVariantID(for: HostileValue.self) == "again", "the active variant id is wrong")
        case .variantIDIsComputed:
            theme.register([HostileVariant(name: "computed", idHook: hook, number: 5)])
            theme.apply(variant: HostileVariant(name: "computed2", idHook: hook, number: 6), for: .light)
            expect(hook.fired.contains("id"), "id never ran")
            expect(theme.applyVariant(id: "computed", for: HostileValue.self), "the registered variant is missing")
            expect(theme.activeVariantID(for: HostileValue.self) == "computed", "the active variant id is wrong")
        case .applyVariantByIDAndClear:
            theme.register([HostileVariant(name: "a", hook: hook, number: 8)])
            expect(theme.applyVariant(id: "a", for: HostileValue.self), "applyVariant(id:) found no variant")
            theme.clearVariant(for: HostileValue.self)
            expect(theme.activeVariantID(for: HostileValue.self) == nil, "the variant was not cleared")
        case .observeAfterCancel:
            // The group's baseline (the only holder of the first value) is replaced by the second observer.
            let first = theme.observe(HostileValue.self) { _ in }
            theme.apply(value(1))
            first.cancel()
            theme.apply(HostileValue(number: 2, hook: nil))
            let seen = LockedBox<[Int]>([])
            let second = theme.observe(HostileValue.self) { seen.update { [value = $0.number] in $0.append(value) } }
            theme.apply(HostileValue(number: 3, hook: nil))
            expect(seen.value == [3], "the second observer saw \(seen.value), not [3]")
            second.cancel()
        case .observeAndCancel:
            let seen = LockedBox<[Int]>([])
            let capture = Hook(hostility, theme: theme)
            let token = theme.observe(HostileValue.self) { value in
                capture.fire("observer")
                seen.update { $0.append(value.number) }
            }
            theme.apply(value(1))
            theme.apply(value(2))
            token.cancel()
            theme.apply(value(3))
            expect(seen.value == [1, 2], "the observer saw \(seen.value), not [1, 2]")
        case .bindReplaceAndUnbind:
            let widget = Widget()
            do {
                let capture = Hook(hostility, theme: theme)
                theme.bind(widget, \.text) { env in
                    capture.fire("provider")
                    return "first \(env[HostileValue.self].number)"
                }
            }
            theme.apply(value(4))
            // Replacing drops the first provider (and its hook).
            theme.bind(widget, \.text, set: { $0.text = $1 }) { env in "second \(env[HostileValue.self].number)" }
            theme.apply(value(5))
            expect(widget.text == "second 5", "the replacing provider wrote '\(widget.text)'")
            do {
                let capture = Hook(hostility, theme: theme)
                theme.bind(widget, \.detail) { _ in
                    capture.fire("provider")
                    return "detail"
                }
            }
            theme.unbind(widget, \.detail)
            theme.pruneReleasedObjects()
            expect(widget.detail == "detail", "the unbound provider never ran")
        case .customizeReplaceAndUnbindAll:
            let widget = Widget()
            do {
                let capture = Hook(hostility, theme: theme)
                theme.customize(widget, id: "c") { widget, env in
                    capture.fire("customize")
                    widget.custom["c"] = "first \(env.style.rawValue)"
                }
            }
            theme.customize(widget, id: "c") { widget, env in widget.custom["c"] = "second \(env.style.rawValue)" }
            theme.style = .dark
            expect(widget.custom["c"] == "second \(theme.style.rawValue)", "customize shows \(widget.custom)")
            theme.unbindAll(widget)
            theme.refresh(widget)
        case .themedPropertyReleased:
            let widget = Widget()
            do {
                let capture = Hook(hostility, theme: theme)
                let property = ThemedProperty<Widget, String>(\.text) { env in
                    capture.fire("property provider")
                    return "property \(env[HostileValue.self].number)"
                }
                theme.bind(widget, property)
            }
            theme.apply(value(6))
            expect(widget.text == "property 6", "the property wrote '\(widget.text)'")
            theme.unbindAll(widget)
            theme.pruneReleasedObjects()
        case .objectReleasedInProvider:
            let holder = LockedBox<HostileWidget?>(HostileWidget(hook: Hook(hostility, theme: theme)))
            if let widget = holder.value { theme.bind(widget, \.text) { env in env.style.rawValue } }
            let keeper = Widget()
            theme.bind(keeper, \.text) { env in
                // Drops the hostile object inside the provider, outside any lock of ours.
                let dropped = holder.update { widget -> HostileWidget? in
                    defer { widget = nil }
                    return widget
                }
                _ = dropped
                return "kept \(env.style.rawValue)"
            }
            expect(holder.value == nil, "the provider did not run")
            theme.style = .dark
            theme.pruneReleasedObjects()
            expect(keeper.text == "kept \(theme.style.rawValue)", "the keeper shows '\(keeper.text)'")
        case .batch:
            let widget = Widget()
            theme.batch {
                theme.apply(value(1))
                theme.bind(widget, \.text) { env in "batch \(env[HostileValue.self].number)" }
                theme.apply(value(2))
                theme.register([HostileVariant(name: "b", hook: Hook(hostility, theme: theme), number: 9)])
            }
            expect(widget.text == "batch 2", "the batched binding shows '\(widget.text)'")
        case .batchThrownOutOf:
            struct Thrown: Error {}
            let widget = Widget()
            do {
                try theme.batch {
                    theme.apply(value(1))
                    theme.bind(widget, \.text) { env in "thrown \(env[HostileValue.self].number)" }
                    theme.apply(value(2))
                    throw Thrown()
                }
                problems.append("the batch did not rethrow")
            } catch {}
            expect(widget.text == "thrown 2", "the binding of a thrown-out-of batch shows '\(widget.text)'")
        case .nodes:
            let widget = Widget()
            var node: ThemeNode? = ThemeNode(parent: theme.root)
            let child = ThemeNode(parent: node!)
            theme.bind(widget, \.text, in: child) { env in
                hook.fire("node provider")
                return "\(env.style.rawValue) \(env[HostileValue.self].number)"
            }
            node!.overrideStyle = .sepia
            theme.apply(value(3))
            try? child.move(to: theme.root)
            child.overrideContrast = .increased
            node = nil
            let style = child.effectiveStyle.rawValue
            expect(widget.text == "\(style) 3", "the node's binding shows '\(widget.text)', not '\(style) 3'")
        case .storagePersist:
            let storage = HostileStorage(hook: Hook(hostility))
            let persisting = Theme(storage: storage, delivery: .synchronous)
            storage.hook.attach(to: persisting)
            persisting.apply(HostileValue(number: 5, hook: Hook(hostility, theme: persisting)))
            persisting.style = .dark
            persisting.apply(variant: HostileVariant(name: "p", hook: nil, number: 2))
            persisting.clearVariant(for: HostileValue.self)
            expect(storage.hook.fired.contains("setData"), "the storage was never written")
            expect(persisting.value(HostileValue.self).number == 5, "the applied value is lost")
        case .storageRestore:
            // Extension values are not persisted; the style and the active variant's id are.
            let storage = HostileStorage(hook: Hook(hostility, theme: theme))
            let first = Theme(storage: storage, delivery: .synchronous)
            first.apply(variant: HostileVariant(name: "r", number: 4))
            first.style = .dark
            let restored = Theme(storage: storage, delivery: .synchronous)
            restored.register([HostileVariant(name: "r", hook: Hook(hostility, theme: restored), number: 4)])
            expect(storage.hook.fired.contains("data"), "the storage was never read")
            expect(restored.style == .dark, "the restored style is \(restored.style)")
            expect(restored.activeVariantID(for: HostileValue.self) == "r", "the variant was not restored")
            expect(restored.value(HostileValue.self).number == -4, "the restored variant's value is wrong")
        case .storedAppValue:
            appValueHooks.update { $0[hostility] = hook }
            defer { appValueHooks.update { $0[hostility] = nil } }
            do {
                switch hostility {
                case .reads: problems += try storeAndRead(HostileAppValue<ReadingApp>.self, in: theme)
                case .changes: problems += try storeAndRead(HostileAppValue<ChangingApp>.self, in: theme)
                }
            } catch {
                problems.append("storing an app value threw \(error)")
            }
            expect(hook.fired.contains("decode"), "decoding never ran")
        case .busSubscribe:
            let seen = LockedBox<[String]>([])
            let capture = Hook(hostility, theme: theme)
            let subscription = LockedBox<ThemeSubscription?>(nil)
            subscription.update { token in
                token = theme.events.subscribe { event in
                    capture.fire("subscriber")
                    seen.update { $0.append("\(event)") }
                }
            }
            theme.style = .dark
            theme.apply(value(1))
            let count = seen.value.count
            subscription.value?.cancel()
            theme.style = .light
            expect(count > 0, "the subscriber received nothing")
            expect(seen.value.count == count, "the subscriber received events after cancel")
        }
        expect(theme.checkInvariants() == [], "invariants: \(theme.checkInvariants())")
        return problems
    }

    private static func storeAndRead<Marker>(
        _ type: HostileAppValue<Marker>.Type, in theme: Theme
    ) throws(ThemeStorageError) -> [String] {
        try theme.store(HostileAppValue<Marker>(number: 12), forKey: "hostile")
        let read = try theme.storedValue(HostileAppValue<Marker>.self, forKey: "hostile")
        try theme.removeStoredValue(forKey: "hostile")
        return read?.number == 12 ? [] : ["the stored app value reads back as \(String(describing: read?.number))"]
    }
}
