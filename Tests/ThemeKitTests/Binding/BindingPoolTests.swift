import Testing
import ThemeKitTestSupport

@testable import ThemeKit

@Suite struct BindingPoolTests {
    @Test("blocks of every class are disjoint, freed blocks are reused by class, records survive growth")
    func blocksAreDisjointAndReused() {
        var pool = BindingPool()
        defer { pool.deallocate() }
        var random = SeededRandom(seed: 7)
        // Live blocks: first record, class, and the tag written into each of its records.
        var live: [(first: Int32, sizeClass: UInt8, tag: UInt64)] = []
        var freed: [UInt8: [Int32]] = [:]
        for step in 0..<4_000 {
            if live.isEmpty || random.next() % 3 != 0 {
                let sizeClass = UInt8(random.next() % 4)
                let first = pool.allocateBlock(sizeClass: sizeClass)
                // A freed block of the same class is handed out again, most recent first.
                if let reused = freed[sizeClass]?.popLast() { #expect(first == reused) }
                let tag = UInt64(step)
                for offset in 0..<BindingPool.blockSize(sizeClass) {
                    (pool.records + Int(first) + offset).pointee =
                        (BindingRecord(work: nil, dependencies: tag, indexed: 0, epoch: 0, payload: -1, isNew: false))
                }
                live.append((first, sizeClass, tag))
            } else {
                let victim = live.remove(at: Int(random.next() % UInt64(live.count)))
                pool.freeBlock(victim.first, sizeClass: victim.sizeClass)
                freed[victim.sizeClass, default: []].append(victim.first)
            }
        }
        // Every live block still holds its own tag in every record: no two blocks overlap,
        // and growing the buffer moved the records along.
        for block in live {
            for offset in 0..<BindingPool.blockSize(block.sizeClass) {
                #expect((pool.records + Int(block.first) + offset).pointee.dependencies == block.tag)
            }
        }
    }

    @Test("an object with many bindings moves to larger blocks and keeps every binding")
    func manyBindingsOnOneObject() {
        let theme = makeTheme()
        let labels = (0..<3).map { _ in Label() }
        // 3 objects interleaved, so growing one object's block moves it past the others'.
        for round in 0..<40 {
            for (index, label) in labels.enumerated() {
                theme.customize(label, id: "round \(round)") { label, env in
                    label.customized += 1
                    _ = env[Palette.self]
                    _ = round + index
                }
            }
        }
        #expect(theme.bindingCount == 120)
        #expect(labels.map(\.customized) == [40, 40, 40])
        theme.apply(Palette(background: "#010101", text: "#020202"))
        #expect(labels.map(\.customized) == [80, 80, 80])
        #expect(theme.checkInvariants() == [])
        // Freeing the big blocks and binding again reuses them; nothing is lost.
        theme.unbindAll(labels[1])
        theme.bind(labels[1], \.textColor) { env in env[Palette.self].text }
        #expect(labels[1].textColor == "#020202")
        theme.apply(Palette(background: "#030303", text: "#040404"))
        #expect(labels.map(\.customized) == [120, 80, 120])
        #expect(labels[1].textColor == "#040404")
        #expect(theme.bindingCount == 81)
        #expect(theme.checkInvariants() == [])
    }
}
