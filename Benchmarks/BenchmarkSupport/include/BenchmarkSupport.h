// Process counters for the ThemeKit benchmark: a monotonic clock, a count of heap
// allocations made while counting is switched on, the bytes the heap holds, and
// the resident set size of the process.
//
// On glibc the allocation count comes from interposing malloc and its relatives
// in the executable (they forward to __libc_malloc & co.); elsewhere it is
// reported as unavailable and the benchmark prints no allocation figures.

#ifndef THEMEKIT_BENCHMARK_SUPPORT_H
#define THEMEKIT_BENCHMARK_SUPPORT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Nanoseconds of CLOCK_MONOTONIC.
uint64_t tkb_now_ns(void);

/// Times a fixed chain of 4,096 dependent additions (about a microsecond), which
/// touches no memory: its duration tracks how fast the core runs right now. Returns the
/// nanoseconds it took, and remembers the fastest such time of the process.
uint64_t tkb_core_probe_ns(void);

/// The fastest `tkb_core_probe_ns` of the process so far (UINT64_MAX before the first).
uint64_t tkb_core_probe_fastest_ns(void);

/// Sleeps for `microseconds`.
void tkb_sleep_us(uint32_t microseconds);

/// Adds to the process's tally of timed trials: `kept` behind medians, `set_aside` not.
void tkb_tally_trials(uint64_t kept, uint64_t set_aside);

/// The tally so far: trials kept (`set_aside` 0) or set aside (`set_aside` 1).
uint64_t tkb_tallied_trials(int set_aside);

/// Whether allocations are counted in this process (the interposed malloc is the
/// one the process calls). Checked once by allocating a few bytes.
int tkb_allocation_counting_available(void);

/// Switches counting of allocations on or off (off by default, so timed runs pay nothing).
void tkb_set_allocation_counting(int enabled);

/// Allocations (malloc, calloc, realloc, aligned allocations) counted so far.
uint64_t tkb_allocation_count(void);

/// Bytes the allocator holds for live allocations (arena and mmapped blocks), or -1.
int64_t tkb_heap_bytes_in_use(void);

/// Returns free heap memory to the system, so resident-size deltas are meaningful.
void tkb_trim_heap(void);

/// The value in kB of a field of /proc/self/status ("VmRSS", "VmHWM"), or -1.
int64_t tkb_status_kilobytes(const char *field);

/// Resets the peak resident size (VmHWM) to the current one; returns 0 on success.
int tkb_reset_peak_resident_size(void);

#ifdef __cplusplus
}
#endif

#endif
