import Testing
import ThemeKit

/// An object with many bindable cells, each reached by a key path built at run time
/// (a subscript key path with a new argument is a new key-path object).
// Sound: only the thread driving the theme in each test touches it.
private final class Grid: @unchecked Sendable {
    var cells = [String](repeating: "", count: 3000)
}

/// The per-key-path runner cache is bounded, and the runners its bindings use survive
/// when it forgets the others (bindings count uses of a cached runner instead of
/// retaining it).
@Suite struct KeyPathRunnerCacheTests {
    @Test("bindings of more key paths than the cache keeps all stay live and correct")
    func runnersInUseSurviveTheLimit() {
        let theme = makeTheme()
        let grid = Grid()
        // 3,000 distinct key paths: the cache passes its limit (1,024) and sweeps.
        for cell in 0..<3000 {
            theme.bind(grid, \Grid.cells[cell]) { env in env.style.rawValue + env[Palette.self].text }
        }
        #expect(grid.cells.allSatisfy { $0 == "light#000000" })
        theme.style = .dark
        #expect(grid.cells.allSatisfy { $0 == "dark#000000" })
        #expect(theme.bindingCount == 3000)
        #expect(theme.checkInvariants() == [])
    }

    @Test("runners no binding uses any more are forgotten, and their key paths bind again")
    func unusedRunnersAreForgotten() {
        let theme = makeTheme()
        do {
            let first = Grid()
            for cell in 0..<1500 {
                theme.bind(first, \Grid.cells[cell]) { env in env[Palette.self].background }
            }
            #expect(first.cells[0..<1500].allSatisfy { $0 == "#FFFFFF" })
        }
        // The first grid is gone: its bindings are pruned, its runners unused.
        theme.pruneReleasedObjects()
        #expect(theme.bindingCount == 0)
        let second = Grid()
        for cell in 0..<3000 {
            theme.bind(second, \Grid.cells[cell]) { env in env.style.rawValue }
        }
        theme.apply(Palette(background: "#111111", text: "#222222"))
        theme.style = .dark
        #expect(second.cells.allSatisfy { $0 == "dark" })
        // Replacing and removing bindings gives their uses back without disturbing the rest.
        for cell in 0..<1000 { theme.unbind(second, \Grid.cells[cell]) }
        for cell in 1000..<2000 {
            theme.bind(second, \Grid.cells[cell]) { env in env[Palette.self].text }
        }
        #expect(theme.bindingCount == 2000)
        theme.style = .light
        #expect(second.cells[0..<1000].allSatisfy { $0 == "dark" })
        #expect(second.cells[1000..<2000].allSatisfy { $0 == "#222222" })
        #expect(second.cells[2000..<3000].allSatisfy { $0 == "light" })
        #expect(theme.checkInvariants() == [])
    }
}
