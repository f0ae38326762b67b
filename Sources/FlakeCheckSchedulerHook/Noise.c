// Partial CPU and memory noise inside the test process, after Shaker ("Shake It!", ICSME 2020), which
// found that a little load per run, not a saturated machine, makes timing-dependent tests fail sooner.
//
// FLAKECHECK_NOISE_CPU=D (0 < D < 1): one thread per CPU the process may use, each busy for D of every
// 2 ms and asleep for the rest, so the test's threads are preempted at varying moments. The threads are
// inside the test process, so they share its CPU limit and end with it (flakecheck's own CPU stays free).
// FLAKECHECK_NOISE_MEMORY_MB=M: one thread that allocates M MB, touches every page and frees it, over and
// over: page faults and cache misses for everything else in the process.
#include "Noise.h"
#include "Environment.h"

#ifdef __linux__  // the library is only preloaded on Linux (SchedulerHook.c)
#define _GNU_SOURCE

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

static const long periodNanoseconds = 2000000;
static long busyNanoseconds;
static size_t churnBytes;

static long elapsedSince(const struct timespec *start) {
    struct timespec current;
    clock_gettime(CLOCK_MONOTONIC, &current);
    return (current.tv_sec - start->tv_sec) * 1000000000L + (current.tv_nsec - start->tv_nsec);
}

static void *burn(void *unused) {
    (void)unused;
    for (;;) {
        struct timespec start;
        clock_gettime(CLOCK_MONOTONIC, &start);
        while (elapsedSince(&start) < busyNanoseconds) {}
        struct timespec rest = { .tv_sec = 0, .tv_nsec = periodNanoseconds - busyNanoseconds };
        nanosleep(&rest, NULL);
    }
    return NULL;
}

static void *churn(void *unused) {
    (void)unused;
    struct timespec pause = { .tv_sec = 0, .tv_nsec = 1000000 };
    for (;;) {
        volatile char *block = malloc(churnBytes);
        if (block) {
            for (size_t offset = 0; offset < churnBytes; offset += 4096) block[offset] = (char)offset;
            free((void *)block);
        }
        nanosleep(&pause, NULL);
    }
    return NULL;
}

static void startDetached(void *(*body)(void *)) {
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_create(&thread, &attributes, body, NULL);
    pthread_attr_destroy(&attributes);
}

void flakecheckStartNoise(void) {
    double duty = flakecheckEnvironmentNumber("FLAKECHECK_NOISE_CPU", 0);
    if (duty > 0 && duty < 1) {
        busyNanoseconds = (long)(duty * periodNanoseconds);
        int threads = 1;
        cpu_set_t allowed;
        if (sched_getaffinity(0, sizeof allowed, &allowed) == 0) threads = CPU_COUNT(&allowed);
        for (int index = 0; index < threads; index++) startDetached(burn);
    }
    double megabytes = flakecheckEnvironmentNumber("FLAKECHECK_NOISE_MEMORY_MB", 0);
    if (megabytes >= 1) {
        churnBytes = (size_t)(megabytes * 1024 * 1024);
        startDetached(churn);
    }
}
#endif
