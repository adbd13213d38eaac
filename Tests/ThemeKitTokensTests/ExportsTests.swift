import Testing
import ThemeKitTokens

@Suite struct ExportsTests {
    @Test("importing ThemeKitTokens makes the runtime's types available")
    func runtimeTypesAreReexported() {
        #expect(ThemeStyle.dark.rawValue == "dark")
        #expect(ThemeContrast(rawValue: "increased") == .increased)
    }
}
