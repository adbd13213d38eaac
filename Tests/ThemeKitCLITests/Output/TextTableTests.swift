import Testing

@testable import ThemeKitCLI

/// The text tables of `themekit diff` and `contrast`: columns line up, and one wide cell cannot pad every
/// other row.
@Suite struct TextTableTests {
    @Test("columns are padded to the widest cell, two spaces apart, with no trailing spaces")
    func alignment() {
        var table = TextTable()
        table.append(["a", "one", "x"])
        table.append(["longer", "two", ""])
        #expect(table.lines == ["  a       one  x", "  longer  two"])
    }

    @Test("a cell wider than the padding limit is written whole but pads no other row")
    func wideCellPadsNothingElse() {
        var table = TextTable()
        let wide = String(repeating: "w", count: 1_000)
        table.append([wide, "changed"])
        table.append(["short", "added"])
        let lines = table.lines
        #expect(lines[0] == "  " + wide + "  changed")
        #expect(lines[1] == "  short" + String(repeating: " ", count: TextTable.maxPaddedWidth - 5 + 2) + "added")
        #expect(lines[1].count < 100)
    }
}
