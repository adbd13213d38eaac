#define _GNU_SOURCE
#include "BenchmarkSupport.h"

#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

// Sanitizers bring their own allocator: interposing malloc beside it crashes TSan at start-up
// and makes ASan abort (or miss every heap error), so sanitized builds count nothing.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define TKB_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TKB_SANITIZED 1
#endif

#if defined(__GLIBC__) && !defined(TKB_SANITIZED)
#include <malloc.h>
#define TKB_INTERPOSE 1
#else
#define TKB_INTERPOSE 0
#endif

static atomic_int tkb_counting = 0;
static atomic_uint_fast64_t tkb_allocations = 0;

uint64_t tkb_now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

// The fastest probe so far. The benchmark measures from one thread; relaxed atomics keep
// a second caller harmless.
static _Atomic uint64_t tkb_fastest_probe = UINT64_MAX;

uint64_t tkb_core_probe_ns(void) {
    uint64_t chain = 0;
    uint64_t start = tkb_now_ns();
    for (uint64_t step = 0; step < 4096; step++) {
        chain += step;
        // An empty barrier on the chain: the compiler can neither fold nor vectorise the loop.
        __asm__ volatile("" : "+r"(chain));
    }
    uint64_t elapsed = tkb_now_ns() - start;
    uint64_t fastest = atomic_load_explicit(&tkb_fastest_probe, memory_order_relaxed);
    while (elapsed < fastest &&
           !atomic_compare_exchange_weak_explicit(
               &tkb_fastest_probe, &fastest, elapsed, memory_order_relaxed, memory_order_relaxed)) {
    }
    return elapsed;
}

uint64_t tkb_core_probe_fastest_ns(void) { return atomic_load_explicit(&tkb_fastest_probe, memory_order_relaxed); }

void tkb_sleep_us(uint32_t microseconds) {
    struct timespec pause = {microseconds / 1000000u, (long)(microseconds % 1000000u) * 1000L};
    nanosleep(&pause, NULL);
}

static _Atomic uint64_t tkb_kept_trials = 0;
static _Atomic uint64_t tkb_set_aside_trials = 0;

void tkb_tally_trials(uint64_t kept, uint64_t set_aside) {
    atomic_fetch_add_explicit(&tkb_kept_trials, kept, memory_order_relaxed);
    atomic_fetch_add_explicit(&tkb_set_aside_trials, set_aside, memory_order_relaxed);
}

uint64_t tkb_tallied_trials(int set_aside) {
    return atomic_load_explicit(set_aside ? &tkb_set_aside_trials : &tkb_kept_trials, memory_order_relaxed);
}

void tkb_set_allocation_counting(int enabled) {
    atomic_store_explicit(&tkb_counting, enabled ? 1 : 0, memory_order_seq_cst);
}

uint64_t tkb_allocation_count(void) { return atomic_load_explicit(&tkb_allocations, memory_order_relaxed); }

#if TKB_INTERPOSE

// The executable's definitions take precedence over libc's for every caller in
// the process (the Swift runtime included), because the dynamic linker searches
// the executable first. Each forwards to glibc's own implementation.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static inline void tkb_count(void) {
    if (atomic_load_explicit(&tkb_counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&tkb_allocations, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    tkb_count();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    tkb_count();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    tkb_count();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) { __libc_free(pointer); }

void *memalign(size_t alignment, size_t size) {
    tkb_count();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    tkb_count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return 22;  // EINVAL
    tkb_count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return 12;  // ENOMEM
    *result = pointer;
    return 0;
}

int tkb_allocation_counting_available(void) {
    int was = atomic_exchange(&tkb_counting, 1);
    uint64_t before = tkb_allocation_count();
    void *volatile probe = malloc(24);
    free(probe);
    uint64_t after = tkb_allocation_count();
    atomic_store(&tkb_counting, was);
    return after > before;
}

int64_t tkb_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (int64_t)(info.uordblks + info.hblkhd);
}

void tkb_trim_heap(void) { malloc_trim(0); }

#else

int tkb_allocation_counting_available(void) { return 0; }
int64_t tkb_heap_bytes_in_use(void) { return -1; }
void tkb_trim_heap(void) {}

#endif

int64_t tkb_status_kilobytes(const char *field) {
    FILE *file = fopen("/proc/self/status", "r");
    if (file == NULL) return -1;
    char line[256];
    size_t length = strlen(field);
    int64_t result = -1;
    while (fgets(line, sizeof line, file) != NULL) {
        if (strncmp(line, field, length) == 0 && line[length] == ':') {
            long long value = -1;
            if (sscanf(line + length + 1, "%lld", &value) == 1) result = value;
            break;
        }
    }
    fclose(file);
    return result;
}

int tkb_reset_peak_resident_size(void) {
    FILE *file = fopen("/proc/self/clear_refs", "w");
    if (file == NULL) return -1;
    int status = fputs("5", file) < 0 ? -1 : 0;
    if (fclose(file) != 0) status = -1;
    return status;
}
