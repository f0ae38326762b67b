// Records, for the evidence (`run --evidence`), what the test's own task waited on before its first failed
// check was printed, in order: a `Task.yield()`, a sleep, or a wake from elsewhere: another task resumed it
// (a continuation, a stream's element); a task it awaited ended (a task's value, a group child), whose waiter
// Swift 6.3 on Linux enqueues after the ended task stops being current but while its job still runs on that
// thread; or it was resumed from outside Swift's jobs (a thread or Dispatch callback resuming a
// continuation). Evidence.c runs every Swift job it hands Dispatch through `flakecheckWaitsRunJob`, which
// notes the job on its thread: that tells the second from the third, and a task's own hop (it enqueues
// itself once no longer current, from its own job: a main-actor task leaving the main actor) from both; a
// hop is no wait and is not kept.
//
// A wake of a task onto the global executor passes the runtime's global enqueue hook as the task itself (job kind
// 0), on the thread of whoever woke it; `swift_task_getCurrent()` there says who: another task, or none. A
// main-actor test is woken that way too, and hops to the main actor afterwards (WaitKinds' main-actor tests, in
// Swift Testing, and XCTest twins tried on a copy, show their twins' waits); a wake straight into an actor's own
// queue would not pass the hook, and was not tried. A yield hands the runtime a nullary-continuation job, whose run
// wakes the task (Evidence.c runs it through `flakecheckWaitsRunYield`, so its wake is known as the yield's own),
// and a sleep hands it a delayed job,
// which wakes the task as the current "task". A yield or sleep that ends before its task suspends wakes nothing:
// counting its wake to come would take the next real one for it. A task's first enqueue is made inside
// `swift_task_create`, before it is noted here. Waits are kept per task the test libraries started (XCTest's task
// for an async test, Swift Testing's tasks for its runner, tests and cases), each checked alive through a weak
// reference, since a freed task's address is soon another's. The test's own task is the one that printed its first
// failed check: Swift Testing and XCTest print a check's failure in the task that made it. In a run without a
// failure the waits go up to its result line, printed once the test's task has ended: by the task that made it
// (Swift Testing; the newest task it made is the test's), or by XCTest's main thread, whose test task is the one
// XCTest started from the test's own code (Evidence.c reads the creation's stack). (Before 2026-11-28 a passed
// run kept no waits: the last task to end was another's for most of the HintStyles fixture's passing tests.)
//
// What woke a task tells a timer from the package's work (issue #54): a task enqueued while a timer's callback
// runs (`asyncAfter`, a Foundation `Timer`; Timers.c), or by a task whose latest wake was its own sleep, was
// resumed by a timer ("resumedByTimer"), whatever the code calls the wait.
#ifdef __linux__
#define _GNU_SOURCE
#include "Waits.h"
#include "Random.h"
#include "Timers.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

enum { maximumTasks = 512, maximumWaits = 4096, taskJobKind = 0 };

typedef struct { uintptr_t bits; } WeakReference;
extern WeakReference *swift_weakInit(WeakReference *reference, void *object);
extern void *swift_weakLoadStrong(WeakReference *reference);
extern void swift_release(void *object);
extern void *swift_task_getCurrent(void);

typedef struct {
    const void *task;
    WeakReference reference;
    const void *sleepJob;  // the delayed job of its last sleep, whose run wakes it
    const void *creator;   // the task current when it was made (Swift Testing: the test's, for a case's)
    int testBody;          // XCTest made it to run the test method itself (Evidence.c)
} HarnessTask;

// Which tasks' latest wake was their own sleep, for any task: a task that sleeps and then resumes a
// continuation is a timer. A sleep's delayed job is kept with the task it will wake until that wake (the job is
// current while it wakes its task); a task is kept as slept-awake until anything else wakes it. Open
// addressing by address, a tombstone for a removed key; a full table stops recording new entries.
enum { tableSlots = 4096 };
static const void *const removed = (const void *)1;
static const void *sleepJobs[tableSlots];
static const void *sleptAwake[tableSlots];

