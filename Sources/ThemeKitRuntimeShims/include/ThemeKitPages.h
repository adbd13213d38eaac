// Large, growable buffers straight from the kernel (Linux only), for the binding
// table's storage (Sources/ThemeKit/Internal/RawStorage.swift).
//
// Why not malloc/realloc: once glibc has freed a large mapping it raises its mmap
// threshold (up to 32 MiB), so buffers of a few MiB then live in the brk heap, where
// realloc moves them by copying into fresh pages (one page fault per 4 KiB) and
// free() trims the heap so the next table faults the same pages in again. A private
// mapping grows with mremap (the kernel moves page tables, not bytes), starts zeroed,
// and is advised for transparent huge pages (512 times fewer faults where THP is on).
//
// Static inline, like the other shims: the module needs no object file of its own.

#ifndef THEMEKIT_PAGES_H
#define THEMEKIT_PAGES_H

#if defined(__linux__)

#include <stddef.h>
#include <sys/mman.h>

// glibc declares mremap only under _GNU_SOURCE, which the Glibc module is not built
// with; this is its declaration (Linux's mremap(2)) and its flag's value.
extern void *_Nullable mremap(void *_Nonnull old_address, size_t old_size, size_t new_size, int flags, ...);
#define THEMEKIT_MREMAP_MAYMOVE 1

/// A hint only: without THP (or on an old kernel) it fails and nothing changes.
static inline void themekit_pages_advise(void *_Nonnull pages, size_t bytes) {
    (void)madvise(pages, bytes, MADV_HUGEPAGE);
}

/// A new zero-filled private mapping of `bytes` (a multiple of the page size), or NULL.
static inline void *_Nullable themekit_pages_map(size_t bytes) {
    void *pages = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages == MAP_FAILED) return NULL;
    themekit_pages_advise(pages, bytes);
    return pages;
}

/// The mapping at `pages` (of `old_bytes`) grown to `new_bytes`, possibly moved; its
/// contents are kept and the new part is zero. NULL on failure (`pages` is then intact).
static inline void *_Nullable themekit_pages_remap(void *_Nonnull pages, size_t old_bytes, size_t new_bytes) {
    void *moved = mremap(pages, old_bytes, new_bytes, THEMEKIT_MREMAP_MAYMOVE);
    if (moved == MAP_FAILED) return NULL;
    themekit_pages_advise(moved, new_bytes);
    return moved;
}

/// Gives back a mapping made by the two functions above.
static inline void themekit_pages_unmap(void *_Nonnull pages, size_t bytes) { (void)munmap(pages, bytes); }

#endif

#endif
