import Testing
import ThemeKit
import ThemeKitTestSupport

import ThemeKitTokens

/// ``StyleTable`` resolves every style in one pass per colour; it must agree with
/// ``ColorSet/resolved(for:contrast:baseStyles:)`` on every graph, loops and unknown bases included.
@Suite struct StyleTableTests {
    static func color(_ random: inout SeededRandom) -> ThemeColor {
        ThemeColor(
            red: Double(random.next() % 256) / 255, green: Double(random.next() % 256) / 255,
            blue: Double(random.next() % 256) / 255)
    }

    @Test("on random style graphs (chains, loops, unknown bases) the table equals a walk per style", arguments: 0..<40)
    func agreesWithResolved(seed: UInt64) {
        var random = SeededRandom(seed: seed &+ 1)
        let count = Int(random.next() % 30) + 1
        let names = (0..<count).map { ThemeStyle(rawValue: "s\($0)") }
        let targets = names + [.light, .dark, ThemeStyle(rawValue: "undeclared")]
        var bases: [ThemeStyle: ThemeStyle] = [:]
        for name in names { bases[name] = targets[Int(random.next() % UInt64(targets.count))] }
        var set = ColorSet(
            light: Self.color(&random), dark: Self.color(&random), highContrastLight: Self.color(&random))
        for name in names + [ThemeStyle(rawValue: "undeclared")] where random.next() % 3 == 0 {
            set.custom[name] = .init(color: Self.color(&random), highContrast: Self.color(&random))
        }
        let table = StyleTable(baseStyles: bases)
        for contrast in ThemeContrast.allCases {
            let colors = table.colors(of: set, contrast: contrast)
            for style in targets + [ThemeStyle(rawValue: "elsewhere")] {
                #expect(
                    table.color(for: style, in: colors, of: set, contrast: contrast)
                        == set.resolved(for: style, contrast: contrast, baseStyles: bases),
                    "seed \(seed), \(style), \(contrast), bases \(bases)")
                #expect(
                    table.root(of: style) == SystemAppearance(resolving: style, baseStyles: bases).style,
                    "seed \(seed), \(style)")
            }
        }
    }

    @Test("a chain of 100,000 styles is ordered and resolved without recursion, the deepest ending in dark")
    func longChainsAreLinear() {
        let count = 100_000
        var bases: [ThemeStyle: ThemeStyle] = [:]
        for index in 0..<count {
            bases[ThemeStyle(rawValue: "s\(index)")] =
                index + 1 == count ? .dark : ThemeStyle(rawValue: "s\(index + 1)")
        }
        let set = ColorSet(light: ThemeColor(red: 1, green: 1, blue: 1), dark: ThemeColor(red: 0, green: 0, blue: 0))
        let table = StyleTable(baseStyles: bases)
        let colors = table.colors(of: set, contrast: .standard)
        #expect(table.order.count == count)
        let first = ThemeStyle(rawValue: "s0")
        #expect(table.root(of: first) == .dark)
        #expect(table.color(for: first, in: colors, of: set, contrast: .standard) == set.dark)
    }
}
