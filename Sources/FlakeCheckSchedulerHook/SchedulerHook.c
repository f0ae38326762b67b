// Delays a random share of Swift concurrency jobs on their way to the global (and main) executor.
//
// Why this is safe for correct tests: an executor may run a job later than it was enqueued (a busy or
// slow thread does exactly that), so a test that is deterministic stays deterministic; a test that
// relies on a job having run by the time it yields or sleeps fails more often. The hook variables are
// exported by libswift_Concurrency (swift/include/swift/Runtime/ConcurrencyHooks.def); hooks use the
// Swift calling convention, which clang spells __attribute__((swiftcall)).
#include "FlakeCheckSchedulerHook.h"

#ifndef __linux__
// Linux only: flakecheck preloads it with LD_PRELOAD, and Darwin lacks pthread_condattr_setclock. On macOS,
// where System Integrity Protection strips DYLD_INSERT_LIBRARIES from some processes, flakecheck does not
// load it; this keeps the package building there.
unsigned long flakecheck_delayed_jobs(void) { return 0; }
#else
#include "Environment.h"
#include "Evidence.h"
#include "Noise.h"
#include "Queues.h"
#include "Random.h"
#include "Schedules.h"
#include "Sleeps.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

typedef struct Job Job;
typedef void (__attribute__((swiftcall)) *EnqueueOriginal)(Job *job);
typedef void (__attribute__((swiftcall)) *EnqueueHook)(Job *job, EnqueueOriginal original);

typedef struct {
    uint64_t due;  // CLOCK_MONOTONIC nanoseconds
    Job *job;
    EnqueueOriginal original;
} Held;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed;  // on CLOCK_MONOTONIC, set up in install()
static Held *heap;  // a min-heap on `due`
static size_t count, capacity;
static uint64_t threshold;  // a job (or task) is held when its random number is below this
static uint64_t maximumNanoseconds;
static uint64_t seed;
// FLAKECHECK_DELAY_MODE, by number: `PerturbationConditions.DelayMode.hookNumber` on the Swift side (jobs 0, the
// default; tasks 1; batches 2; queues 3, which delays blocks on the program's Dispatch queues instead of
// jobs: Queues.c), which PerturbEndToEndTests' probe checks against `flakecheck_delay_mode()`.
typedef enum { eachJob = 0, slowTasks = 1, batches = 2, queues = 3 } Mode;
static Mode mode;
static int delaying;
static _Atomic uint64_t randomState;
static _Atomic unsigned long delayed;

unsigned long flakecheck_delayed_jobs(void) { return atomic_load(&delayed); }

// The delay mode this process runs in, -1 when it delays nothing: for a probe to check what the hook read.
int flakecheck_delay_mode(void) { return delaying ? (int)mode : -1; }

static uint64_t now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (uint64_t)time.tv_sec * 1000000000u + (uint64_t)time.tv_nsec;
}

// SplitMix64 over an atomic counter: lock-free, and the same sequence for the same seed.
static uint64_t nextRandom(void) {
    return flakecheckMix(atomic_fetch_add(&randomState, FLAKECHECK_SPLITMIX_GAMMA) + FLAKECHECK_SPLITMIX_GAMMA);
}

static void push(Held held) {
    if (count == capacity) {
        size_t grown = capacity ? capacity * 2 : 256;
        Held *larger = realloc(heap, grown * sizeof(Held));
        if (!larger) { held.original(held.job); return; }  // no memory: pass the job on at once
        heap = larger;
        capacity = grown;
    }
    size_t index = count++;
    while (index > 0 && heap[(index - 1) / 2].due > held.due) {
        heap[index] = heap[(index - 1) / 2];
        index = (index - 1) / 2;
    }
    heap[index] = held;
}

static Held pop(void) {
    Held top = heap[0];
    Held last = heap[--count];
    size_t index = 0;
    for (;;) {
        size_t child = index * 2 + 1;
        if (child >= count) break;
        if (child + 1 < count && heap[child + 1].due < heap[child].due) child++;
        if (heap[child].due >= last.due) break;
        heap[index] = heap[child];
        index = child;
    }
    if (count > 0) heap[index] = last;
    return top;
}

// Passes held jobs on when they are due, outside the lock. Jobs due together leave in a random order:
// nothing promises the order in which ready jobs start, and batch mode relies on it.
static void *release(void *unused) {
    (void)unused;
    Held due[64];
    pthread_mutex_lock(&lock);
    for (;;) {
        while (count == 0) pthread_cond_wait(&changed, &lock);
        uint64_t current = now();
        size_t ready = 0;
        while (count > 0 && heap[0].due <= current && ready < sizeof due / sizeof due[0]) due[ready++] = pop();
        if (ready > 0) {
            pthread_mutex_unlock(&lock);
            for (size_t index = ready; index > 1; index--) {
                size_t other = nextRandom() % index;
                Held swapped = due[index - 1];
                due[index - 1] = due[other];
                due[other] = swapped;
            }
            for (size_t index = 0; index < ready; index++) due[index].original(due[index].job);
            pthread_mutex_lock(&lock);
            continue;
        }
        uint64_t next = heap[0].due;
        struct timespec until = { .tv_sec = (time_t)(next / 1000000000u), .tv_nsec = (long)(next % 1000000000u) };
        pthread_cond_timedwait(&changed, &lock, &until);
    }
    return NULL;
}

