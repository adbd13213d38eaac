import ThemeKitTokens

/// The palette as a terminal table: one row per colour, one column per appearance, each cell a 24-bit
/// ANSI swatch and the hex value (or the hex value alone when colour is off).
struct TerminalPalette {
    var useColor: Bool

    static let reset = "\u{1B}[0m"

    func render(_ pack: ThemePack) -> String {
        let appearances = PaletteAppearance.all(for: pack)
        // Written as is (the swatches are escape sequences), so every pack-controlled part is escaped here.
        var lines = [TerminalText.safeLine("\(pack.name) (\(pack.id)): \(PackSummary.counts(pack))")]
        if pack.colors.isEmpty {
            lines.append("The pack has no colours.")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append("")
        let names = pack.colors.keys.sorted().map { TerminalText.escaped($0) }
        let nameWidth = min(max(names.map(\.count).max() ?? 0, 6), 40)
        let labelWidth = min(appearances.map { Self.label($0.appearance).count }.max() ?? 0, 24)
        let cellWidth = max((useColor ? 5 : 0) + 9, labelWidth)
        var header = "".padding(nameWidth)
        for palette in appearances {
            header += "  " + Self.clipped(Self.label(palette.appearance), cellWidth).padding(cellWidth)
        }
        lines.append(
            TerminalText.guardedAgainstCommands(String(header.reversed().drop(while: { $0 == " " }).reversed())))
        for (index, name) in names.enumerated() {
            var line = Self.clipped(name, nameWidth).padding(nameWidth)
            for palette in appearances {
                guard index < palette.entries.count else { continue }
                let entry = palette.entries[index]
                line += "  "
                if useColor { line += swatch(entry.visible) + " " }
                line += entry.color.hex.padding(cellWidth - (useColor ? 5 : 0))
            }
            lines.append(
                TerminalText.guardedAgainstCommands(String(line.reversed().drop(while: { $0 == " " }).reversed())))
        }
        lines.append("")
        lines.append(
            "HC: high contrast. Translucent colours are shown over white in light styles and black in dark ones.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `light`, `dark HC`, `sepia HC`: short enough for a column. A custom style's name is the pack's,
    /// escaped.
    static func label(_ appearance: ThemePackAppearance) -> String {
        let style = TerminalText.escaped(appearance.style.rawValue)
        return appearance.contrast == .increased ? "\(style) HC" : style
    }

    /// Four cells of background colour.
    func swatch(_ color: ThemeColor) -> String {
        let bytes = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
        return "\u{1B}[48;2;\(bytes[0]);\(bytes[1]);\(bytes[2])m    \(Self.reset)"
    }

    static func clipped(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
