import Testing

@testable import ThemeKit

/// The buffers behind the binding table: contents survive growth from the heap into
/// page mappings and within them, and mapped bytes are accounted for.
@Suite struct RawStorageTests {
    @Test("growing a buffer past the page threshold and within mappings keeps its contents")
    func growthKeepsContents() {
        var count = 1024
        var buffer = RawStorage.reallocate(nil, from: 0, to: count * 8).bindMemory(to: UInt64.self, capacity: count)
        for index in 0..<count { buffer[index] = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 }
        // 8 KiB → 16 MiB: crosses the threshold once (heap to mapping), then grows as a mapping.
        while count * 8 < 16 << 20 {
            let grown = count * 2
            buffer = RawStorage.reallocate(UnsafeMutableRawPointer(buffer), from: count * 8, to: grown * 8)
                .bindMemory(to: UInt64.self, capacity: grown)
            for index in count..<grown { buffer[index] = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 }
            count = grown
        }
        let intact = (0..<count).allSatisfy { buffer[$0] == UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
        #expect(intact)
        RawStorage.deallocate(UnsafeMutableRawPointer(buffer), bytes: count * 8)
    }

    @Test("a zeroed buffer reads zero, below and above the page threshold")
    func zeroedBuffers() {
        for bytes in [64, RawStorage.pageThreshold * 2 + 100] {
            let buffer = RawStorage.allocateZeroed(bytes: bytes).bindMemory(to: UInt8.self, capacity: bytes)
            #expect((0..<bytes).allSatisfy { buffer[$0] == 0 })
            buffer[bytes - 1] = 7
            #expect(buffer[bytes - 1] == 7)
            RawStorage.deallocate(UnsafeMutableRawPointer(buffer), bytes: bytes)
        }
    }

    #if os(Linux)
        @Test("page mappings are counted while they live")
        func mappedBytesAreCounted() {
            // Other tests may map buffers concurrently, so compare a lower bound only.
            let bytes = 8 << 20
            let buffer = RawStorage.allocateZeroed(bytes: bytes)
            #expect(RawStorage.mappedBytes >= bytes)
            let grown = RawStorage.reallocate(buffer, from: bytes, to: bytes * 2)
            #expect(RawStorage.mappedBytes >= bytes * 2)
            RawStorage.deallocate(grown, bytes: bytes * 2)
        }
    #endif
}
