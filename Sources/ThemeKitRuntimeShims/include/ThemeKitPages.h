// Large, growable buffers straight from the kernel (Linux only), for the binding
// table's storage (Sources/ThemeKit/Internal/PageBuffer.swift).
//
// Why not malloc/realloc: once glibc has freed a large mapping it raises its mmap
// threshold (up to 32 MiB), so buffers of a few MiB then live in the brk heap, where
// realloc moves them by copying into fresh pages (one page fault per 4 KiB) and
// free() trims the heap so the next table faults the same pages in again. A private
// mapping grows with mremap (the kernel moves page tables, not bytes), starts zeroed,
// and is advised for transparent huge pages (512 times fewer faults where THP is on).

#ifndef THEMEKIT_PAGES_H
#define THEMEKIT_PAGES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__linux__)

/// A new zero-filled private mapping of `bytes` (a multiple of the page size), or NULL.
void *_Nullable themekit_pages_map(size_t bytes);

/// The mapping at `pages` (of `old_bytes`) grown to `new_bytes`, possibly moved; its
/// contents are kept and the new part is zero. NULL on failure (`pages` is then intact).
void *_Nullable themekit_pages_remap(void *_Nonnull pages, size_t old_bytes, size_t new_bytes);

/// Gives back a mapping made by the two functions above.
void themekit_pages_unmap(void *_Nonnull pages, size_t bytes);

#endif

#ifdef __cplusplus
}
#endif

#endif