static size_t slotOf(const void *key) { return flakecheckAddressSlot(key) % tableSlots; }

static long find(const void **table, const void *key) {
    for (size_t slot = slotOf(key), probes = 0; probes < tableSlots && table[slot]; slot = (slot + 1) % tableSlots, probes++) {
        if (table[slot] == key) return (long)slot;
    }
    return -1;
}

static void insert(const void **table, const void *key) {
    if (find(table, key) >= 0) return;
    for (size_t slot = slotOf(key), probes = 0; probes < tableSlots; slot = (slot + 1) % tableSlots, probes++) {
        if (!table[slot] || table[slot] == removed) {
            table[slot] = key;
            return;
        }
    }
}

static void erase(const void **table, const void *key) {
    long slot = find(table, key);
    if (slot >= 0) table[slot] = removed;
}

typedef struct {
    size_t task;  // index into tasks
    const char *name;
} Wait;

// Recursive: it is held across the creation of a task the test libraries start, which enqueues that task
// on the creating thread, so that the new task's waits (it may yield, and even fail, before its creator
// returns) wait for it to be noted. (Keeping them by address meanwhile instead lost some in WaitKinds
// sessions: Documentation/Benchmarks.md, "Measurements behind the code".) The runtime takes locks of its own
// inside the creation (a group child's parent's status lock, which a cancellation holds while it resumes
// tasks): a test library cancelling a task while adding a
// child to it could then wait on this lock forever. Only evidence runs record, one test each, and such a
// run ends at its timeout and is left out of the evidence.
static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static int recording;
static HarnessTask tasks[maximumTasks];
static size_t taskCount;
static Wait waits[maximumWaits];
static size_t waitCount;
static __thread int inYieldJob;  // this thread is running a yield's job
static __thread const void *runningJob;  // the Swift job this thread is running, through flakecheckWaitsRunJob
static __thread unsigned runningJobKind;
static long snapshotTask = -1;  // the index of the test's own task, -1 for none

// The live harness task at `task`, as an index; -1 for none (or one that has been freed).
static long harnessTask(const void *task) {
    if (!task) return -1;
    for (size_t index = taskCount; index > 0; index--) {
        if (tasks[index - 1].task != task) continue;
        void *alive = swift_weakLoadStrong(&tasks[index - 1].reference);
        if (!alive) return -1;
        swift_release(alive);
        return (long)index - 1;
    }
    return -1;
}

// A list that overflowed is not written at all: its tail would be missing.
static void append(long task, const char *name) {
    if (waitCount < maximumWaits) waits[waitCount] = (Wait){ (size_t)task, name };
    waitCount++;
}

void flakecheckWaitsStart(void) { recording = 1; }

// The test's own task when its result is printed without a failure before it, by index (it has ended and
// may be freed): Swift Testing prints a test's result from the task that ran it, whose newest child ran
// the test's body (the last case, for a parameterized test); XCTest prints from the main thread with no
// task current, and the task it made to run the test method is marked (Evidence.c). -1 for neither.
static long testTaskAtResult(const void *current) {
    for (size_t index = taskCount; index > 0; index--) {
        if (current ? tasks[index - 1].creator == current : tasks[index - 1].testBody) return (long)index - 1;
    }
    return -1;
}

void flakecheckWaitsSnapshot(int failedCheck) {
    const void *current = swift_task_getCurrent();
    pthread_mutex_lock(&lock);
    if (recording) {
        snapshotTask = failedCheck ? harnessTask(current) : testTaskAtResult(current);
        recording = 0;
    }
    pthread_mutex_unlock(&lock);
}

void flakecheckWaitsBeginHarnessTask(void) { pthread_mutex_lock(&lock); }

