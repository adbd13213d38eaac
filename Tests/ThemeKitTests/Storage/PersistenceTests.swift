import Foundation
import Testing
import ThemeKit

@Suite struct PersistenceTests {
    let brandA = PaletteVariant(id: "brandA", light: .fallback, dark: Palette(background: "#0B0F14", text: "#E6EDF7"))
    let brandB = PaletteVariant(id: "brandB", light: .fallback, dark: Palette(background: "#220000", text: "#FFDDDD"))

    @Test("variant id, followsSystem, style and contrast survive a new Theme over the same storage")
    func choicesSurvive() {
        let storage = InMemoryThemeStorage()
        do {
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.register([brandA, brandB])
            theme.apply(variant: brandB, for: .dark)
            theme.contrast = .increased
        }
        let theme = Theme(storage: storage, delivery: .synchronous)
        #expect(theme.style == .dark)
        #expect(theme.contrast == .increased)
        #expect(!theme.followsSystem)
        #expect(!theme.followsSystemContrast)
        #expect(theme.activeVariantID(for: Palette.self) == nil, "restored only when registered")
        theme.register([brandA, brandB])
        #expect(theme.activeVariantID(for: Palette.self) == "brandB")
        #expect(theme.value(Palette.self).text == "#FFDDDD")
        #expect(theme.storageIssues.isEmpty)
    }

    @Test("following the system again is persisted too")
    func followsSystemPersists() {
        let storage = InMemoryThemeStorage()
        do {
            let theme = Theme(storage: storage, delivery: .synchronous)
            theme.style = .sepia
            theme.followsSystem = true
        }
        #expect(Theme(storage: storage, delivery: .synchronous).followsSystem)
    }

    @Test("namespaces keep two themes over one storage apart")
    func namespacesIsolate() {
        let storage = InMemoryThemeStorage()
        do {
            let alice = Theme(storage: storage, namespace: "alice", delivery: .synchronous)
            let bob = Theme(storage: storage, namespace: "bob", delivery: .synchronous)
            alice.style = .dark
            bob.style = .sepia
        }
        #expect(Theme(storage: storage, namespace: "alice", delivery: .synchronous).style == .dark)
        #expect(Theme(storage: storage, namespace: "bob", delivery: .synchronous).style == .sepia)
        #expect(Theme(storage: storage, namespace: "carol", delivery: .synchronous).style == .light)
        #expect(storage.keys.allSatisfy { $0.hasPrefix("ThemeKit.alice.") || $0.hasPrefix("ThemeKit.bob.") })
    }

    @Test("corrupt stored data falls back to defaults, is reported, and erases nothing")
    func corruptDataFallsBack() throws {
        let storage = InMemoryThemeStorage([
            "ThemeKit.default.style": Data("{not json".utf8),
            "ThemeKit.default.contrast": Data(#"["increased"]"#.utf8),
            "ThemeKit.default.followsSystem": Data(#"["yes"]"#.utf8),
            "Other.app.key": Data("keep me".utf8),
        ])
        let theme = Theme(storage: storage, delivery: .synchronous)
        #expect(theme.style == .light)
        #expect(theme.contrast == .increased)
        #expect(theme.followsSystem)
        #expect(
            theme.storageIssues.map(\.key).sorted() == ["ThemeKit.default.followsSystem", "ThemeKit.default.style"])
        #expect(theme.storageIssues.allSatisfy { $0.kind == .corrupt })
        #expect(try storage.data(forKey: "Other.app.key") == Data("keep me".utf8))
        #expect(try storage.data(forKey: "ThemeKit.default.style") == Data("{not json".utf8))
    }

    @Test("a failing storage write is reported as an event and the in-memory change stands")
    func writeFailureIsReported() {
        let theme = Theme(storage: FailingStorage(), delivery: .synchronous)
        let events = Counter()
        let subscription = theme.events.subscribe { event in
            if case .storageFailure(let error) = event { events.increment(error.key) }
        }
        theme.style = .dark
        #expect(theme.style == .dark)
        #expect(events.entries.contains("ThemeKit.default.style"))
        _ = subscription
    }

    @Test("app values are stored under the theme's namespace and read back typed")
    func appValues() throws {
        let storage = InMemoryThemeStorage()
        let theme = Theme(storage: storage, namespace: "u1", delivery: .synchronous)
        try theme.store("#FF0000", forKey: "accent")
        #expect(try theme.storedValue(String.self, forKey: "accent") == "#FF0000")
        #expect(storage.keys == ["ThemeKit.u1.app.accent"])
        #expect(throws: ThemeStorageError.self) { try theme.storedValue(Int.self, forKey: "accent") }
        try theme.removeStoredValue(forKey: "accent")
        #expect(try theme.storedValue(String.self, forKey: "accent") == nil)
    }

    @Test("UserDefaults suites persist the theme's choices")
    func userDefaultsSuite() {
        let suite = "ThemeKitTests.\(UInt32.random(in: 0...UInt32.max))"
        do { Theme(suiteName: suite, delivery: .synchronous).style = .dark }
        #expect(Theme(suiteName: suite, delivery: .synchronous).style == .dark)
        UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite)
    }
}

/// A storage whose every operation fails.
struct FailingStorage: ThemeStorage {
    func data(forKey key: String) throws(ThemeStorageError) -> Data? {
        throw ThemeStorageError(kind: .unreadable, key: key, reason: "test failure")
    }
    func setData(_ data: Data, forKey key: String) throws(ThemeStorageError) {
        throw ThemeStorageError(kind: .writeFailed, key: key, reason: "test failure")
    }
    func removeData(forKey key: String) throws(ThemeStorageError) {
        throw ThemeStorageError(kind: .writeFailed, key: key, reason: "test failure")
    }
}
