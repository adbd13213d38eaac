/// A provider closure, boxed so that its in-memory form is fixed by this declaration
/// (generic in `Value` only) and not by the type a pointer to it is bound to: the
/// closure a `bind` call site passes in is stored exactly as it arrives, without a
/// reabstraction thunk (which would be an allocation per `bind`).
@usableFromInline
struct ProviderBox<Value> {
    @usableFromInline let provider: @Sendable (ThemeContext) -> Value

    @inlinable
    init(_ provider: @escaping @Sendable (ThemeContext) -> Value) { self.provider = provider }
}

/// `ProviderBox` as a noncopyable type, to call the provider in place (see
/// `KeyPathBindingRunner.call`): the same one closure field, so the same layout.
struct BorrowedProvider<Value>: ~Copyable {
    let provider: @Sendable (ThemeContext) -> Value
}

/// Two words of a binding record that hold its own provider (a `ProviderBox`), so a
/// closure binding needs no heap object of its own: the key path's runner, shared by
/// every binding of that key path, knows the provider's type and calls it in place.
///
/// Manually owned, like a raw buffer: `init(_:)` moves a closure in, and exactly one
/// `destroyProvider(_:)` of a runner made for the same key path gives it back. The
/// table only ever moves records bitwise, which is a valid move of the closure (a
/// function pointer and a reference-counted context). Empty (both words zero) for
/// runners that bring their own work (themed properties, `customize`).
@usableFromInline
struct ProviderStorage {
    @usableFromInline var words: (UInt, UInt)

    /// No provider.
    @inlinable
    init() { words = (0, 0) }

    /// Takes a copy of `provider` (one reference to its captures).
    @inlinable
    init<Value>(_ provider: @escaping @Sendable (ThemeContext) -> Value) {
        // Two words: a function pointer and its context (folded away when specialised).
        precondition(
            MemoryLayout<ProviderBox<Value>>.size <= MemoryLayout<(UInt, UInt)>.size
                && MemoryLayout<ProviderBox<Value>>.alignment <= MemoryLayout<(UInt, UInt)>.alignment)
        words = (0, 0)
        withUnsafeMutableBytes(of: &words) { bytes in
            _ = bytes.baseAddress!.initializeMemory(
                as: ProviderBox<Value>.self, repeating: ProviderBox(provider), count: 1)
        }
    }
}
