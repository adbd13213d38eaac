import Testing

@testable import ThemeKit

/// A handler that returns a value, as a subscriber's closure would.
private final class Returns {
    let call: () -> Int
    init(_ call: @escaping () -> Int) { self.call = call }
}

@Suite struct SubscriberListTests {
    /// The values the live handlers of `list` return, in order.
    private func values(_ list: SubscriberList<Returns>) -> [Int] {
        list.handlers.objects.indices.filter { list.isLive(at: $0) }.map { list.handlers.objects[$0].call() }
    }

    /// A list whose holes return -1.
    private func makeList() -> SubscriberList<Returns> { SubscriberList(placeholder: Returns { -1 }) }

    @Test("removal by id keeps order, and compaction keeps each id with its handler")
    func removalAndCompaction() {
        var list = makeList()
        let ids = (0..<100).map { value in list.append(Returns { value }) }
        #expect(ids == Array(0..<100))
        // Every even one, from the back: half the list in holes, still kept.
        for id in ids.reversed() where id % 2 == 0 { #expect(list.remove(id)?.call() == id) }
        #expect(list.count == 50)
        #expect(list.handlers.count == 100)
        // One more: holes are past 32 and past half the list, so they go.
        #expect(list.remove(1)?.call() == 1)
        #expect(list.handlers.count == 49, "holes were compacted away")
        #expect(values(list) == Array(stride(from: 3, to: 100, by: 2)))
        // Ids still find their own handlers after compaction.
        #expect(list.remove(51)?.call() == 51)
        #expect(list.remove(51) == nil, "already removed")
        #expect(list.remove(50) == nil, "removed before compaction")
        #expect(list.remove(1_000) == nil, "never added")
        let added = list.append(Returns { 7 })
        #expect(added == 100)
        #expect(values(list).last == 7)
        #expect(list.count == 49)
    }

    @Test("a few removals leave holes that delivery skips")
    func holes() {
        var list = makeList()
        for value in 0..<5 { _ = list.append(Returns { value }) }
        list.remove(1)
        list.remove(3)
        #expect(list.handlers.count == 5)
        #expect(values(list) == [0, 2, 4])
        #expect(
            list.handlers.objects.map { $0.call() } == [0, -1, 2, -1, 4],
            "holes hold the placeholder, which delivery calls")
        #expect(list.count == 3)
        list.remove(0)
        list.remove(2)
        list.remove(4)
        #expect(list.isEmpty)
    }

    /// A class handler, as the bus and observer lists use.
    private final class Call {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test("forEach calls every class handler of a copy in order, holes included, and leaves the list intact")
    func forEachOverCopy() {
        var list = SubscriberList(placeholder: Call(-1))
        for value in 0..<6 { _ = list.append(Call(value)) }
        list.remove(2)
        let copy = list.handlers
        var seen: [Int] = []
        SubscriberList.forEach(in: copy, scope: DeliveryScope()) { seen.append($0.value) }
        #expect(seen == [0, 1, -1, 3, 4, 5])
        // The handlers are still the list's own (nothing was released by the walk).
        #expect(list.handlers.objects.map(\.value) == [0, 1, -1, 3, 4, 5])
        var none: [Int] = []
        SubscriberList<Call>.forEach(in: .init(), scope: DeliveryScope()) { none.append($0.value) }
        #expect(none.isEmpty)
    }
}
