// swift-format-ignore-file
// Docs/Colors.md's examples, compiled by `swift build --build-tests` (CONTRIBUTING.md, "Documentation snippets").
// The text between the markers is the guide's, word for word; the rest declares what it needs.

import ThemeKitTokens

func colorsHex() throws {
    // snippet: Docs/Colors.md hex
    let accent = try ThemeColor(hex: "#0055FF")
    print(accent.hex)                                              // "#0055FF"
    print(ThemeColor(red: 0, green: 0, blue: 0, alpha: 0.5).hex)   // "#00000080"
    // end snippet
}

func colorsContrast(text: ThemeColor, surface: ThemeColor) {
    // snippet: Docs/Colors.md contrast
    let ratio = text.composited(over: surface).contrastRatio(to: surface)
    let passesAA = ContrastRequirement.normalTextAA.isSatisfied(by: ratio)

    let check = ContrastCheck(foreground: text, background: surface)   // composites for you
    print(check.passed)                            // [.normalTextAA, .largeTextAA, …]
    print(check.highestLevel(for: .normalText) as Any)   // .aa, .aaa or nil
    // end snippet
    _ = passesAA
}

func colorsInterpolation(black: ThemeColor, white: ThemeColor) {
    // snippet: Docs/Colors.md interpolation
    print(black.interpolated(to: white, fraction: 0.5, in: .srgb).hex)         // "#808080"
    print(black.interpolated(to: white, fraction: 0.5).hex)                    // "#636363" — OKLab, the default
    print(black.interpolated(to: white, fraction: 0.5, in: .linearSRGB).hex)   // "#BCBCBC"
    // end snippet
}

func colorsColorSet() throws {
    // snippet: Docs/Colors.md colour set
    let background = ColorSet(
        light: try ThemeColor(hex: "#FFFFFF"),
        dark: try ThemeColor(hex: "#000000"),
        highContrastDark: try ThemeColor(hex: "#111111"),
        custom: [ThemeStyle(rawValue: "sepia"): .init(color: try ThemeColor(hex: "#F4ECD8"))]
    )
    print(background.resolved(for: .dark, contrast: .increased).hex)   // "#111111"
    // end snippet
}
