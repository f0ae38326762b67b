// Schedule exploration: the global executor's jobs run one at a time, in an order chosen by seeded
// random priorities (PCT, Burckhardt, Kothari, Musuvathi and Nagarakatte, "A Randomized Scheduler with
// Probabilistic Guarantees of Finding Bugs", ASPLOS 2010).
//
// Each task gets a random priority the first time one of its jobs is enqueued; the scheduler always
// runs the ready job of highest priority; and at depth - 1 steps drawn in advance it drops the priority
// of the task it just ran below every other. An ordering bug that needs d such changes is found in a run
// with probability at least 1 / (n * k^(d-1)) for n tasks and k steps, whatever the scheduler of the
// real executor would have done. Delays cannot do that: they stretch windows, priorities reorder them.
//
// Jobs run on this library's threads through swift_job_run, as the global executor runs them. A job
// that blocks its thread (a semaphore waiting for another job) would stall one runner for ever, so when
// the running job has held its runner longer than `patience`, the next job starts on another runner.
#include "Schedules.h"
#include "Random.h"

#ifndef __linux__
bool flakecheckStartSchedules(void) { return false; }
bool flakecheckScheduleDelayedJob(uint64_t when, void *context, void (*work)(void *)) {
    (void)when; (void)context; (void)work;
    return false;
}
unsigned long flakecheck_scheduled_jobs(void) { return 0; }
unsigned long flakecheck_priority_changes(void) { return 0; }
#else
#include "DispatchTime.h"
#include "Environment.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

typedef struct Job Job;
typedef struct { void *identity; uintptr_t implementation; } SerialExecutorRef;
typedef void (__attribute__((swiftcall)) *RunJob)(Job *job, SerialExecutorRef executor);
typedef void (__attribute__((swiftcall)) *EnqueueOriginal)(Job *job);
typedef void (__attribute__((swiftcall)) *EnqueueHook)(Job *job, EnqueueOriginal original);
typedef void (__attribute__((swiftcall)) *DelayOriginal)(unsigned long long delay, Job *job);
typedef void (__attribute__((swiftcall)) *DelayHook)(unsigned long long delay, Job *job, DelayOriginal original);
typedef void (__attribute__((swiftcall)) *DeadlineOriginal)(long long sec, long long nsec, long long tsec,
                                                              long long tnsec, int clock, Job *job);
typedef void (__attribute__((swiftcall)) *DeadlineHook)(long long sec, long long nsec, long long tsec,
                                                          long long tnsec, int clock, Job *job,
                                                          DeadlineOriginal original);

enum { maximumDepth = 8, runnerCount = 8, priorityTableSize = 4096 };
static const uint64_t patience = 100000000u;  // ns a job may hold its runner before the next starts beside it

typedef struct { Job *job; uint64_t due; } Entry;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed;
static RunJob runJob;
typedef void (__attribute__((swiftcall)) *GetTime)(long long *seconds, long long *nanoseconds, int clock);
static GetTime getTime;
static Entry *ready, *timed;  // ready: unordered; timed: sorted by `due`
static size_t readyCount, readyCapacity, timedCount, timedCapacity;
static struct { Job *task; uint64_t priority; } priorities[priorityTableSize];
static uint64_t changeSteps[maximumDepth];
static int changeCount;
static uint64_t step;
static int running;  // jobs running now
static uint64_t lastStart;  // when the newest running job started
static uint64_t randomState;
static _Atomic unsigned long scheduled, changes;

unsigned long flakecheck_scheduled_jobs(void) { return atomic_load(&scheduled); }
unsigned long flakecheck_priority_changes(void) { return atomic_load(&changes); }

static uint64_t monotonic(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (uint64_t)time.tv_sec * 1000000000u + (uint64_t)time.tv_nsec;
}

static uint64_t nextRandom(void) {  // SplitMix64; called with the lock held
    return flakecheckMix(randomState += FLAKECHECK_SPLITMIX_GAMMA);
}

