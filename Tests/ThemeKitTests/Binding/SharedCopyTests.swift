import Testing

@testable import ThemeKit

/// Values with no references, of sizes the copy handles specially and not.
private struct Pair: Equatable { var a: Int32, b: Int32 }  // size 8, aligned to 4
private struct Insets: Equatable { var top, left, bottom, right: Double }  // size 32
private struct Odd: Equatable { var a: UInt16, b: UInt8 }  // size 3, stride 4
private struct Named: Equatable { var name: String, size: Double }  // holds a reference

/// An object with one stored property per kind of copy, and a byte right after `odd`
/// that a copy of `Odd`'s stride instead of its size would overwrite.
// Sound: only the thread driving the theme in each test touches it.
private final class Gauge: @unchecked Sendable {
    var name = ""
    var width = 0.0
    var pair = Pair(a: 0, b: 0)
    var insets = Insets(top: 0, left: 0, bottom: 0, right: 0)
    var odd = Odd(a: 0, b: 0)
    var neighbour: UInt8 = 7
    var named = Named(name: "", size: 0)
    var label: String? = nil
}

/// Shared values for a light and a dark appearance, chosen so that a switch replaces
/// small strings with heap strings and back.
private let longDark = String(repeating: "dark-", count: 12)
private let name = ThemedProperty<Gauge, String>(\.name) { env in env.style == .dark ? longDark : "#ABCDEF" }
private let width = ThemedProperty<Gauge, Double>(\.width) { env in env.style == .dark ? 2.5 : 1.25 }
private let pair = ThemedProperty<Gauge, Pair>(\.pair) { env in
    env.style == .dark ? Pair(a: -1, b: 2) : Pair(a: 3, b: -4)
}
private let insets = ThemedProperty<Gauge, Insets>(\.insets) { env in
    env.style == .dark ? Insets(top: 1, left: 2, bottom: 3, right: 4) : Insets(top: 5, left: 6, bottom: 7, right: 8)
}
private let odd = ThemedProperty<Gauge, Odd>(\.odd) { env in
    env.style == .dark ? Odd(a: 0xFFFF, b: 0xFF) : Odd(a: 1, b: 2)
}
private let named = ThemedProperty<Gauge, Named>(\.named) { env in
    env.style == .dark ? Named(name: longDark, size: 9) : Named(name: "s", size: 1)
}
private let label = ThemedProperty<Gauge, String?>(\.label) { env in env.style == .dark ? nil : "set" }

@Suite struct SharedCopyTests {
    @Test("strings, values without references and everything else get their own kind of copy")
    func kinds() {
        #expect(SharedCopy(String.self).kind == (StringLayout.marksImmortalStrings ? .string : .call))
        #expect(SharedCopy(Double.self).kind == .bytes && SharedCopy(Double.self).size == 8)
        #expect(SharedCopy(Pair.self).kind == .bytes && SharedCopy(Pair.self).size == 8)
        #expect(SharedCopy(Insets.self).size == 32)
        #expect(SharedCopy(Odd.self).kind == .bytes && SharedCopy(Odd.self).size == 3)
        #expect(SharedCopy(Bool.self).size == 1)
        #expect(SharedCopy(Named.self).kind == .call)
        #expect(SharedCopy(String?.self).kind == .call)
        #expect(SharedCopy([Int].self).kind == .call)
        #expect(SharedCopy(Gauge.self).kind == .call)
    }

    @Test("every kind of copied value equals what the provider returned, through many switches")
    func copiedValues() {
        let theme = makeTheme()
        let gauges = (0..<24).map { _ in Gauge() }
        theme.batch {
            for gauge in gauges {
                theme.bind(gauge, name)
                theme.bind(gauge, width)
                theme.bind(gauge, pair)
                theme.bind(gauge, insets)
                theme.bind(gauge, odd)
                theme.bind(gauge, named)
                theme.bind(gauge, label)
            }
        }
        for round in 0..<6 {
            let dark = round % 2 == 1
            theme.style = dark ? .dark : .light
            for gauge in gauges {
                #expect(gauge.name == (dark ? longDark : "#ABCDEF"))
                #expect(gauge.width == (dark ? 2.5 : 1.25))
                #expect(gauge.pair == (dark ? Pair(a: -1, b: 2) : Pair(a: 3, b: -4)))
                #expect(
                    gauge.insets
                        == (dark
                            ? Insets(top: 1, left: 2, bottom: 3, right: 4)
                            : Insets(top: 5, left: 6, bottom: 7, right: 8)))
                #expect(gauge.odd == (dark ? Odd(a: 0xFFFF, b: 0xFF) : Odd(a: 1, b: 2)))
                #expect(gauge.neighbour == 7)
                #expect(gauge.named == (dark ? Named(name: longDark, size: 9) : Named(name: "s", size: 1)))
                #expect(gauge.label == (dark ? nil : "set"))
            }
        }
        #expect(theme.checkInvariants() == [])
    }

    @Test("capture-free closures copy their shared values the same way")
    func closureValues() {
        let theme = makeTheme()
        let gauges = (0..<16).map { _ in Gauge() }
        for gauge in gauges {
            theme.bind(gauge, \.name) { env in env.style == .dark ? longDark : "#123456" }
            theme.bind(gauge, \.width) { env in env.style == .dark ? 4 : 8 }
            theme.bind(gauge, \.odd) { env in env.style == .dark ? Odd(a: 5, b: 6) : Odd(a: 0xFFFF, b: 0xFF) }
        }
        for round in 0..<4 {
            let dark = round % 2 == 0
            theme.style = dark ? .dark : .light
            #expect(gauges.allSatisfy { $0.name == (dark ? longDark : "#123456") })
            #expect(gauges.allSatisfy { $0.width == (dark ? 4 : 8) })
            #expect(
                gauges.allSatisfy { $0.odd == (dark ? Odd(a: 5, b: 6) : Odd(a: 0xFFFF, b: 0xFF)) && $0.neighbour == 7 })
        }
    }
}
