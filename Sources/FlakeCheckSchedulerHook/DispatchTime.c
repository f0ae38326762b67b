// Dispatch times, as Swift 6.3 on Linux hands sleeping tasks' jobs to `dispatch_after_f`: what the
// evidence recorder, shortened sleeps and schedule exploration read of them.
#ifdef __linux__
#define _GNU_SOURCE
#endif
#include "DispatchTime.h"

#ifdef __linux__
#include <dlfcn.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

// Dispatch times carry their clock in the top bits: bit 63 alone the monotonic clock that counts
// suspension (CLOCK_BOOTTIME), neither bit the uptime clock (CLOCK_MONOTONIC); all ones is "never". Both
// bits set is a wall-clock time, stored negated: Swift's sleeps never use it, and it is left as it is.
int flakecheckIsWallOrNever(uint64_t when) { return (when >> 62) == 3; }

static uint64_t nowOnClockOf(uint64_t when) {
    struct timespec time;
    clock_gettime(when >> 63 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &time);
    return (uint64_t)time.tv_sec * 1000000000u + (uint64_t)time.tv_nsec;
}

uint64_t flakecheckNanosecondsUntil(uint64_t when) {
    if (flakecheckIsWallOrNever(when)) return 0;
    uint64_t target = when & ~(3ull << 62);
    uint64_t current = nowOnClockOf(when);
    return target > current ? target - current : 0;
}

uint64_t flakecheckScaledDispatchTime(uint64_t when, double scale) {
    if (when == 0 || flakecheckIsWallOrNever(when)) return when;
    uint64_t target = when & ~(3ull << 62);
    uint64_t current = nowOnClockOf(when);
    if (target <= current) return when;
    return (when & (3ull << 62)) | (current + (uint64_t)((double)(target - current) * scale));
}

static _Atomic(void *) concurrencyWork;

int flakecheckIsConcurrencyWork(void (*work)(void *)) {
    void *known = atomic_load(&concurrencyWork);
    if (known) return known == (void *)work;
    Dl_info info;
    if (!dladdr((void *)work, &info) || !info.dli_fname || !strstr(info.dli_fname, "libswift_Concurrency")) return 0;
    atomic_store(&concurrencyWork, (void *)work);
    return 1;
}
#else
int flakecheckIsWallOrNever(uint64_t when) { return (when >> 62) == 3; }
uint64_t flakecheckNanosecondsUntil(uint64_t when) { (void)when; return 0; }
uint64_t flakecheckScaledDispatchTime(uint64_t when, double scale) { (void)scale; return when; }
int flakecheckIsConcurrencyWork(void (*work)(void *)) { (void)work; return 0; }
#endif
