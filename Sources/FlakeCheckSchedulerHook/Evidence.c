// Records what a test process did through the Swift runtime, for the hint's evidence (`run --evidence`):
// - whether the package's unstructured tasks were still running when the test's first failure (or, with
//   none, its result) was printed;
// - yields: `Task.yield()` hands the runtime a nullary-continuation job;
// - sleeps and their durations: `Task.sleep` and clock sleeps hand it a job to run after a delay;
// - unstructured tasks the test's own code started (`Task {}`, `Task.detached {}`), told apart from the
//   test libraries' own tasks by the library that called the task's initialiser;
// - jobs sent to the main actor.
// Swift 6.3's executors pass some of these straight to Dispatch rather than through the runtime's enqueue
// hooks, so the library also stands in front of `dispatch_async_f` and `dispatch_after_f` (it is
// preloaded, so the runtime's calls reach it first) and reads the job kind of the contexts that are Swift
// jobs; Timers.c marks the callbacks of `asyncAfter` and Foundation timers. Counts are written as one JSON
// object to FLAKECHECK_EVIDENCE_FILE at exit. What none of this
// sees: what ran when, beyond that one snapshot; see Documentation/Hints.md.
#ifdef __linux__
#define _GNU_SOURCE
#include "Evidence.h"
#include "DispatchTime.h"
#include "Schedules.h"
#include "Sleeps.h"
#include "Timers.h"
#include "Waits.h"

#include <dlfcn.h>
#include <execinfo.h>
#include <sys/auxv.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct Job Job;
typedef void (__attribute__((swiftcall)) *EnqueueOriginal)(Job *job);
typedef void (__attribute__((swiftcall)) *EnqueueHook)(Job *job, EnqueueOriginal original);
typedef void (*DispatchFunction)(void *context);
typedef void *DispatchQueue;
typedef void (*AsyncFunction)(DispatchQueue queue, void *context, DispatchFunction work);
typedef void (*AfterFunction)(uint64_t when, DispatchQueue queue, void *context, DispatchFunction work);

// swift/ABI/MetadataValues.h and Task.h: a Job is a HeapObject (two words) and two scheduler words, then
// its 32-bit flags, whose low byte is the kind.
enum { nullaryContinuationKind = 195, flagsOffset = 4 * sizeof(void *) };
enum { maximumSleeps = 256 };

static const char *path;
static int active;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static size_t testTasks, harnessTasks, yields, mainJobs, sleepCount;
static uint64_t sleeps[maximumSleeps];
static DispatchFunction swiftJobRunner;  // the function Swift's executor gives Dispatch with each job
static __thread const Job *handingOver;  // the job this thread is passing to the runtime's enqueue
static AsyncFunction realAsync;
static AfterFunction realAfter;
extern char _dispatch_main_q;

static unsigned kindOf(const void *job) { return *(const uint32_t *)((const char *)job + flagsOffset) & 0xff; }

// `Task {}`, `Task.detached {}` and every child task are made by `swift_task_create`, which the caller's
// module calls directly (Task's initialisers are emitted into their callers), so the return address says
// whose code started the task: the test libraries' (XCTest runs each async test in a task, Swift Testing
// its whole run) or the package's own, test and code under test alike.
typedef struct { void *task, *context; } TaskAndContext;
typedef TaskAndContext (__attribute__((swiftcall)) *CreateFunction)(size_t flags, void *options, const void *resultType,
                                                                    void *closureEntry, void *closureContext);
static CreateFunction realCreate;
enum { childTaskCreateFlag = 1u << 8 };  // TaskCreateFlags::Task_IsChildTask (groups, async let)

// Whether the package's tasks are still alive at the snapshot (the first failure or result printed): a
// weak reference to each (the runtime's own, `swift_weakInit`) comes back empty once the task has finished
// and been freed. A task still referenced then is still running, or suspended and never resumed.
typedef struct { uintptr_t bits; } WeakReference;
extern WeakReference *swift_weakInit(WeakReference *reference, void *object);
extern void *swift_weakLoadStrong(WeakReference *reference);
extern void swift_release(void *object);
extern void *swift_task_getCurrent(void);
enum { maximumTracked = 256 };
static WeakReference tracked[maximumTracked];
static size_t trackedCount;
static int snapshotTaken;
static size_t runningAtSnapshot;

static int isTestLibrary(const void *address) {
    Dl_info info;
    if (!dladdr(address, &info) || !info.dli_fname) return 0;
    if (info.dli_sname && strcmp(info.dli_sname, "main") == 0) return 1;  // an async `main`, the runner's
    const char *name = strrchr(info.dli_fname, '/');
    name = name ? name + 1 : info.dli_fname;
    return strstr(name, "libXCTest") || strstr(name, "libTesting") || strstr(name, "lib_TestingInterop")
        || strstr(name, "lib_Testing_Foundation");
}