void flakecheckWaitsEndHarnessTask(void *task, const void *creator, int testBody) {
    if (recording && taskCount < maximumTasks) {
        tasks[taskCount].task = task;
        tasks[taskCount].sleepJob = NULL;
        tasks[taskCount].creator = creator;
        tasks[taskCount].testBody = testBody;
        swift_weakInit(&tasks[taskCount].reference, task);
        taskCount++;
    }
    pthread_mutex_unlock(&lock);
}

void flakecheckWaitsNoteTaskCreated(const void *task) {
    if (!recording) return;
    pthread_mutex_lock(&lock);
    // A new task at the address of a freed task or job starts with nothing known.
    erase(sleepJobs, task);
    erase(sleptAwake, task);
    pthread_mutex_unlock(&lock);
}

// A yield or a sleep is made by the waiting task itself, on its own thread.
static void noteOwnWait(const char *name, const void *sleepJob) {
    if (!recording) return;
    const void *current = swift_task_getCurrent();
    pthread_mutex_lock(&lock);
    long task = recording ? harnessTask(current) : -1;
    if (task >= 0) {
        append(task, name);
        if (sleepJob) tasks[task].sleepJob = sleepJob;
    }
    pthread_mutex_unlock(&lock);
}

void flakecheckWaitsNoteYield(void) { noteOwnWait("yield", NULL); }

void flakecheckWaitsNoteSleep(const void *job) {
    if (recording) {
        pthread_mutex_lock(&lock);
        insert(sleepJobs, job);
        pthread_mutex_unlock(&lock);
    }
    noteOwnWait("sleep", job);
}

void flakecheckWaitsRunYield(void (*work)(void *), void *context) {
    inYieldJob = 1;
    work(context);
    inYieldJob = 0;
}

void flakecheckWaitsRunJob(void (*work)(void *), void *job, unsigned kind) {
    const void *outer = runningJob;
    unsigned outerKind = runningJobKind;
    runningJob = job;
    runningJobKind = kind;
    work(job);
    runningJob = outer;
    runningJobKind = outerKind;
}

// Who woke a task that another thread's code enqueued, when no task is current there.
static const char *wakeWithoutCurrentTask(void) {
    return runningJob && runningJobKind == taskJobKind ? "taskEnded" : "resumedOutside";
}

void flakecheckWaitsNoteEnqueue(const void *job, unsigned kind) {
    if (!recording || kind != taskJobKind || inYieldJob) return;
    const void *current = swift_task_getCurrent();
    if (current == job) return;  // an enqueue it makes of itself while still current
    if (!current && runningJob == job) return;  // its own hop, from its own job, once no longer current
    pthread_mutex_lock(&lock);
    // The job its sleep handed Dispatch is current while it wakes it: from now until another wake, a
    // continuation it resumes is resumed by a timer.
    long sleep = current ? find(sleepJobs, current) : -1;
    if (sleep >= 0) {
        sleepJobs[sleep] = removed;
        insert(sleptAwake, job);
    } else {
        erase(sleptAwake, job);
    }
    long task = recording ? harnessTask(job) : -1;
    if (task >= 0) {
        if (current && current == tasks[task].sleepJob) {
            tasks[task].sleepJob = NULL;
        } else if (current) {
            append(task, find(sleptAwake, current) >= 0 ? "resumedByTimer" : "resumedByTask");
        } else {
            append(task, flakecheckInTimerCallback() ? "resumedByTimer" : wakeWithoutCurrentTask());
        }
    }
    pthread_mutex_unlock(&lock);
}

// At exit. After the snapshot nothing is appended any more, so the list is read without the lock (which
// a task's creation may be holding while it waits for the caller's).
void flakecheckWaitsWrite(FILE *file) {
    if (snapshotTask < 0 || waitCount > maximumWaits) return;
    fputs(",\"waits\":[", file);
    int first = 1;
    for (size_t index = 0; index < waitCount; index++) {
        if ((long)waits[index].task != snapshotTask) continue;
        fprintf(file, "%s\"%s\"", first ? "" : ",", waits[index].name);
        first = 0;
    }
    fputs("]", file);
}
#endif
