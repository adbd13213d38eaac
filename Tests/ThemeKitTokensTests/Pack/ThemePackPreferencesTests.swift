import Foundation
import Testing
import ThemeKitTokens

@Suite struct ThemePackPreferencesTests {
    func pack(_ id: String, accent: String) throws -> ThemePack {
        var pack = ThemePack(id: id, name: id)
        pack.colors["accent"] = ColorSet(try ThemeColor(hex: accent))
        pack.colors["background"] = ColorSet(
            light: try ThemeColor(hex: "#FFFFFF"), dark: try ThemeColor(hex: "#000000"))
        return pack
    }

    @Test("the chosen pack id and the user's colour overrides survive a new Theme over the same storage")
    func choicesSurvive() throws {
        let storage = InMemoryThemeStorage()
        let ocean = try pack("ocean", accent: "#0B69A3")
        do {
            let theme = Theme(storage: storage, namespace: "user1", delivery: .synchronous)
            var preferences = try theme.loadPackPreferences()
            preferences.colorOverrides["accent"] = ColorSet(try ThemeColor(hex: "#FF2D55"))
            try theme.savePackPreferences(preferences)
            try theme.select(ocean)
        }
        let theme = Theme(storage: storage, namespace: "user1", delivery: .synchronous)
        let preferences = try theme.loadPackPreferences()
        #expect(preferences.selectedPackID == "ocean")
        theme.apply(ocean, preferences: preferences)
        let colors = theme.value(ThemePackColors.self)
        #expect(colors.color("accent", for: .light)?.hex == "#FF2D55")
        #expect(colors.color("background", for: .dark)?.hex == "#000000")
        #expect(
            try Theme(storage: storage, namespace: "user2", delivery: .synchronous).loadPackPreferences()
                == ThemePackPreferences())
    }

    @Test("corrupt stored preferences are reported, not replaced, and the pack still applies")
    func corruptPreferences() throws {
        let storage = InMemoryThemeStorage(["ThemeKit.default.app.ThemeKitTokens.packPreferences": Data("{]".utf8)])
        let theme = Theme(storage: storage, delivery: .synchronous)
        #expect(throws: ThemeStorageError.self) { try theme.loadPackPreferences() }
        let ember = try pack("ember", accent: "#B4410E")
        #expect(throws: ThemeStorageError.self) { try theme.select(ember) }
        #expect(theme.value(ThemePackColors.self).color("accent", for: .light)?.hex == "#B4410E")
        #expect(try storage.data(forKey: "ThemeKit.default.app.ThemeKitTokens.packPreferences") == Data("{]".utf8))
    }

    @Test("select reads, changes and writes the preferences in one step of the storage, keeping the overrides")
    func selectUpdatesInOneStep() throws {
        let storage = UpdateCountingStorage()
        let theme = Theme(storage: storage, delivery: .synchronous)
        var preferences = ThemePackPreferences()
        preferences.colorOverrides["accent"] = ColorSet(try ThemeColor(hex: "#FF2D55"))
        try theme.savePackPreferences(preferences)
        let writesBefore = storage.counts.withLock { $0 }
        try theme.select(try pack("ocean", accent: "#0B69A3"))
        let counts = storage.counts.withLock { $0 }
        // One update, no separate write: another process's change between a read and a write is not lost.
        #expect(counts.updates - writesBefore.updates == 1)
        #expect(counts.writes == writesBefore.writes)
        #expect(try theme.loadPackPreferences().selectedPackID == "ocean")
        #expect(try theme.loadPackPreferences().colorOverrides["accent"]?.light.hex == "#FF2D55")
        #expect(theme.value(ThemePackColors.self).color("accent", for: .light)?.hex == "#FF2D55")
    }

    @Test("merging pack colours lets the overriding value win name by name")
    func mergeColors() throws {
        let base = ThemePackColors(colors: [
            "a": ColorSet(try ThemeColor(hex: "#111111")), "b": ColorSet(try ThemeColor(hex: "#222222")),
        ])
        let user = ThemePackColors(colors: ["b": ColorSet(try ThemeColor(hex: "#333333"))])
        let merged = base.merge(user)
        #expect(merged.colors["a"]?.light.hex == "#111111")
        #expect(merged.colors["b"]?.light.hex == "#333333")
    }
}

/// A memory storage that counts one-step updates and plain writes.
private final class UpdateCountingStorage: ThemeStorage, _KeyUpdatingStorage {
    let base = InMemoryThemeStorage()
    let counts = Locked((updates: 0, writes: 0))

    func data(forKey key: String) throws(ThemeStorageError) -> Data? { try base.data(forKey: key) }

    func setData(_ data: Data, forKey key: String) throws(ThemeStorageError) {
        counts.withLock { $0.writes += 1 }
        try base.setData(data, forKey: key)
    }

    func removeData(forKey key: String) throws(ThemeStorageError) { try base.removeData(forKey: key) }

    func _updateData(
        forKey key: String, _ change: (Data?) throws(ThemeStorageError) -> Data?
    ) throws(ThemeStorageError) {
        counts.withLock { $0.updates += 1 }
        try base._updateData(forKey: key, change)
    }
}
