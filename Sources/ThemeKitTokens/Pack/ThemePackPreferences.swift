/// The user's theme-pack choices — which pack, and their own colour overrides
/// (a custom accent, say) — persisted through a theme's `ThemeStorage`.
///
/// ```swift
/// var preferences = try theme.loadPackPreferences()
/// preferences.colorOverrides["accent"] = ColorSet(try ThemeColor(hex: "#FF2D55"))
/// try theme.savePackPreferences(preferences)
/// theme.apply(ocean, preferences: preferences)   // ocean's colours with the user's accent on top
/// ```
public struct ThemePackPreferences: Codable, Hashable, Sendable {
    /// The id of the pack the user chose, if any.
    public var selectedPackID: String?
    /// Colours that replace the pack's colours of the same name.
    public var colorOverrides: [String: ColorSet]

    /// Creates preferences.
    /// - Parameters:
    ///   - selectedPackID: The id of the chosen pack.
    ///   - colorOverrides: The user's colours, by colour name.
    public init(selectedPackID: String? = nil, colorOverrides: [String: ColorSet] = [:]) {
        self.selectedPackID = selectedPackID
        self.colorOverrides = colorOverrides
    }

    /// The storage key, inside the theme's namespace.
    static let storageKey = "ThemeKitTokens.packPreferences"
}

extension ThemePackColors {
    /// This pack's colours with `overrides`' colours laid on top, name by name.
    public func merge(_ overrides: ThemePackColors) -> ThemePackColors {
        ThemePackColors(
            colors: colors.merging(overrides.colors) { _, user in user },
            styles: styles.merging(overrides.styles) { _, user in user })
    }
}

extension Theme {
    /// Reads the persisted pack preferences; empty preferences when none were saved.
    /// - Throws: `ThemeStorageError` when the stored data is unreadable or corrupt; the
    ///   stored data is left as it is.
    public func loadPackPreferences() throws(ThemeStorageError) -> ThemePackPreferences {
        try storedValue(ThemePackPreferences.self, forKey: ThemePackPreferences.storageKey) ?? ThemePackPreferences()
    }

    /// Persists pack preferences under this theme's namespace.
    /// - Throws: `ThemeStorageError` when they cannot be written; the old value stays.
    public func savePackPreferences(_ preferences: ThemePackPreferences) throws(ThemeStorageError) {
        try store(preferences, forKey: ThemePackPreferences.storageKey)
    }

    /// Applies `pack` with the user's colour overrides on top, in one batch.
    ///
    /// Overrides naming colours the pack does not have are applied too, so a user's
    /// colour survives a switch to a pack that lacks it.
    public func apply(_ pack: ThemePack, preferences: ThemePackPreferences) {
        var colored = pack
        colored.colors.merge(preferences.colorOverrides) { _, user in user }
        apply(colored)
    }

    /// Applies `pack` with the saved overrides and remembers it as the user's choice.
    ///
    /// The pack is applied even when saving fails; the error says why the choice
    /// will not survive a relaunch.
    /// - Throws: `ThemeStorageError` when the preferences cannot be read or written.
    public func select(_ pack: ThemePack) throws(ThemeStorageError) {
        // Read, changed and written in one step where the storage can: another process changing the
        // preferences meanwhile (an app extension adding a colour override) keeps its change.
        var read: ThemePackPreferences?
        do {
            try _updateStoredValue(ThemePackPreferences.self, forKey: ThemePackPreferences.storageKey) { stored in
                var preferences = stored ?? ThemePackPreferences()
                preferences.selectedPackID = pack.id
                read = preferences
                return preferences
            }
        } catch {
            // Unreadable: the pack without overrides; not written: the pack with the overrides read.
            apply(pack, preferences: read ?? ThemePackPreferences())
            throw error
        }
        apply(pack, preferences: read ?? ThemePackPreferences())
    }
}
