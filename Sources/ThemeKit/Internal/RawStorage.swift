import Foundation

#if os(Linux)
    internal import ThemeKitRuntimeShims
    import Synchronization
#endif

/// Memory for the binding table's growable buffers of plain data (binding and object
/// records, reverse-index lists, the slot map): small buffers from `malloc`, large
/// ones on Linux straight from the kernel (see ThemeKitPages.h for why), grown in
/// place where possible. Elements must be trivial: buffers move bitwise.
///
/// A buffer is identified by its address and its size in bytes, which the owner
/// keeps and passes back on every call.
package enum RawStorage {
    /// The bytes of page mappings this process's themes hold now (always `0` where
    /// buffers are not mappings). Heap statistics (`mallinfo2`) do not see them, so a
    /// memory measurement adds them (the benchmark does).
    package static var mappedBytes: Int {
        #if os(Linux)
            return mapped.load(ordering: .relaxed)
        #else
            return 0
        #endif
    }

    #if os(Linux)
        private static let mapped = Atomic<Int>(0)
    #endif

    /// Buffers at least this large are page mappings on Linux.
    static let pageThreshold = 1 << 20
    private static let pageSize = 4096

    /// A buffer of `bytes` filled with zeros.
    static func allocateZeroed(bytes: Int) -> UnsafeMutableRawPointer {
        #if os(Linux)
            if bytes >= pageThreshold {
                // Mappings start zeroed; their pages are only touched when used.
                guard let pages = themekit_pages_map(pageRounded(bytes)) else { outOfMemory(bytes) }
                mapped.add(pageRounded(bytes), ordering: .relaxed)
                return pages
            }
        #endif
        guard let memory = calloc(1, max(bytes, 1)) else { outOfMemory(bytes) }
        return memory
    }

    /// The buffer `buffer` (of `oldBytes`; `nil` with 0 for none) grown to `newBytes`,
    /// possibly moved; its first `oldBytes` are kept, the rest is uninitialised.
    static func reallocate(_ buffer: UnsafeMutableRawPointer?, from oldBytes: Int, to newBytes: Int)
        -> UnsafeMutableRawPointer
    {
        #if os(Linux)
            if newBytes >= pageThreshold {
                if let buffer, oldBytes >= pageThreshold {
                    guard let moved = themekit_pages_remap(buffer, pageRounded(oldBytes), pageRounded(newBytes))
                    else { outOfMemory(newBytes) }
                    mapped.add(pageRounded(newBytes) - pageRounded(oldBytes), ordering: .relaxed)
                    return moved
                }
                guard let pages = themekit_pages_map(pageRounded(newBytes)) else { outOfMemory(newBytes) }
                mapped.add(pageRounded(newBytes), ordering: .relaxed)
                if let buffer {
                    pages.copyMemory(from: buffer, byteCount: oldBytes)
                    free(buffer)
                }
                return pages
            }
        #endif
        guard let memory = realloc(buffer, max(newBytes, 1)) else { outOfMemory(newBytes) }
        return memory
    }

    /// Frees a buffer of `bytes` made by this type.
    static func deallocate(_ buffer: UnsafeMutableRawPointer?, bytes: Int) {
        guard let buffer else { return }
        #if os(Linux)
            if bytes >= pageThreshold {
                themekit_pages_unmap(buffer, pageRounded(bytes))
                mapped.subtract(pageRounded(bytes), ordering: .relaxed)
                return
            }
        #endif
        free(buffer)
    }

    private static func pageRounded(_ bytes: Int) -> Int { (bytes + pageSize - 1) & ~(pageSize - 1) }

    private static func outOfMemory(_ bytes: Int) -> Never {
        fatalError("ThemeKit: out of memory for a buffer of \(bytes) bytes")
    }
}
