/// How the refresh loop copies a shared value into an object's stored property.
///
/// Most theme values are strings (colour names, font names, symbol names) or values
/// that hold no references (numbers, sizes, insets, enumerations). The loop copies
/// those inline; any other type goes through its runner's `assignShared`, a call per
/// binding. Both give the same result as assigning the value through its key path.
@usableFromInline
struct SharedCopy: Sendable {
    @usableFromInline
    enum Kind: UInt8, Sendable {
        /// Through `BindingRunner.assignShared`.
        case call
        /// A `String` assignment (a copy of its words when neither string is reference
        /// counted, see `StringLayout`).
        case string
        /// `size` bytes copied as they are: the type holds no references.
        case bytes
    }

    let kind: Kind
    /// The value's size in bytes for `.bytes` (not its stride: a neighbouring field may
    /// start right after it); `0` otherwise.
    let size: Int32

    /// Every value through `assignShared`.
    @usableFromInline
    static let call = SharedCopy(kind: .call, size: 0)

    private init(kind: Kind, size: Int32) {
        self.kind = kind
        self.size = size
    }

    /// The copy for values of `type`.
    @usableFromInline
    init<Value>(_ type: Value.Type) {
        if type == String.self, StringLayout.marksImmortalStrings {
            self.init(kind: .string, size: 0)
        } else if _isPOD(type), MemoryLayout<Value>.size > 0, MemoryLayout<Value>.size <= Int(Int32.max) {
            self.init(kind: .bytes, size: Int32(MemoryLayout<Value>.size))
        } else {
            self.init(kind: .call, size: 0)
        }
    }

    /// Copies the value at `source` over the one at `destination`, both of `runner`'s
    /// property type; `source` stays as it is.
    @inline(__always)
    func copy(
        from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer, runner: Unmanaged<BindingRunner>
    ) {
        switch kind {
        case .string:
            StringLayout.assign(from: source, to: destination)
        case .bytes:
            // Unaligned loads and stores: a value of size 8 may be aligned to less.
            switch size {
            case 8: destination.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            case 16:
                destination.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
                (destination + 8).storeBytes(of: (source + 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
            default: destination.copyMemory(from: source, byteCount: Int(size))
            }
        case .call:
            runner._withUnsafeGuaranteedRef { $0.assignShared(destination, source) }
        }
    }
}