// Whether XCTest is making the task that runs the test method itself: XCTest on Linux makes a task for an
// async test's `setUp`, its body and its `tearDown`, all from the same function of its own, and only the body's
// is made on behalf of the test's code, a few frames up (the test binary's thunk that calls XCTest's async
// wrapper). `setUp`'s and `tearDown`'s are made from XCTest's `invokeTest`, many frames above the test binary's
// `main`. Read on a Linux XCTest run: the body's creation had the test binary at frames 4 and 5, the others none
// in 11.
static int madeForTestMethod(void) {
    static const void *mainBase, *ownBase;
    Dl_info info;
    if (!mainBase && dladdr((const void *)getauxval(AT_PHDR), &info)) mainBase = info.dli_fbase;
    if (!ownBase && dladdr((const void *)madeForTestMethod, &info)) ownBase = info.dli_fbase;
    void *frames[8];
    int count = backtrace(frames, 8);
    for (int index = 1; index < count; index++) {
        if (dladdr(frames[index], &info) && info.dli_fbase == mainBase && mainBase != ownBase) return 1;
    }
    return 0;
}

static int isXCTest(const void *address) {
    Dl_info info;
    return dladdr(address, &info) && info.dli_fname && strstr(info.dli_fname, "libXCTest");
}

__attribute__((swiftcall)) TaskAndContext swift_task_create(size_t flags, void *options, const void *resultType,
                                                              void *closureEntry, void *closureContext) {
    if (!realCreate) realCreate = (CreateFunction)dlsym(RTLD_NEXT, "swift_task_create");
    const void *caller = __builtin_return_address(0);
    int fromTestLibrary = active && isTestLibrary(caller);
    int counted = active && !(flags & childTaskCreateFlag);
    int harness = counted && fromTestLibrary;
    const void *creator = active ? swift_task_getCurrent() : NULL;
    int testBody = harness && isXCTest(caller) && madeForTestMethod();
    // Child tasks too: Swift Testing runs each test, and each of its cases, in a child task of its own.
    if (fromTestLibrary) flakecheckWaitsBeginHarnessTask();
    TaskAndContext created = realCreate(flags, options, resultType, closureEntry, closureContext);
    if (fromTestLibrary) flakecheckWaitsEndHarnessTask(created.task, creator, testBody);
    if (active) flakecheckWaitsNoteTaskCreated(created.task);
    if (counted) {
        pthread_mutex_lock(&lock);
        if (harness) {
            harnessTasks++;
        } else {
            testTasks++;
            if (trackedCount < maximumTracked && !snapshotTaken) swift_weakInit(&tracked[trackedCount++], created.task);
        }
        pthread_mutex_unlock(&lock);
    }
    return created;
}

// The first failure or result line the test libraries print is the moment the snapshot is taken (one
// test per process in the evidence pass): a failed check is printed as it happens (XCTest's
// "file:line: error: …", Swift Testing's "… recorded an issue"), a result when the test ends ("Test Case
// '…' passed (", "… passed after"). XCTest prints through `fwrite`, Swift Testing through `fputs`; both
// flush at once. Returns 2 for a failed check, 1 for a result, 0 for neither.
static int holdsResult(const char *text, size_t count) {
    static const char *markers[] = { ": error: ", " recorded an issue", "' passed (", "' failed (", " passed after ",
                                     " failed after " };
    for (size_t marker = 0; marker < sizeof markers / sizeof markers[0]; marker++) {
        size_t length = strlen(markers[marker]);
        for (size_t index = 0; index + length <= count; index++) {
            if (memcmp(text + index, markers[marker], length) == 0) return marker < 2 ? 2 : 1;
        }
    }
    return 0;
}

static void noteOutput(FILE *stream, const void *text, size_t count) {
    if (!active || snapshotTaken || (stream != stdout && stream != stderr) || count > (1u << 20)) return;
    int held = holdsResult(text, count);
    if (!held) return;
    pthread_mutex_lock(&lock);
    int first = !snapshotTaken;
    if (first) {
        snapshotTaken = 1;
        for (size_t index = 0; index < trackedCount; index++) {
            void *task = swift_weakLoadStrong(&tracked[index]);
            if (task) {
                runningAtSnapshot++;
                swift_release(task);
            }
        }
    }
    pthread_mutex_unlock(&lock);
    // Outside this file's lock: the waits' lock is held across a task's creation, which takes this one.
    if (first) flakecheckWaitsSnapshot(held == 2);
}

typedef size_t (*FwriteFunction)(const void *text, size_t size, size_t count, FILE *stream);
typedef int (*FputsFunction)(const char *text, FILE *stream);
static FwriteFunction realFwrite;
static FputsFunction realFputs;

size_t fwrite(const void *text, size_t size, size_t count, FILE *stream) {
    if (!realFwrite) realFwrite = (FwriteFunction)dlsym(RTLD_NEXT, "fwrite");
    noteOutput(stream, text, size * count);
    return realFwrite(text, size, count, stream);
}

int fputs(const char *text, FILE *stream) {
    if (!realFputs) realFputs = (FputsFunction)dlsym(RTLD_NEXT, "fputs");
    noteOutput(stream, text, strlen(text));
    return realFputs(text, stream);
}

static void __attribute__((swiftcall)) onEnqueue(Job *job, EnqueueOriginal original) {
    flakecheckWaitsNoteEnqueue(job, kindOf(job));
    handingOver = job;
    original(job);
    handingOver = NULL;
}

