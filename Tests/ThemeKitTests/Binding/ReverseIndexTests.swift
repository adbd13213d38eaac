import Testing

@testable import ThemeKit

/// The reverse index's lists: appends keep order across growth, removal keeps the
/// remaining entries in order, and bits do not share storage.
@Suite struct ReverseIndexTests {
    @Test("entries keep their order across growth, per bit")
    func appendsKeepOrder() {
        let index = ReverseIndex()
        defer { index.deallocate() }
        for position in 0..<1000 {
            index.append(ReverseEntry(slot: Int32(position), index: 1, generation: 2), bit: 5)
            if position % 3 == 0 {
                index.append(ReverseEntry(slot: -Int32(position), index: 0, generation: 0), bit: 63)
            }
        }
        #expect(index.count(bit: 5) == 1000)
        #expect(index.count(bit: 63) == 334)
        #expect(index.count(bit: 6) == 0)
        #expect(index.entries(bit: 5).map(\.slot) == (0..<1000).map(Int32.init))
        #expect(index.entry(bit: 63, at: 2) == ReverseEntry(slot: -6, index: 0, generation: 0))
    }

    @Test("removing entries keeps the others in order")
    func removalKeepsOrder() {
        let index = ReverseIndex()
        defer { index.deallocate() }
        for position in 0..<100 { index.append(ReverseEntry(slot: Int32(position), index: 0, generation: 0), bit: 2) }
        index.removeAll(bit: 2) { $0.slot % 2 == 1 }
        #expect(index.entries(bit: 2).map(\.slot) == stride(from: 0, to: 100, by: 2).map(Int32.init))
        index.removeAll(bit: 2) { _ in true }
        #expect(index.count(bit: 2) == 0)
        index.removeAll(bit: 40) { _ in true }
        #expect(index.count(bit: 40) == 0)
    }
}
