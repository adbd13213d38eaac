import Foundation
import Testing

@testable import ThemeKit

@Suite struct PlatformLockTests {
    /// A counter whose read-modify-write is split in two, so a lock that let two
    /// threads in at once would lose increments.
    // Sound: `value` is only touched under `lock`.
    final class Counter: @unchecked Sendable {
        let lock = PlatformLock()
        var value = 0
        var inside = 0
        var overlaps = 0
    }

    @Test("the lock admits one thread at a time under contention, and sleeping waiters wake up")
    func mutualExclusion() async {
        let counter = Counter()
        let threads = 8
        let rounds = 20_000
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<threads {
                group.addTask {
                    for round in 0..<rounds {
                        counter.lock.lock()
                        counter.inside += 1
                        if counter.inside != 1 { counter.overlaps += 1 }
                        let read = counter.value
                        // Now and then hold the lock long enough for others to sleep on it.
                        if round % 2_000 == 0 { usleep(200) }
                        counter.value = read + 1
                        counter.inside -= 1
                        counter.lock.unlock()
                    }
                }
            }
        }
        let total = counter.lock.withLock { counter.value }
        #expect(total == threads * rounds)
        #expect(counter.lock.withLock { counter.overlaps } == 0)
    }
}
