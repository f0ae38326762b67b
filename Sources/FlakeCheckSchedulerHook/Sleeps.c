// Shortened sleeps: every Swift concurrency sleep waits a share of what it asks.
//
// A test that waits a guessed time for other work (`try await Task.sleep(for: .milliseconds(10))`, then
// checks) passes as long as the guess is long enough, which on an idle machine it nearly always is, so its
// race can take hundreds of runs to show. With its sleep a hundredth as long, the guess is wrong in most runs.
// A test that waits for the work itself (a continuation, an awaited task, an injected clock) does not
// care how long a sleep lasts. What also fails: a test that bounds real work with a sleep as a timeout, or
// checks how long a sleep took, since both depend on a sleep's length; the report names the condition.
//
// Swift 6.3 on Linux hands a sleeping task's job straight to `dispatch_after_f` (its global executor is
// Dispatch's; the runtime's delay and deadline hooks never see it), which this library stands in front of
// (Evidence.c): a job whose function is Swift concurrency's is made due sooner, on the same clock.
#ifdef __linux__
#define _GNU_SOURCE
#endif
#include "Sleeps.h"

#ifndef __linux__
void flakecheckStartSleepScaling(void) {}
uint64_t flakecheckShortenedSleep(uint64_t when, void (*work)(void *)) { (void)work; return when; }
unsigned long flakecheck_shortened_sleeps(void) { return 0; }
#else
#include "Environment.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

static double scale = 1;
static _Atomic(void *) concurrencyWork;  // the function Swift concurrency gives Dispatch with its jobs
static _Atomic unsigned long shortened;

unsigned long flakecheck_shortened_sleeps(void) { return atomic_load(&shortened); }

void flakecheckStartSleepScaling(void) {
    double wanted = flakecheckEnvironmentNumber("FLAKECHECK_SLEEP_SCALE", 1);
    if (wanted > 0 && wanted < 1) scale = wanted;
}

// Whether `work` is in the Swift concurrency runtime, found once by where it is loaded from.
static int isConcurrencyWork(void (*work)(void *)) {
    void *known = atomic_load(&concurrencyWork);
    if (known) return known == (void *)work;
    Dl_info info;
    if (!dladdr((void *)work, &info) || !info.dli_fname || !strstr(info.dli_fname, "libswift_Concurrency")) return 0;
    atomic_store(&concurrencyWork, (void *)work);
    return 1;
}

// Dispatch times carry their clock in the top bits: bit 63 the monotonic clock that counts suspension
// (CLOCK_BOOTTIME), bit 62 the wall clock, neither the uptime clock (CLOCK_MONOTONIC); all ones is "never".
uint64_t flakecheckShortenedSleep(uint64_t when, void (*work)(void *)) {
    if (!(scale < 1) || when == 0 || when == ~0ull || !isConcurrencyWork(work)) return when;
    struct timespec time;
    clock_gettime(when >> 63 ? CLOCK_BOOTTIME : (when >> 62) & 1 ? CLOCK_REALTIME : CLOCK_MONOTONIC, &time);
    uint64_t clock = when & (3ull << 62);
    uint64_t target = when & ~(3ull << 62);
    uint64_t current = (uint64_t)time.tv_sec * 1000000000u + (uint64_t)time.tv_nsec;
    if (target <= current) return when;
    atomic_fetch_add(&shortened, 1);
    return clock | (current + (uint64_t)((double)(target - current) * scale));
}
#endif
