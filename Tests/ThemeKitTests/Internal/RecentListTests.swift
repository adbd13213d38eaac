import Testing
import ThemeKitTestSupport

@testable import ThemeKit

@Suite struct RecentListTests {
    @Test("remembers up to its capacity, replacing the oldest entry round robin, and agrees with a model")
    func agreesWithModel() {
        var list = RecentList<Int, String>()
        // The model: the last `capacity` distinct insertions, as the list keeps them.
        var model: [(key: Int, value: String)] = []
        var next = 0
        var random = SeededRandom(seed: 7)
        for step in 0..<5_000 {
            let key = Int(random.next() % 20)
            switch random.next() % 4 {
            case 0:
                // Forget the even keys.
                list.removeAll { $0 % 2 == 0 }
                model.removeAll { $0.key % 2 == 0 }
                next = 0
            default:
                if list.value(for: key) == nil {
                    let value = "\(key)@\(step)"
                    list.remember(value, for: key)
                    if model.count < RecentList<Int, String>.capacity {
                        model.append((key, value))
                    } else {
                        model[next] = (key, value)
                        next = (next + 1) % model.count
                    }
                }
            }
            for probe in 0..<20 {
                #expect(list.value(for: probe) == model.first { $0.key == probe }?.value, "step \(step), key \(probe)")
            }
            #expect(list.all.map(\.key) == model.map(\.key))
        }
    }

    @Test("an empty list finds nothing, and a key remembered once is found")
    func basics() {
        var list = RecentList<Int, Int>()
        #expect(list.value(for: 1) == nil)
        list.remember(10, for: 1)
        #expect(list.value(for: 1) == 10)
        #expect(list.value(for: 2) == nil)
        list.removeAll { _ in true }
        #expect(list.value(for: 1) == nil)
        #expect(list.all.isEmpty)
    }
}
