// Marks the threads that run a timer's callback, for the evidence (`run --evidence`): a continuation a
// timer resumes is a sleep dressed as a gate, whatever the code calls it (issue #54). Two timers run code
// outside Swift's jobs:
// - `DispatchQueue.asyncAfter`, which Swift's Dispatch overlay hands to libdispatch's `dispatch_after` as a
//   block; libdispatch makes a timer source of it itself, never through `dispatch_after_f` (which Evidence.c
//   already stands in front of for Swift's own sleeps). The block is wrapped in one that sets the mark
//   around it (Blocks.h), when the process has the blocks runtime.
// - Foundation's `Timer`, which CoreFoundation on Linux fires from a run loop (timerfd and epoll, no
//   Dispatch): `CFRunLoopTimerCreate` is given Foundation's callout, replaced here by one that sets the mark.
// Only evidence runs wrap anything; every other process passes straight through. A task that wakes from its
// own `Task.sleep` and then resumes a continuation is the third kind of timer, told in Waits.c.
#ifdef __linux__
#define _GNU_SOURCE
#include "Timers.h"
#include "Blocks.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

static int active, wrapsBlocks;
static __thread int inTimer;

int flakecheckInTimerCallback(void) { return inTimer; }

static void runMarked(void *block) {
    int outer = inTimer;
    inTimer = 1;
    flakecheckInvokeInner(block);
    inTimer = outer;
}

typedef void (*AfterFunction)(uint64_t when, void *queue, void *block);
static AfterFunction realAfter;

void dispatch_after(uint64_t when, void *queue, void *block) {
    if (!realAfter) realAfter = (AfterFunction)dlsym(RTLD_NEXT, "dispatch_after");
    if (!active || !wrapsBlocks || !block) {
        realAfter(when, queue, block);
        return;
    }
    // On the stack: libdispatch copies it (and with it the caller's block) before returning.
    WrappedBlock marked = flakecheckWrappedBlock(block, runMarked, 0);
    realAfter(when, queue, &marked);
}

typedef void (*TimerCallout)(void *timer, void *info);
typedef void *(*TimerCreateFunction)(void *allocator, double fireDate, double interval, unsigned long flags,
                                     long order, TimerCallout callout, void *context);
static TimerCreateFunction realTimerCreate;
static TimerCallout foundationCallout;  // Foundation's `Timer` passes one function for every timer

static void markedCallout(void *timer, void *info) {
    int outer = inTimer;
    inTimer = 1;
    foundationCallout(timer, info);
    inTimer = outer;
}

void *CFRunLoopTimerCreate(void *allocator, double fireDate, double interval, unsigned long flags, long order,
                           TimerCallout callout, void *context) {
    if (!realTimerCreate) realTimerCreate = (TimerCreateFunction)dlsym(RTLD_NEXT, "CFRunLoopTimerCreate");
    if (active && callout && (!foundationCallout || foundationCallout == callout)) {
        foundationCallout = callout;
        callout = markedCallout;
    }
    return realTimerCreate(allocator, fireDate, interval, flags, order, callout, context);
}

void flakecheckTimersStart(void) {
    wrapsBlocks = flakecheckBlocksStart();
    active = 1;
}
#endif
