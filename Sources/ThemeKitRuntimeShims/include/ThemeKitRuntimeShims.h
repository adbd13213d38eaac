// Four entry points of the Swift runtime that ThemeKit uses to track objects
// without weak references (see Sources/ThemeKit/Binding/TrackedReference.swift).
//
// The compiler itself emits calls to these for `unowned` references, so they are
// part of the runtime's exported ABI on every platform Swift ships on. ThemeKit uses
// them only where there is no Objective-C runtime (Linux, Windows, Android): there
// every class instance is a native Swift object, which these functions require.

#ifndef THEMEKIT_RUNTIME_SHIMS_H
#define THEMEKIT_RUNTIME_SHIMS_H

// The package's lock on Linux.
#include "ThemeKitFutexLock.h"
// Page-backed buffers on Linux.
#include "ThemeKitPages.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Takes a strong reference unless the object has begun deinitialising; returns the
/// object, or NULL when it is being (or has been) deinitialised.
void *_Nullable swift_tryRetain(void *_Nonnull object);

/// Adds an unowned reference: the object may deinitialise, but its memory stays
/// allocated (so its address cannot be reused) until the last unowned reference goes.
void swift_unownedRetain(void *_Nullable object);

/// Drops an unowned reference taken with swift_unownedRetain.
void swift_unownedRelease(void *_Nullable object);

/// Whether the object has begun deinitialising (a plain load of its reference counts:
/// no atomic read-modify-write, unlike swift_tryRetain).
_Bool swift_isDeallocating(void *_Nonnull object);

/// A strong reference to `object` if it is still alive, else NULL.
static inline void *_Nullable themekit_try_retain(void *_Nonnull object) { return swift_tryRetain(object); }

/// Whether `object` (kept allocated by an unowned reference) has begun deinitialising.
static inline _Bool themekit_is_deallocating(void *_Nonnull object) { return swift_isDeallocating(object); }

/// Keeps the memory of `object` allocated without keeping the object alive.
static inline void themekit_unowned_retain(void *_Nonnull object) { swift_unownedRetain(object); }

/// Gives back what `themekit_unowned_retain` took.
static inline void themekit_unowned_release(void *_Nonnull object) { swift_unownedRelease(object); }

#ifdef __cplusplus
}
#endif

#endif
