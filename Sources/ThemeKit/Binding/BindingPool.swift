import Foundation

/// The binding records of every object of one table, in one buffer.
///
/// Each tracked object owns one block of consecutive records, of a size class `c`
/// holding `4 << c` records; a block that fills up is swapped for one of the next
/// class. Freed blocks wait in a free list per class for the next object that needs
/// one. Compared with one array per object, registering an object allocates nothing
/// (the buffer grows by doubling), the 32-byte array header and the allocator's own
/// overhead are gone, and a refresh walks objects' bindings through one base pointer.
///
/// Records are plain data (`BindingRecord` is trivial): a block is initialised to empty
/// records when it is first carved out, and a freed block is reused as it is. Memory
/// stays at the peak number of records in use until the table is freed. Owned by one
/// `_BindingTable`, which calls `deallocate()`.
struct BindingPool {
    /// The buffer. Moves when the pool grows: never keep a pointer into it across a
    /// call that can add a binding (running providers cannot: they only queue work).
    private(set) var records: UnsafeMutablePointer<BindingRecord>
    /// Records `0..<end` belong to blocks (in use or free).
    private var end = 0
    private var capacity: Int
    /// Free blocks (their first record) by size class.
    private var freeBlocks: [[Int32]] = []

    /// The largest size class: `4 << 28` records, the whole `Int32` index range.
    static let largestClass: UInt8 = 28

    init() {
        capacity = 256
        records = Buffer.grow(nil, count: 0, to: capacity)
    }

    /// Frees the buffer. Call once; the records' work must have been released.
    func deallocate() { records.deallocate() }

    /// The number of records a block of `sizeClass` holds.
    @inline(__always)
    static func blockSize(_ sizeClass: UInt8) -> Int { 4 << Int(sizeClass) }

    /// A block of `sizeClass`; its records are empty or left over from a freed block.
    /// - Returns: The index of the block's first record.
    mutating func allocateBlock(sizeClass: UInt8) -> Int32 {
        let index = Int(sizeClass)
        if index < freeBlocks.count, let block = freeBlocks[index].popLast() { return block }
        let size = Self.blockSize(sizeClass)
        precondition(end + size <= Int(Int32.max), "ThemeKit: more than 2^31 bindings in one theme")
        if end + size > capacity { grow(toHold: end + size) }
        let first = end
        end += size
        (records + first).initialize(repeating: .empty, count: size)
        return Int32(first)
    }

    /// Returns a block to the free list of its class.
    mutating func freeBlock(_ first: Int32, sizeClass: UInt8) {
        let index = Int(sizeClass)
        while freeBlocks.count <= index { freeBlocks.append([]) }
        freeBlocks[index].append(first)
    }

    private mutating func grow(toHold count: Int) {
        var newCapacity = capacity
        while newCapacity < count { newCapacity *= 2 }
        records = Buffer.grow(records, count: end, to: newCapacity)
        capacity = newCapacity
    }
}