// How long to hold `job`, or 0 to pass it on at once.
//
// Jobs mode draws for each job, so the test's own task is slowed as often as the task it races and a
// yield race keeps its odds. Tasks mode decides once per task (a resumed task is enqueued as the same
// pointer): a chosen task is slow at every step, as a task starved on a busy machine is, and the ones it
// races are not, which is the order a yield- or sleep-gated test does not expect.
//
// Batches mode holds a share of jobs until the next tick of a clock with the maximum as its period and
// lets each tick's jobs go together, in a random order, so jobs that were queued one after the other
// start in any order. (Measured on the example: it raises the yield and sleep races about as much as the
// other modes; the races between parallel tests, which it was meant to line up, it does not.)
static uint64_t holdTime(Job *job, uint64_t current) {
    uint64_t span = maximumNanoseconds > 1000 ? maximumNanoseconds - 1000 : 1;
    if (mode == batches) {
        if (nextRandom() >= threshold) return 0;
        return maximumNanoseconds - current % maximumNanoseconds;
    }
    if (mode == slowTasks) {
        uint64_t draw = flakecheckMix((uint64_t)(uintptr_t)job ^ seed);  // once per task, from its pointer
        if (draw >= threshold) return 0;
        // Each slow task gets its own pace, in the upper half of the range, plus a little jitter.
        uint64_t pace = span / 2 + flakecheckMix(draw) % (span / 2 + 1);
        return 1000 + pace - pace / 8 + nextRandom() % (pace / 4 + 1);
    }
    if (nextRandom() >= threshold) return 0;
    return 1000 + nextRandom() % span;
}

static void __attribute__((swiftcall)) maybeDelay(Job *job, EnqueueOriginal original) {
    uint64_t current = now();
    uint64_t wait = holdTime(job, current);
    if (wait == 0) {
        original(job);
        return;
    }
    atomic_fetch_add(&delayed, 1);
    pthread_mutex_lock(&lock);
    push((Held){ .due = current + wait, .job = job, .original = original });
    pthread_cond_signal(&changed);
    pthread_mutex_unlock(&lock);
}

__attribute__((constructor)) static void install(void) {
    // Only in Swift concurrency processes: not in a shell or tool the tests start, which inherit the preload.
    EnqueueHook *global = (EnqueueHook *)dlsym(RTLD_DEFAULT, "swift_task_enqueueGlobal_hook");
    EnqueueHook *main = (EnqueueHook *)dlsym(RTLD_DEFAULT, "swift_task_enqueueMainExecutor_hook");
    if (!global) return;
    if (flakecheckStartEvidence()) return;
    flakecheckStartNoise();
    flakecheckStartSleepScaling();
    if (flakecheckStartSchedules()) return;
    double probability = flakecheckEnvironmentNumber("FLAKECHECK_DELAY_PROBABILITY", 0);
    if (!(probability > 0)) return;
    if (probability > 1) probability = 1;
    double maximum = flakecheckEnvironmentNumber("FLAKECHECK_DELAY_MAX_US", 300);
    maximumNanoseconds = (uint64_t)(maximum < 1 ? 1000 : maximum * 1000);
    threshold = probability >= 1 ? UINT64_MAX : (uint64_t)(probability * 18446744073709551615.0);
    seed = flakecheckEnvironmentSeed("FLAKECHECK_DELAY_SEED", 1);
    atomic_store(&randomState, seed);
    double number = flakecheckEnvironmentNumber("FLAKECHECK_DELAY_MODE", eachJob);
    mode = number == slowTasks ? slowTasks : number == batches ? batches : number == queues ? queues : eachJob;
    if (mode == queues) {
        delaying = flakecheckStartQueueDelays(probability, maximumNanoseconds, seed);
        return;
    }
    // Due times are monotonic; a default condition variable would read them as wall-clock times in the
    // past and spin.
    pthread_condattr_t clock;
    pthread_condattr_init(&clock);
    pthread_condattr_setclock(&clock, CLOCK_MONOTONIC);
    pthread_cond_init(&changed, &clock);
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attributes, release, NULL) != 0) return;
    *global = maybeDelay;
    if (main) *main = maybeDelay;
    delaying = 1;
}
#endif
