// A futex-based mutex for Linux: the uncontended lock and unlock are one atomic
// instruction each, where glibc's pthread_mutex_lock/unlock cost a library call and
// its type checks (~55 instructions a round trip, measured with callgrind). ThemeKit
// takes its lock twice per `bind`, so this is a measurable share of registration.
//
// The algorithm is the third mutex of Ulrich Drepper's "Futexes Are Tricky" (2011):
// the word is 0 (unlocked), 1 (locked, no waiters) or 2 (locked, maybe waiters);
// only an unlock that finds 2 makes the wake-up system call. Acquire/release
// atomics order the protected data, so ThreadSanitizer sees the happens-before.

#ifndef THEMEKIT_FUTEX_LOCK_H
#define THEMEKIT_FUTEX_LOCK_H

#if defined(__linux__)

#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The contended path: spin briefly, then sleep in the kernel until woken.
static inline void themekit_futex_lock_slow(uint32_t *_Nonnull word) {
    for (int spin = 0; spin < 64; spin++) {
        uint32_t expected = 0;
        if (__atomic_load_n(word, __ATOMIC_RELAXED) == 0
            && __atomic_compare_exchange_n(word, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
            return;
        }
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
    // Mark the lock contended; whoever unlocks it next wakes a sleeper.
    while (__atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE) != 0) {
        syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
    }
}

/// Locks `word` (a 32-bit word initialised to 0 that never moves while in use).
static inline void themekit_futex_lock(uint32_t *_Nonnull word) {
    uint32_t expected = 0;
    if (__builtin_expect(
            __atomic_compare_exchange_n(word, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED), 1)) {
        return;
    }
    themekit_futex_lock_slow(word);
}

/// Unlocks `word`, waking one sleeper if there may be any.
static inline void themekit_futex_unlock(uint32_t *_Nonnull word) {
    if (__builtin_expect(__atomic_exchange_n(word, 0, __ATOMIC_RELEASE) == 2, 0)) {
        syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
    }
}

#ifdef __cplusplus
}
#endif

#endif  // __linux__

#endif
