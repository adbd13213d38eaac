import Testing
import ThemeKitTestSupport

@testable import ThemeKit

// Sound: only the test's thread touches it.
/// A grid whose cells are bound through subscript key paths made at run time
/// (`\CellGrid.[i]`): each index is a distinct key path.
private final class CellGrid: @unchecked Sendable {
    private var cells: [Int: String] = [:]
    /// How many writes each cell received.
    private(set) var writes: [Int: Int] = [:]

    subscript(index: Int) -> String {
        get { cells[index] ?? "" }
        set {
            cells[index] = newValue
            writes[index, default: 0] += 1
        }
    }
}

/// The engine's key-path ids, runners and themed-property works stay bounded by what is
/// bound, and an id given again after it was dropped never confuses two key paths.
@Suite("Key-path bookkeeping stays bounded")
struct KeyPathBookkeepingTests {
    @Test("Key paths made at run time and unbound again do not accumulate")
    func unboundKeyPathsAreForgotten() throws {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let grid = CellGrid()
        for index in 0..<5_000 {
            theme.bind(grid, \CellGrid.[index]) { env in "\(index)-\(env.style)" }
            #expect(grid[index] == "\(index)-\(ThemeStyle.light)")
            theme.unbind(grid, \CellGrid.[index])
        }
        let counts = try #require(theme.keyPathBookkeeping())
        // At most the collection threshold (256) plus the one bound since.
        #expect(counts.keyPaths <= 257, "\(counts)")
        #expect(counts.runners <= 257, "\(counts)")
        #expect(theme.checkInvariants() == [])
    }

    @Test("Key paths of released objects are forgotten once the objects are swept")
    func releasedObjectsKeyPathsAreForgotten() throws {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        for index in 0..<5_000 {
            let grid = CellGrid()
            theme.bind(grid, \CellGrid.[index]) { _ in "cell \(index)" }
            #expect(grid[index] == "cell \(index)")
        }
        let counts = try #require(theme.keyPathBookkeeping())
        // The dead objects' bindings hold their ids until a sweep frees the objects,
        // which runs once as many objects were registered as were tracked (at least 1024).
        #expect(counts.keyPaths <= 2 * 1_024 + 257, "\(counts)")
        #expect(theme.checkInvariants() == [])
    }

    @Test("Unbinding a key path never bound gives it no id")
    func unbindingAnUnknownKeyPathAddsNothing() throws {
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let grid = CellGrid()
        theme.bind(grid, \CellGrid.[0]) { env in "zero-\(env.style)" }
        let before = try #require(theme.keyPathBookkeeping())
        for index in 1..<1_000 { theme.unbind(grid, \CellGrid.[index]) }
        #expect(try #require(theme.keyPathBookkeeping()).keyPaths == before.keyPaths)
        theme.style = .dark
        #expect(grid.writes[0] == 2, "the one binding still runs")
    }

    /// Random binds, rebinds and unbinds over more key paths than the collection
    /// threshold, so ids are dropped and given again, checked against a dictionary after
    /// every step: each bound cell holds its latest provider's value, an unbound one keeps
    /// the last value written and receives no more writes.
    @Test("Ids given again never confuse two key paths: random operations against a model", arguments: [1, 2, 3])
    func randomOperationsMatchTheModel(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        let theme = Theme(storage: InMemoryThemeStorage(), delivery: .synchronous)
        let grids = [CellGrid(), CellGrid(), CellGrid()]
        let cellCount = 700
        // The model: the provider tag bound to each (grid, cell), and each cell's value.
        var bound: [[Int: Int]] = Array(repeating: [:], count: grids.count)
        var expected: [[Int: String]] = Array(repeating: [:], count: grids.count)
        var style = ThemeStyle.light
        for step in 0..<6_000 {
            let grid = Int.random(in: 0..<grids.count, using: &random)
            let cell = Int.random(in: 0..<cellCount, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let tag = step
                theme.bind(grids[grid], \CellGrid.[cell]) { env in "\(tag)-\(env.style)" }
                bound[grid][cell] = tag
                expected[grid][cell] = "\(tag)-\(style)"
            case 6..<9:
                theme.unbind(grids[grid], \CellGrid.[cell])
                bound[grid][cell] = nil
            default:
                style = style == .light ? .dark : .light
                theme.style = style
                for index in grids.indices {
                    for (cell, tag) in bound[index] { expected[index][cell] = "\(tag)-\(style)" }
                }
            }
            if step % 97 == 0 || step == 5_999 {
                for index in grids.indices {
                    for cell in 0..<cellCount where grids[index][cell] != expected[index][cell] ?? "" {
                        Issue.record("step \(step): grid \(index) cell \(cell) is \(grids[index][cell])")
                        return
                    }
                }
                let problems = theme.checkInvariants()
                #expect(problems == [], "step \(step)")
                if !problems.isEmpty { return }
            }
        }
        let counts = theme.keyPathBookkeeping()
        let live = bound.reduce(0) { $0 + Set($1.keys).count }
        #expect(
            (counts?.keyPaths ?? .max) <= max(257, 2 * cellCount + 1), "\(String(describing: counts)), \(live) bound")
    }
}
