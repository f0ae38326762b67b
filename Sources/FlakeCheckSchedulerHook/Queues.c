// Slow queues: a share of the blocks a program hands to Dispatch queues of its own start late.
//
// The three other delay modes hold Swift concurrency's jobs on their way to the global and main executors.
// Work that a program puts on a Dispatch queue of its own never passes there: an actor whose executor is
// a serial queue, a task whose preferred executor is one (`Task(executorPreference:)`), a database's or a
// network client's callback queue. A test that checks such work's effect after waiting on Swift's own
// executors (a few actor hops, a task group) passes as long as the queue keeps up, which on an idle machine
// it nearly always does; delaying the test's jobs only lengthens its wait and hides the race
// (Tests/FixturePackages/RareHandOff). So this mode leaves Swift's jobs alone and makes the queues slow.
//
// How: `dispatch_async`, which Swift's `DispatchQueue.async` calls, is stood in front of; a drawn block is
// wrapped (Blocks.h) in one that sleeps on the queue's thread before running it. The queue's order is kept
// (a serial queue runs its blocks one after another, the late one first), as when the thread that runs
// the queue is preempted. Queues of libdispatch's own (`com.apple.main-thread`, the global
// `com.apple.root.*` queues) are left alone, so the main actor and Swift's global executor are not slowed.
// Only a process whose FLAKECHECK_DELAY_MODE is 3 delays anything; every other passes straight through.
#include "Queues.h"
#include "FlakeCheckSchedulerHook.h"

#ifdef __linux__
#define _GNU_SOURCE
#include "Blocks.h"
#include "Random.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

static int active;
static uint64_t threshold, spanNanoseconds;
static _Atomic uint64_t randomState;
static _Atomic unsigned long delayed;

unsigned long flakecheck_delayed_blocks(void) { return atomic_load(&delayed); }

static uint64_t nextRandom(void) {
    return flakecheckMix(atomic_fetch_add(&randomState, FLAKECHECK_SPLITMIX_GAMMA) + FLAKECHECK_SPLITMIX_GAMMA);
}

typedef void (*AsyncFunction)(void *queue, void *block);
typedef const char *(*LabelFunction)(void *queue);
static AsyncFunction realAsync;
static LabelFunction queueLabel;

/// A queue the program made: libdispatch names its own `com.apple.…`.
static int isProgramsQueue(void *queue) {
    const char *label = queueLabel ? queueLabel(queue) : NULL;
    return label && strncmp(label, "com.apple.", 10) != 0;
}

static void runLate(void *block) {
    uint64_t wait = ((WrappedBlock *)block)->payload;
    struct timespec pause = { .tv_sec = (time_t)(wait / 1000000000u), .tv_nsec = (long)(wait % 1000000000u) };
    while (nanosleep(&pause, &pause) != 0) {}
    flakecheckInvokeInner(block);
}

void dispatch_async(void *queue, void *block) {
    if (!realAsync) realAsync = (AsyncFunction)dlsym(RTLD_NEXT, "dispatch_async");
    if (!active || !block || !queue || !isProgramsQueue(queue) || nextRandom() >= threshold) {
        realAsync(queue, block);
        return;
    }
    atomic_fetch_add(&delayed, 1);
    // On the stack: libdispatch copies it (and with it the caller's block) before returning.
    WrappedBlock late = flakecheckWrappedBlock(block, runLate, 1000 + nextRandom() % spanNanoseconds);
    realAsync(queue, &late);
}

int flakecheckStartQueueDelays(double probability, uint64_t maximumNanoseconds, uint64_t seed) {
    queueLabel = (LabelFunction)dlsym(RTLD_DEFAULT, "dispatch_queue_get_label");
    if (!queueLabel || !flakecheckBlocksStart()) return 0;
    threshold = probability >= 1 ? UINT64_MAX : (uint64_t)(probability * 18446744073709551615.0);
    spanNanoseconds = maximumNanoseconds > 1000 ? maximumNanoseconds - 1000 : 1;
    atomic_store(&randomState, seed);
    active = 1;
    return 1;
}
#else
unsigned long flakecheck_delayed_blocks(void) { return 0; }
int flakecheckStartQueueDelays(double probability, uint64_t maximumNanoseconds, uint64_t seed) {
    (void)probability; (void)maximumNanoseconds; (void)seed;
    return 0;
}
#endif
