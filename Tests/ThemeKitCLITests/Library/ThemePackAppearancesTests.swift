import Testing
import ThemeKitTokens

/// `ThemePack.appearances` and `builtInBase(of:)`, the piece of `ThemeKitTokens` the tool added
/// (Sources/ThemeKitTokens/Pack/ThemePack+Appearances.swift).
@Suite struct ThemePackAppearancesTests {
    let sepia = ThemeStyle(rawValue: "sepia")
    let night = ThemeStyle(rawValue: "night")
    let midnight = ThemeStyle(rawValue: "midnight")

    @Test("appearances are light, dark, both high-contrast ones, then each custom style by name at both levels")
    func order() {
        let pack = ThemePack(id: "a", name: "A", styles: [sepia: .light, night: .dark])
        #expect(
            pack.appearances.map(\.description) == [
                "light", "dark", "high-contrast light", "high-contrast dark", "night", "high-contrast night", "sepia",
                "high-contrast sepia",
            ])
        #expect(ThemePack(id: "a", name: "A").appearances.count == 4)
    }

    @Test("a style's built-in base follows chains, and undeclared styles and loops are light")
    func builtInBase() {
        let pack = ThemePack(
            id: "a", name: "A",
            styles: [
                midnight: night, night: .dark, sepia: .light, ThemeStyle(rawValue: "x"): ThemeStyle(rawValue: "y"),
                ThemeStyle(rawValue: "y"): ThemeStyle(rawValue: "x"),
            ])
        #expect(pack.builtInBase(of: midnight) == .dark)
        #expect(pack.builtInBase(of: sepia) == .light)
        #expect(pack.builtInBase(of: .dark) == .dark)
        #expect(pack.builtInBase(of: ThemeStyle(rawValue: "undeclared")) == .light)
        #expect(pack.builtInBase(of: ThemeStyle(rawValue: "x")) == .light)
    }
}
