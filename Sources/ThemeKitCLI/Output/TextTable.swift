import ThemeKitTokens

/// Left-aligned columns of text, padded to the widest cell up to ``maxPaddedWidth`` characters.
struct TextTable {
    /// The widest a column is padded to: a longer cell (a name of 128 right-to-left marks escapes to
    /// 1,024 characters) is written whole but pads no other row, so one wide name in a pack cannot make
    /// every line of a large table a kilobyte long.
    static let maxPaddedWidth = 60

    var rows: [[String]] = []
    var indent = "  "
    /// Widths columns are padded to at least, so several tables can line up.
    var minimumWidths: [Int] = []

    /// Adds a row; each cell is escaped with ``TerminalText/escaped(_:)`` (cells hold pack names and values),
    /// so it stays on its line and its width is what the terminal shows.
    mutating func append(_ row: [String]) { rows.append(row.map { TerminalText.escaped($0) }) }

    /// The table's lines, without trailing spaces.
    var lines: [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = (0..<columns).map { $0 < minimumWidths.count ? minimumWidths[$0] : 0 }
        for row in rows {
            for (index, cell) in row.enumerated() {
                widths[index] = max(widths[index], min(cell.count, Self.maxPaddedWidth))
            }
        }
        return rows.map { row in
            var line = indent
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 {
                    line += String(repeating: " ", count: max(0, widths[index] - cell.count) + 2)
                }
            }
            guard let last = line.lastIndex(where: { $0 != " " }) else { return "" }
            return String(line[...last])
        }
    }
}
