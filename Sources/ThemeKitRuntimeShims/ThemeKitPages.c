// See include/ThemeKitPages.h.
#if defined(__linux__)
#define _GNU_SOURCE
#include <sys/mman.h>
#include "ThemeKitPages.h"

static void themekit_pages_advise(void *pages, size_t bytes) {
    // A hint only: without THP (or on an old kernel) it fails and nothing changes.
    (void)madvise(pages, bytes, MADV_HUGEPAGE);
}

void *themekit_pages_map(size_t bytes) {
    void *pages = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pages == MAP_FAILED) return NULL;
    themekit_pages_advise(pages, bytes);
    return pages;
}

void *themekit_pages_remap(void *pages, size_t old_bytes, size_t new_bytes) {
    void *moved = mremap(pages, old_bytes, new_bytes, MREMAP_MAYMOVE);
    if (moved == MAP_FAILED) return NULL;
    themekit_pages_advise(moved, new_bytes);
    return moved;
}

void themekit_pages_unmap(void *pages, size_t bytes) { (void)munmap(pages, bytes); }
#endif
