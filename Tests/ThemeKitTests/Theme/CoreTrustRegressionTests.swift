import Dispatch
import Foundation
import Testing
import ThemeKitTestSupport

@testable import ThemeKit

/// The four defects the review of 1ab00f2 found (issue #28), each as it was reported.
@Suite("Core trust: the review's reproductions")
struct CoreTrustRegressionTests {
    @Test("A released ThemedProperty is never matched to a new one at the same address")
    func releasedThemedPropertyIsNotReused() {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        var keep: [Label] = []
        for round in 0..<200 {
            do {
                let old = ThemedProperty<Label, String>(\.textColor) { _ in "A\(round)" }
                let first = Label()
                theme.bind(first, old)
                keep.append(first)
            }
            let new = ThemedProperty<Label, String>(\.textColor) { _ in "B\(round)" }
            let label = Label()
            theme.bind(label, new)
            #expect(label.textColor == "B\(round)", "round \(round)")
            keep.append(label)
        }
        #expect(theme.checkInvariants() == [])
    }

    @Test("THEMEKIT_INTERNAL_CHECKS=1 turns the engine's invariant checks on (debug builds)")
    func internalChecksFollowTheEnvironment() {
        #if DEBUG
            let requested = ProcessInfo.processInfo.environment["THEMEKIT_INTERNAL_CHECKS"] == "1"
            #expect(InternalChecks.isEnabled == requested)
        #else
            #expect(!InternalChecks.isEnabled)
        #endif
    }

    @Test("A ThemedProperty's work is dropped once nothing binds it, and its template with it")
    func unusedThemedPropertyIsReleasedBySweep() {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        weak var released: ThemedProperty<Label, String>?
        do {
            let property = ThemedProperty<Label, String>(\.textColor) { _ in "A" }
            released = property
            let label = Label()
            theme.bind(label, property)
            #expect(label.textColor == "A")
        }
        // The label is gone; the sweep drops its binding and then the property's work.
        theme.pruneReleasedObjects()
        _ = theme.bindingCount
        #expect(released == nil)
    }

    @Test(
        "An empty array in storage is a storage issue, not a crash at launch",
        arguments: ["[]", "[1, 2]", "[\"dark\", \"light\"]"])
    func emptyStoredArrayIsReported(_ stored: String) throws {
        let storage = InMemoryThemeStorage(["ThemeKit.default.style": Data(stored.utf8)])
        let theme = Theme(storage: storage, delivery: .synchronous)
        #expect(theme.style == .light)
        #expect(theme.storageIssues.count == 1)
        #expect(theme.storageIssues.first?.key == "ThemeKit.default.style")
        #expect(theme.storageIssues.first?.kind == .corrupt)
    }

    @Test("storedValue(_:forKey:) reports an empty stored array as corrupt")
    func emptyStoredAppValueIsReported() throws {
        let storage = InMemoryThemeStorage(["ThemeKit.default.app.accent": Data("[]".utf8)])
        let theme = Theme(storage: storage, delivery: .synchronous)
        #expect(throws: ThemeStorageError.self) { _ = try theme.storedValue(String.self, forKey: "accent") }
    }

    @Test("A replaced observer baseline is released outside the lock (its deinit reads the theme)")
    func observerBaselineDeinitRunsOutsideTheLock() {
        let reference = ThemeReference()
        let finished = Watchdog.finishes(within: 10) {
            let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
            reference.theme = theme
            theme.apply(Reentrant(name: "a", probe: DeinitProbe(reference)))
            let first = theme.observe(Reentrant.self) { _ in }
            first.cancel()
            theme.apply(Reentrant(name: "b", probe: DeinitProbe(reference)))
            // The group is empty: this observer replaces the baseline, whose value's deinit reads the theme.
            let second = theme.observe(Reentrant.self) { _ in }
            theme.apply(Reentrant(name: "c", probe: DeinitProbe(reference)))
            second.cancel()
        }
        #expect(finished)
        #expect(reference.deinitReads > 0)
    }

    @Test("Registering or applying a variant id again releases the old box outside the lock")
    func replacedVariantDeinitRunsOutsideTheLock() {
        let reference = ThemeReference()
        let finished = Watchdog.finishes(within: 10) {
            let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
            reference.theme = theme
            for round in 0..<3 {
                theme.register([ProbeVariant(id: "brand", probe: DeinitProbe(reference), reference: nil)])
                theme.apply(variant: ProbeVariant(id: "brand", probe: DeinitProbe(reference), reference: nil))
                _ = round
            }
        }
        #expect(finished)
        #expect(reference.deinitReads > 0)
    }

    @Test("ThemeVariant.id is read outside the lock (a computed id may read the theme)")
    func variantIDIsReadOutsideTheLock() {
        let reference = ThemeReference()
        let finished = Watchdog.finishes(within: 10) {
            let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
            reference.theme = theme
            theme.register([ProbeVariant(id: "brand", probe: nil, reference: reference)])
            theme.apply(variant: ProbeVariant(id: "brand", probe: nil, reference: reference))
            theme.apply(variant: ProbeVariant(id: "brand", probe: nil, reference: reference), for: .dark)
        }
        #expect(finished)
        #expect(reference.idReads > 0)
    }
}

/// A weak way back to the theme for user types that read it, counting the reads.
// Sound: every field is guarded by `lock`.
final class ThemeReference: @unchecked Sendable {
    private let lock = NSLock()
    private weak var storedTheme: Theme?
    private var counts = (deinit: 0, id: 0)

    var theme: Theme? {
        get { lock.withLock { storedTheme } }
        set { lock.withLock { storedTheme = newValue } }
    }
    var deinitReads: Int { lock.withLock { counts.deinit } }
    var idReads: Int { lock.withLock { counts.id } }

    /// Reads the theme's style, as a user's deinit or computed property might.
    func readStyle(fromDeinit: Bool) {
        guard let theme else { return }
        _ = theme.style
        lock.withLock { if fromDeinit { counts.deinit += 1 } else { counts.id += 1 } }
    }
}

/// An object whose deinit reads the theme.
final class DeinitProbe: Sendable {
    let reference: ThemeReference
    init(_ reference: ThemeReference) { self.reference = reference }
    deinit { reference.readStyle(fromDeinit: true) }
}

/// An extension value that holds a `DeinitProbe`.
struct Reentrant: ThemeExtension {
    var name: String
    var probe: DeinitProbe?
    static let fallback = Reentrant(name: "fallback", probe: nil)
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    enum CodingKeys: String, CodingKey { case name }
    init(name: String, probe: DeinitProbe?) {
        self.name = name
        self.probe = probe
    }
    init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
        probe = nil
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
    }
}

/// A variant whose deinit (through `probe`) or `id` (through `reference`) reads the theme.
struct ProbeVariant: ThemeVariant {
    let storedID: String
    let probe: DeinitProbe?
    let reference: ThemeReference?
    init(id: String, probe: DeinitProbe?, reference: ThemeReference?) {
        storedID = id
        self.probe = probe
        self.reference = reference
    }
    var id: String {
        reference?.readStyle(fromDeinit: false)
        return storedID
    }
    var light: Reentrant { Reentrant(name: "light", probe: nil) }
    var dark: Reentrant { Reentrant(name: "dark", probe: nil) }
}
