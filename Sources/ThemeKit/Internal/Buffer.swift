/// Growth of the manually managed buffers of the binding table (object and binding
/// records, reverse-index lists, the slot map, the operation queue).
///
/// Ordinary allocation: a bigger buffer is allocated, the elements are moved into it
/// with `moveInitialize(from:count:)` (the standard library's move, valid for any
/// type), and the old buffer is freed. Owners keep the capacity and pass it back.
enum Buffer {
    /// Moves the first `count` elements of `buffer` (of `oldCapacity` elements, or `nil`)
    /// into a new buffer of `capacity` elements and frees the old one.
    /// - Returns: The new buffer; elements `count..<capacity` are uninitialised.
    static func grow<Element>(
        _ buffer: UnsafeMutablePointer<Element>?, count: Int, to capacity: Int
    ) -> UnsafeMutablePointer<Element> {
        precondition(capacity >= count, "ThemeKit: a buffer cannot shrink below its count")
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        if let buffer {
            grown.moveInitialize(from: buffer, count: count)
            buffer.deallocate()
        }
        return grown
    }
}
