import Testing

@testable import ThemeKit

/// The cache's slot mapping and appearance keys, which the refresh loop trusts
/// without re-comparing styles and contrasts.
@Suite struct SharedResultCacheTests {
    @Test("an appearance keeps its key under one stamp; another appearance or stamp gets another")
    func appearanceKeys() {
        let cache = SharedResultCache()
        defer { cache.deallocate() }
        let lightStandard = cache.appearanceKey(stamp: 3, style: .light, contrast: .standard)
        let dark = cache.appearanceKey(stamp: 3, style: .dark, contrast: .standard)
        let darkIncreased = cache.appearanceKey(stamp: 3, style: .dark, contrast: .increased)
        #expect(lightStandard != 0 && dark != 0 && darkIncreased != 0)
        #expect(Set([lightStandard, dark, darkIncreased]).count == 3)
        #expect(cache.appearanceKey(stamp: 3, style: .light, contrast: .standard) == lightStandard)
        #expect(cache.appearanceKey(stamp: 3, style: .dark, contrast: .standard) == dark)
        let later = cache.appearanceKey(stamp: 4, style: .light, contrast: .standard)
        #expect(later != 0)
        #expect(![lightStandard, dark, darkIncreased].contains(later))
    }

    @Test("past the limit of appearances under one stamp there is no key, so nothing is copied by key")
    func appearanceLimit() {
        let cache = SharedResultCache()
        defer { cache.deallocate() }
        var keys: [UInt64] = []
        for index in 0..<(SharedResultCache.appearanceLimit + 5) {
            keys.append(cache.appearanceKey(stamp: 1, style: ThemeStyle(rawValue: "s\(index)"), contrast: .standard))
        }
        #expect(keys.prefix(SharedResultCache.appearanceLimit).allSatisfy { $0 != 0 })
        #expect(Set(keys.prefix(SharedResultCache.appearanceLimit)).count == SharedResultCache.appearanceLimit)
        #expect(keys.suffix(5).allSatisfy { $0 == 0 })
        // Known appearances keep their keys.
        #expect(cache.appearanceKey(stamp: 1, style: ThemeStyle(rawValue: "s0"), contrast: .standard) == keys[0])
    }

    @Test("themed properties map straight by serial; a slot is claimed only from values of older stamps")
    func slotOwnership() {
        let cache = SharedResultCache()
        defer { cache.deallocate() }
        #expect(SharedResultCache.slotIndex(serial: 5, function: 0) == 5)
        #expect(SharedResultCache.slotIndex(serial: 261, function: 0) == 5)
        let first = try! #require(cache.slot(for: 5, stamp: 1))
        _ = first.pointee.store("a", stamp: 1, style: .light, contrast: .standard, read: 1)
        // Serial 261 maps to the same slot; it cannot take it while serial 5's value is current.
        #expect(cache.slot(for: 261, stamp: 1) == nil)
        let claimed = try! #require(cache.slot(for: 261, stamp: 2))
        #expect(claimed == first)
        #expect(claimed.pointee.serial == 261)
        #expect(claimed.pointee.storage == nil)
        #expect(claimed.pointee.copyKey == 0)
    }

    @Test("a slot keeps the value of the appearance before under the same stamp, and takes it back")
    func earlierValue() {
        let cache = SharedResultCache()
        defer { cache.deallocate() }
        let slot = try! #require(cache.slot(for: 7, stamp: 1))
        _ = slot.pointee.store("light value", stamp: 1, style: .light, contrast: .standard, read: 1)
        _ = slot.pointee.store("dark value", stamp: 1, style: .dark, contrast: .standard, read: 3)
        // (The checks are mutating, so each result is read into a variable first.)
        var result: Bool
        result = slot.pointee.holdsValue(stamp: 1, style: .dark, contrast: .standard)
        #expect(result)
        result = slot.pointee.holdsValue(stamp: 1, style: .light, contrast: .standard)
        #expect(!result)
        // Back to light: the kept value becomes current, with what its provider read.
        result = slot.pointee.takeEarlier(stamp: 1, style: .light, contrast: .standard)
        #expect(result)
        result = slot.pointee.holdsValue(stamp: 1, style: .light, contrast: .standard)
        #expect(result)
        #expect(slot.pointee.storage?.assumingMemoryBound(to: String.self).pointee == "light value")
        #expect(slot.pointee.read == 1)
        #expect(slot.pointee.copyKey == 0)
        // And dark is now the kept one.
        result = slot.pointee.takeEarlier(stamp: 1, style: .dark, contrast: .standard)
        #expect(result)
        #expect(slot.pointee.storage?.assumingMemoryBound(to: String.self).pointee == "dark value")
        #expect(slot.pointee.read == 3)
        // Another appearance, or other values (a new stamp), is not kept.
        result = slot.pointee.takeEarlier(stamp: 1, style: .dark, contrast: .increased)
        #expect(!result)
        result = slot.pointee.takeEarlier(stamp: 2, style: .light, contrast: .standard)
        #expect(!result)
        // A value of a new stamp replaces the current one and keeps nothing of the old stamp.
        _ = slot.pointee.store("new light", stamp: 2, style: .light, contrast: .standard, read: 1)
        result = slot.pointee.takeEarlier(stamp: 2, style: .dark, contrast: .standard)
        #expect(!result)
        #expect(slot.pointee.storage?.assumingMemoryBound(to: String.self).pointee == "new light")
    }
}