static bool grow(Entry **entries, size_t *capacity, size_t needed) {
    if (needed <= *capacity) return true;
    size_t larger = *capacity ? *capacity * 2 : 256;
    Entry *moved = realloc(*entries, larger * sizeof(Entry));
    if (!moved) return false;
    *entries = moved;
    *capacity = larger;
    return true;
}

// A task keeps its priority while it lives (a resumed task is enqueued as the same pointer). Initial
// priorities are above 2^32; the changes give maximumDepth and below, so a changed task runs last.
static uint64_t *priorityOf(Job *job) {
    size_t slot = flakecheckAddressSlot(job) % priorityTableSize;
    if (priorities[slot].task != job) {
        priorities[slot].task = job;
        priorities[slot].priority = (1ull << 32) + (nextRandom() >> 32);
    }
    return &priorities[slot].priority;
}

static void addReady(Job *job) {  // lock held
    if (!grow(&ready, &readyCapacity, readyCount + 1)) abort();
    ready[readyCount++] = (Entry){ .job = job, .due = 0 };
    (void)priorityOf(job);
    pthread_cond_broadcast(&changed);
}

static void addTimed(Job *job, uint64_t due) {  // lock held
    if (!grow(&timed, &timedCapacity, timedCount + 1)) abort();
    size_t index = timedCount++;
    while (index > 0 && timed[index - 1].due > due) { timed[index] = timed[index - 1]; index--; }
    timed[index] = (Entry){ .job = job, .due = due };
    pthread_cond_broadcast(&changed);
}

static void __attribute__((swiftcall)) enqueue(Job *job, EnqueueOriginal original) {
    (void)original;
    pthread_mutex_lock(&lock);
    addReady(job);
    pthread_mutex_unlock(&lock);
}

static void __attribute__((swiftcall)) enqueueAfter(unsigned long long delay, Job *job, DelayOriginal original) {
    (void)original;
    pthread_mutex_lock(&lock);
    addTimed(job, monotonic() + delay);
    pthread_mutex_unlock(&lock);
}

static int exploring;  // set once the scheduler's threads run

bool flakecheckScheduleDelayedJob(uint64_t when, void *context, void (*work)(void *)) {
    // "Never" (and a wall-clock time) stays Dispatch's, which knows how to wait for it.
    if (!exploring || flakecheckIsWallOrNever(when) || !flakecheckIsConcurrencyWork(work)) return false;
    pthread_mutex_lock(&lock);
    addTimed((Job *)context, monotonic() + flakecheckNanosecondsUntil(when));
    pthread_mutex_unlock(&lock);
    return true;
}

// The deadline is on one of Swift's clocks (continuous 1, suspending 2), read here as the runtime reads it
// (swift_get_time), or, where that is missing, as Swift on Linux does (CLOCK_BOOTTIME, CLOCK_MONOTONIC).
static void __attribute__((swiftcall)) enqueueAtDeadline(long long sec, long long nsec, long long tsec,
                                                          long long tnsec, int clock, Job *job,
                                                          DeadlineOriginal original) {
    (void)tsec; (void)tnsec; (void)original;
    long long nowSeconds, nowNanoseconds;
    if (getTime) {
        getTime(&nowSeconds, &nowNanoseconds, clock);
    } else {
        struct timespec time;
        clock_gettime(clock == 1 ? CLOCK_BOOTTIME : CLOCK_MONOTONIC, &time);
        nowSeconds = (long long)time.tv_sec;
        nowNanoseconds = (long long)time.tv_nsec;
    }
    long long remaining = (sec - nowSeconds) * 1000000000ll + (nsec - nowNanoseconds);
    pthread_mutex_lock(&lock);
    addTimed(job, monotonic() + (remaining > 0 ? (uint64_t)remaining : 0));
    pthread_mutex_unlock(&lock);
}

