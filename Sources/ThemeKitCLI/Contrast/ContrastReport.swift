import ThemeKitTokens

/// The contrast checks of a pack, grouped by appearance, with AA and AAA verdicts.
///
/// The ratios come from ``ThemePack/contrastChecks()``; this type only groups them and adds the AAA
/// threshold for each pair's usage (normal text 7:1, large text 4.5:1, none for non-text).
struct ContrastReport {
    /// One pair in one appearance.
    struct Row {
        var check: ContrastPairCheck
        var ratio: Double { check.ratio ?? 1 }
        var passesAA: Bool { check.passes }
        /// The AAA minimum; `nil` for non-text, which WCAG gives no AAA level.
        var aaaMinimum: Double? { ContrastReport.requirement(check.pair.usage, .aaa)?.minimumRatio }
        var passesAAA: Bool? { aaaMinimum.map { minimum in check.ratio.map { $0 >= minimum } ?? false } }

        /// Whether the row meets the required level (AAA falls back to AA where AAA is undefined).
        func passes(_ level: WCAGLevel) -> Bool {
            level == .aaa ? (passesAAA ?? passesAA) : passesAA
        }
    }

    var pack: ThemePack
    var level: WCAGLevel
    var sections: [(appearance: ThemePackAppearance, rows: [Row])]

    init(pack: ThemePack, level: WCAGLevel) {
        self.pack = pack
        self.level = level
        // Grouped in one pass: filtering every check for every appearance was quadratic in the styles
        // (514 appearances × 51,400 checks took a minute for a pack at the style limit).
        var grouped: [ThemeStyle: [ThemeContrast: [Row]]] = [:]
        for check in pack.contrastChecks() {
            grouped[check.style, default: [:]][check.contrast, default: []].append(Row(check: check))
        }
        sections = pack.appearances.map { appearance in
            (appearance, grouped[appearance.style]?[appearance.contrast] ?? [])
        }
    }

    var rows: [Row] { sections.flatMap(\.rows) }
    var failures: [(appearance: ThemePackAppearance, row: Row)] {
        sections.flatMap { section in section.rows.filter { !$0.passes(level) }.map { (section.appearance, $0) } }
    }

    static func requirement(_ usage: ContrastPair.Usage, _ level: WCAGLevel) -> ContrastRequirement? {
        switch usage {
        case .normalText: ContrastRequirement(content: .normalText, level: level)
        case .largeText: ContrastRequirement(content: .largeText, level: level)
        case .nonText: ContrastRequirement(content: .nonText, level: level)
        }
    }

    /// `normal text`, `large text`, `non-text`.
    static func usageName(_ usage: ContrastPair.Usage) -> String {
        switch usage {
        case .normalText: "normal text"
        case .largeText: "large text"
        case .nonText: "non-text"
        }
    }

    /// A ratio truncated (not rounded) to two decimals, as WCAG checkers print it: `4.49:1` for 4.499.
    static func ratioText(_ ratio: Double) -> String {
        let hundredths = Int((min(max(ratio, 1), 21) * 100).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction):1"
    }
}
