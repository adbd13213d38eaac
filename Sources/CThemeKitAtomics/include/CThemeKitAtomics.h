// One atomic word for ThemeKit's core, over C11 <stdatomic.h>.
//
// Why C: `Synchronization.Atomic` needs iOS 18 / macOS 15, and ThemeKit supports iOS 14 / macOS 11; the
// standard library has no other public atomic. C11 atomics are available on every platform ThemeKit builds
// for, and Swift calls these `static inline` functions directly (they are inlined into the caller).
//
// The word's storage is allocated and typed as `_Atomic(intptr_t)` here, in C, and Swift only holds its
// address (an opaque `void *`): Swift never reads or writes the memory itself, so nothing is reinterpreted.

#ifndef CTHEMEKITATOMICS_H
#define CTHEMEKITATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A new atomic word holding `value`, or NULL when memory is exhausted. Free it with `tk_atomic_word_destroy`.
void *_Nullable tk_atomic_word_create(intptr_t value);

/// Frees a word made by `tk_atomic_word_create`. No other thread may use it any more.
void tk_atomic_word_destroy(void *_Nonnull word);

/// The word's value, with acquire ordering.
static inline intptr_t tk_atomic_word_load(void *_Nonnull word) {
    return atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_acquire);
}

/// Stores `value`, with release ordering.
static inline void tk_atomic_word_store(void *_Nonnull word, intptr_t value) {
    atomic_store_explicit((_Atomic(intptr_t) *)word, value, memory_order_release);
}

/// Stores `value` (release ordering) if the word holds 0 (acquire ordering); returns whether it did. A load
/// and a store, not one atomic step: only for a word that nobody else writes while it holds 0.
static inline bool tk_atomic_word_store_if_zero(void *_Nonnull word, intptr_t value) {
    if (atomic_load_explicit((_Atomic(intptr_t) *)word, memory_order_acquire) != 0) return false;
    atomic_store_explicit((_Atomic(intptr_t) *)word, value, memory_order_release);
    return true;
}

/// Replaces the value with `desired` if it is `expected` (acquire and release ordering); returns whether it did.
static inline bool tk_atomic_word_compare_exchange(void *_Nonnull word, intptr_t expected, intptr_t desired) {
    return atomic_compare_exchange_strong_explicit(
        (_Atomic(intptr_t) *)word, &expected, desired, memory_order_acq_rel, memory_order_acquire);
}

#ifdef __cplusplus
}
#endif

#endif
