import Testing
import ThemeKitTestSupport

@testable import ThemeKit

@Suite struct ObjectSlotMapTests {
    @Test("random inserts, replacements and removals agree with a dictionary, through growth and collisions")
    func agreesWithDictionary() {
        let objects = (0..<3_000).map { _ in Label() }
        let map = ObjectSlotMap()
        defer { map.deallocate() }
        var model: [ObjectIdentifier: Int32] = [:]
        var random = SeededRandom(seed: 42)
        for step in 0..<60_000 {
            let identifier = ObjectIdentifier(objects[Int(random.next() % UInt64(objects.count))])
            switch random.next() % 3 {
            case 0, 1:
                let slot = Int32(step)
                map.set(slot, for: identifier)
                model[identifier] = slot
            default:
                // Removing with the wrong slot keeps the entry.
                let slot = random.next() % 4 == 0 ? Int32(-5) : (model[identifier] ?? 0)
                map.remove(identifier, ifSlot: slot)
                if model[identifier] == slot { model[identifier] = nil }
            }
            if step % 997 == 0 {
                for object in objects {
                    let key = ObjectIdentifier(object)
                    #expect(map[key] == model[key])
                }
            }
        }
        #expect(map.count == model.count)
        for object in objects { #expect(map[ObjectIdentifier(object)] == model[ObjectIdentifier(object)]) }
    }
}
