/// What the refresh loop relies on about how a `String` is stored, checked once at run
/// time against strings whose form is known.
///
/// On 64-bit platforms a string is two words, and the top bit of the second marks an
/// *immortal* string: one the runtime never reference counts (every small string,
/// which keeps up to 15 UTF-8 bytes inline, and string literals). The standard
/// library documents that bit as "should the runtime skip ARC", and the runtime's
/// retain and release return at once for such a word. So assigning one immortal string
/// over another is a copy of the two words, without the two runtime calls an
/// assignment makes. Most theme strings (`#RRGGBB` colours, font and symbol names) are
/// small. Where the check fails, nothing relies on the layout: strings are assigned as usual.
enum StringLayout {
    /// Whether strings here have the layout described above.
    static let marksImmortalStrings: Bool = {
        #if arch(x86_64) || arch(arm64)
            guard MemoryLayout<String>.size == 16, MemoryLayout<String>.alignment == 8 else { return false }
            let small = ["", "a", "#1A2B3C", "fifteen bytes!!"]
            let literal = "a literal longer than fifteen bytes, stored in the binary"
            // Built at run time, so they live in reference-counted heap storage.
            let heap = [String(repeating: "x", count: 40), small.joined(separator: "-") + literal]
            return small.allSatisfy(isImmortal) && isImmortal(literal) && !heap.contains(where: isImmortal)
        #else
            return false
        #endif
    }()

    /// The marker bit of `string`'s second word (only meaningful where `marksImmortalStrings`).
    private static func isImmortal(_ string: String) -> Bool {
        withUnsafeBytes(of: string) { $0.load(fromByteOffset: 8, as: UInt64.self) } & immortalBit != 0
    }

    /// The bit of the second word that marks an immortal string.
    static let immortalBit: UInt64 = 1 << 63

    /// Assigns the string at `source` to the one at `destination`: a copy of the two
    /// words when both are immortal, an assignment otherwise. Call only where
    /// `marksImmortalStrings`.
    @inline(__always)
    static func assign(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
        let newWord = (source + 8).load(as: UInt64.self)
        if newWord & (destination + 8).load(as: UInt64.self) & immortalBit != 0 {
            // Neither string is counted: the assignment's retain and release would do nothing.
            destination.storeBytes(of: source.load(as: UInt64.self), as: UInt64.self)
            (destination + 8).storeBytes(of: newWord, as: UInt64.self)
        } else {
            destination.assumingMemoryBound(to: String.self).pointee =
                source.assumingMemoryBound(to: String.self).pointee
        }
    }
}