// Learns which Dispatch work function carries Swift jobs (the one the runtime passes with a job it was
// just handed), then reads the kind of every job it carries.
static int isSwiftJob(void *context, DispatchFunction work) {
    if (!swiftJobRunner && handingOver && context == (void *)handingOver) swiftJobRunner = work;
    return swiftJobRunner && work == swiftJobRunner;
}

// A yield's job, run through the waits' recorder so that the wake it makes is known as the yield's own.
typedef struct { void *context; DispatchFunction work; } YieldJob;

static void runYieldJob(void *context) {
    YieldJob yield = *(YieldJob *)context;
    free(context);
    flakecheckWaitsRunYield(yield.work, yield.context);
}

// Any other Swift job, run through the waits' recorder so that a wake made while it runs knows its job.
static void runSwiftJob(void *context) {
    flakecheckWaitsRunJob(swiftJobRunner, context, kindOf(context));
}

void dispatch_async_f(DispatchQueue queue, void *context, DispatchFunction work) {
    if (!realAsync) realAsync = (AsyncFunction)dlsym(RTLD_NEXT, "dispatch_async_f");
    if (active && isSwiftJob(context, work)) {
        unsigned kind = kindOf(context);
        pthread_mutex_lock(&lock);
        if (kind == nullaryContinuationKind) yields++;
        if (queue == (DispatchQueue)&_dispatch_main_q) mainJobs++;
        pthread_mutex_unlock(&lock);
        if (kind == nullaryContinuationKind) {
            flakecheckWaitsNoteYield();
            YieldJob *yield = malloc(sizeof *yield);
            if (yield) {
                *yield = (YieldJob){ context, work };
                realAsync(queue, yield, runYieldJob);
                return;
            }
        }
        realAsync(queue, context, runSwiftJob);
        return;
    }
    realAsync(queue, context, work);
}

// Every sleeping task's job passes here (Swift 6.3 on Linux): recorded for the evidence, made due sooner
// under shortened sleeps (Sleeps.c), or queued on the schedule explorer's own clock (Schedules.c).
void dispatch_after_f(uint64_t when, DispatchQueue queue, void *context, DispatchFunction work) {
    if (!realAfter) realAfter = (AfterFunction)dlsym(RTLD_NEXT, "dispatch_after_f");
    if (flakecheckScheduleDelayedJob(when, context, work)) return;
    if (active && isSwiftJob(context, work)) {
        uint64_t nanoseconds = flakecheckNanosecondsUntil(when);
        pthread_mutex_lock(&lock);
        if (sleepCount < maximumSleeps) sleeps[sleepCount] = nanoseconds;
        sleepCount++;
        pthread_mutex_unlock(&lock);
        flakecheckWaitsNoteSleep(context);
    }
    realAfter(flakecheckShortenedSleep(when, work), queue, context, work);
}

static void writeEvidence(void) {
    pthread_mutex_lock(&lock);
    FILE *file = fopen(path, "w");
    if (file) {
        fprintf(file, "{\"yields\":%zu,\"sleeps\":%zu,\"sleepNanoseconds\":[", yields, sleepCount);
        for (size_t index = 0; index < sleepCount && index < maximumSleeps; index++) {
            fprintf(file, "%s%llu", index ? "," : "", (unsigned long long)sleeps[index]);
        }
        fprintf(file, "],\"unstructuredTasks\":%zu,\"harnessTasks\":%zu,\"mainActorJobs\":%zu,\"snapshotTaken\":%s,"
                "\"tasksStillRunning\":%zu", testTasks, harnessTasks, mainJobs, snapshotTaken ? "true" : "false", runningAtSnapshot);
        flakecheckWaitsWrite(file);
        fputs("}\n", file);
        fclose(file);
    }
    pthread_mutex_unlock(&lock);
}

__attribute__((constructor)) static void findOriginals(void) {
    // Resolved for every process that preloads the library, evidence or not, and again on first use by a
    // process that loads Dispatch or the concurrency runtime later.
    realAsync = (AsyncFunction)dlsym(RTLD_NEXT, "dispatch_async_f");
    realAfter = (AfterFunction)dlsym(RTLD_NEXT, "dispatch_after_f");
    realCreate = (CreateFunction)dlsym(RTLD_NEXT, "swift_task_create");
    realFwrite = (FwriteFunction)dlsym(RTLD_NEXT, "fwrite");
    realFputs = (FputsFunction)dlsym(RTLD_NEXT, "fputs");
}

int flakecheckStartEvidence(void) {
    path = getenv("FLAKECHECK_EVIDENCE_FILE");
    if (!path || !*path || !realAsync || !realAfter || !realCreate) return 0;
    EnqueueHook *global = (EnqueueHook *)dlsym(RTLD_DEFAULT, "swift_task_enqueueGlobal_hook");
    if (!global) return 0;
    atexit(writeEvidence);
    *global = onEnqueue;
    flakecheckWaitsStart();
    flakecheckTimersStart();
    active = 1;
    return 1;
}
#endif
