internal import CThemeKitAtomics

/// One integer that threads read and change without a lock: a C11 atomic (see
/// `CThemeKitAtomics.h` for why C, and how the storage stays C's own).
///
/// Loads acquire, stores release, and a compare-and-exchange does both.
// Sound: the storage is a C11 atomic allocated once by C and freed in `deinit`; Swift holds only its
// address and touches it only through the atomic functions.
final class AtomicWord: @unchecked Sendable {
    private let storage: UnsafeMutableRawPointer

    init(_ value: Int) {
        guard let storage = tk_atomic_word_create(value) else { fatalError("ThemeKit: out of memory") }
        self.storage = storage
    }

    deinit { tk_atomic_word_destroy(storage) }

    /// The current value (acquire ordering).
    @inline(__always)
    func load() -> Int { tk_atomic_word_load(storage) }

    /// Stores `value` (release ordering).
    @inline(__always)
    func store(_ value: Int) { tk_atomic_word_store(storage, value) }

    /// Stores `value` if the word holds `0`; returns whether it did. A load and a store, not one
    /// atomic step: only for a word that no other thread writes while it holds `0`.
    @inline(__always)
    func storeIfZero(_ value: Int) -> Bool { tk_atomic_word_store_if_zero(storage, value) }

    /// Replaces the value with `desired` if it is `expected`; returns whether it did.
    @inline(__always)
    func compareExchange(expected: Int, desired: Int) -> Bool {
        tk_atomic_word_compare_exchange(storage, expected, desired)
    }
}
