import Testing
import ThemeKitTokens

@Suite struct TypographyTokenTests {
    @Test("a token within every range has no problems")
    func validToken() {
        let token = TypographyToken(
            family: "Inter", size: 17, weight: 400, design: .rounded, textStyle: .body, lineHeight: 1.3,
            letterSpacing: -0.5)
        #expect(token.validationProblems.isEmpty)
    }

    @Test(
        "reports each field outside its range by its JSON key",
        arguments: [
            (TypographyToken(size: 0), "size"), (TypographyToken(size: 1_001), "size"),
            (TypographyToken(size: .nan), "size"), (TypographyToken(size: 12, weight: 0), "weight"),
            (TypographyToken(size: 12, weight: 1_001), "weight"),
            (TypographyToken(size: 12, lineHeight: 0), "lineHeight"),
            (TypographyToken(size: 12, letterSpacing: .infinity), "letterSpacing"),
            (TypographyToken(family: "", size: 12), "family"),
            (TypographyToken(family: String(repeating: "x", count: 201), size: 12), "family"),
            (TypographyToken(family: "A\u{7}", size: 12), "family"),
        ])
    func reportsProblems(token: TypographyToken, field: String) {
        #expect(token.validationProblems.map(\.field) == [field])
    }

    @Test(
        "maps DTCG and CSS weight names to numbers",
        arguments: [
            ("thin", 100), ("extra-light", 200), ("extralight", 200), ("Regular", 400), ("semi-bold", 600),
            ("semibold", 600), ("bold", 700), ("heavy", 900), ("extra-black", 950),
        ])
    func weightNames(name: String, weight: Int) {
        #expect(FontWeightName.value(of: name) == weight)
    }

    @Test("an unknown weight name has no value")
    func unknownWeightName() {
        #expect(FontWeightName.value(of: "chunky") == nil)
    }
}
