import Testing
import ThemeKitTokens

@Suite struct FontStackTests {
    @Test("a CSS font stack becomes its families in order, without quotes")
    func stackBecomesFamilies() throws {
        let stack = "-apple-system, 'Segoe UI', \"Helvetica Neue\", sans-serif"
        #expect(try FontStack.families(in: stack) == ["-apple-system", "Segoe UI", "Helvetica Neue", "sans-serif"])
    }

    @Test("a single name stays one family, whitespace collapsed as CSS does")
    func singleName() throws {
        #expect(try FontStack.families(in: "Inter") == ["Inter"])
        #expect(try FontStack.families(in: "  Segoe   UI ") == ["Segoe UI"])
        #expect(
            try FontStack.families(in: "'Segoe UI Web (West European)', Arial") == [
                "Segoe UI Web (West European)", "Arial",
            ])
    }

    @Test("quoted names keep commas and escaped quotes")
    func quotedNames() throws {
        #expect(try FontStack.families(in: "'A, B', \"C \\\" D\"") == ["A, B", "C \" D"])
    }

    @Test("empty families, unclosed quotes and text beside quotes are errors")
    func errors() {
        #expect(throws: FontStackError.emptyFamily("Inter, , serif", position: 2)) {
            try FontStack.families(in: "Inter, , serif")
        }
        #expect(throws: FontStackError.emptyFamily("Inter,", position: 2)) { try FontStack.families(in: "Inter,") }
        #expect(throws: FontStackError.unclosedQuote("'Inter")) { try FontStack.families(in: "'Inter") }
        #expect(throws: FontStackError.unexpectedText("'Inter' Bold", position: 1)) {
            try FontStack.families(in: "'Inter' Bold")
        }
        let many = Array(repeating: "A", count: 65).joined(separator: ",")
        #expect(throws: FontStackError.tooManyFamilies(many, limit: 64)) { try FontStack.families(in: many) }
    }
}
