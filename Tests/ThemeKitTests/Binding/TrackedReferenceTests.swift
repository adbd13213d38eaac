import Testing

@testable import ThemeKit

@Suite("TrackedReference")
struct TrackedReferenceTests {
    final class Probe {
        let onDeinit: () -> Void
        init(onDeinit: @escaping () -> Void = {}) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    // Sound: only touched by the test's own thread.
    final class Flag: @unchecked Sendable {
        var value = false
    }

    @Test("loads the live object, and nil once the app let go of it")
    func loadsUntilReleased() {
        let deinited = Flag()
        var probe: Probe? = Probe { deinited.value = true }
        let reference = TrackedReference(probe!)
        #expect(reference.load() === probe)
        #expect(!reference.isReleased)
        #expect(reference.refers(to: probe!))
        probe = nil
        // The reference does not keep the object alive: it deinitialised at once.
        #expect(deinited.value)
        #expect(reference.load() == nil)
        #expect(reference.isReleased)
        reference.release()
    }

    @Test("a loaded object stays alive while the caller holds it")
    func loadedObjectIsStrong() {
        let deinited = Flag()
        var probe: Probe? = Probe { deinited.value = true }
        let reference = TrackedReference(probe!)
        var loaded = reference.load()
        probe = nil
        #expect(!deinited.value)
        #expect(loaded != nil)
        loaded = nil
        #expect(deinited.value)
        #expect(reference.load() == nil)
        reference.release()
    }

    @Test("refers to its own object only")
    func identity() {
        let first = Probe()
        let second = Probe()
        let reference = TrackedReference(first)
        #expect(reference.refers(to: first))
        #expect(!reference.refers(to: second))
        #expect(reference.address == Unmanaged.passUnretained(first).toOpaque())
        reference.release()
    }

    @Test("releasing the reference of a live object leaves it alive")
    func releaseKeepsLiveObject() {
        let deinited = Flag()
        var probe: Probe? = Probe { deinited.value = true }
        TrackedReference(probe!).release()
        #expect(!deinited.value)
        probe = nil
        #expect(deinited.value)
    }

    @Test("object and binding records pack into 48 bytes each")
    func recordSize() {
        #if !canImport(ObjectiveC)
            #expect(MemoryLayout<ObjectRecord>.stride == 48)
        #endif
        // A binding record holds its provider inline, at its very start.
        #expect(MemoryLayout<BindingRecord>.stride == 48)
        #expect(MemoryLayout<BindingRecord>.offset(of: \BindingRecord.provider) == 0)
    }
}