// The ready job of highest priority, taken out of `ready`; lock held, `ready` not empty.
static Job *takeHighest(void) {
    size_t best = 0;
    uint64_t bestPriority = *priorityOf(ready[0].job);
    for (size_t index = 1; index < readyCount; index++) {
        uint64_t priority = *priorityOf(ready[index].job);
        if (priority > bestPriority) { best = index; bestPriority = priority; }
    }
    Job *job = ready[best].job;
    ready[best] = ready[--readyCount];
    return job;
}

static void *runner(void *unused) {
    (void)unused;
    pthread_mutex_lock(&lock);
    for (;;) {
        uint64_t current = monotonic();
        while (timedCount > 0 && timed[0].due <= current) {
            Job *due = timed[0].job;
            for (size_t index = 1; index < timedCount; index++) timed[index - 1] = timed[index];
            timedCount--;
            addReady(due);
        }
        bool mayStart = readyCount > 0 && (running == 0 || current - lastStart > patience);
        if (!mayStart) {
            uint64_t until = current + patience;
            if (timedCount > 0 && timed[0].due < until) until = timed[0].due;
            if (readyCount == 0 && running == 0 && timedCount == 0) {
                pthread_cond_wait(&changed, &lock);
            } else {
                struct timespec wake = { .tv_sec = (time_t)(until / 1000000000u), .tv_nsec = (long)(until % 1000000000u) };
                pthread_cond_timedwait(&changed, &lock, &wake);
            }
            continue;
        }
        Job *job = takeHighest();
        uint64_t *priority = priorityOf(job);
        step++;
        for (int index = 0; index < changeCount; index++) {
            if (changeSteps[index] == step) {
                *priority = (uint64_t)(maximumDepth - index);
                atomic_fetch_add(&changes, 1);
            }
        }
        running++;
        lastStart = current;
        pthread_mutex_unlock(&lock);
        atomic_fetch_add(&scheduled, 1);
        runJob(job, (SerialExecutorRef){ 0, 0 });
        pthread_mutex_lock(&lock);
        running--;
        pthread_cond_broadcast(&changed);
    }
    return NULL;
}

bool flakecheckStartSchedules(void) {
    int depth = (int)flakecheckEnvironmentNumber("FLAKECHECK_SCHEDULE_DEPTH", 0);
    if (depth < 1) return false;
    if (depth > maximumDepth) depth = maximumDepth;
    EnqueueHook *global = (EnqueueHook *)dlsym(RTLD_DEFAULT, "swift_task_enqueueGlobal_hook");
    DelayHook *delay = (DelayHook *)dlsym(RTLD_DEFAULT, "swift_task_enqueueGlobalWithDelay_hook");
    DeadlineHook *deadline = (DeadlineHook *)dlsym(RTLD_DEFAULT, "swift_task_enqueueGlobalWithDeadline_hook");
    runJob = (RunJob)dlsym(RTLD_DEFAULT, "swift_job_run");
    getTime = (GetTime)dlsym(RTLD_DEFAULT, "swift_get_time");
    if (!global || !delay || !deadline || !runJob) return false;
    randomState = flakecheckEnvironmentSeed("FLAKECHECK_SCHEDULE_SEED", 1);
    // The change points fall among the first `steps` jobs, the length PCT's bound is stated for.
    uint64_t steps = (uint64_t)flakecheckEnvironmentNumber("FLAKECHECK_SCHEDULE_STEPS", 200);
    if (steps < 1) steps = 1;
    changeCount = depth - 1;
    for (int index = 0; index < changeCount; index++) changeSteps[index] = 1 + nextRandom() % steps;
    pthread_condattr_t clock;
    pthread_condattr_init(&clock);
    pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
    pthread_cond_init(&changed, &clock);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    int started = 0;
    for (int index = 0; index < runnerCount; index++) {
        pthread_t thread;
        if (pthread_create(&thread, &attributes, runner, NULL) == 0) started++;
    }
    if (started == 0) return false;
    *global = enqueue;
    *delay = enqueueAfter;
    *deadline = enqueueAtDeadline;
    exploring = 1;
    return true;
}
#endif
