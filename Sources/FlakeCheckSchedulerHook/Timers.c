// Marks the threads that run a timer's callback, for the evidence (`run --evidence`): a continuation a
// timer resumes is a sleep dressed as a gate, whatever the code calls it (issue #54). Two timers run code
// outside Swift's jobs:
// - `DispatchQueue.asyncAfter`, which Swift's Dispatch overlay hands to libdispatch's `dispatch_after` as a
//   block; libdispatch makes a timer source of it itself, never through `dispatch_after_f` (which Evidence.c
//   already stands in front of for Swift's own sleeps). The block is wrapped in one that sets the mark
//   around it, made by hand after clang's block layout (isa, flags, reserved, invoke, descriptor, captures)
//   since the package is not built with -fblocks; libdispatch copies it, which copies the caller's block.
// - Foundation's `Timer`, which CoreFoundation on Linux fires from a run loop (timerfd and epoll, no
//   Dispatch): `CFRunLoopTimerCreate` is given Foundation's callout, replaced here by one that sets the mark.
// Only evidence runs wrap anything; every other process passes straight through. A task that wakes from its
// own `Task.sleep` and then resumes a continuation is the third kind of timer, told in Waits.c.
#ifdef __linux__
#define _GNU_SOURCE
#include "Timers.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

static int active;
static __thread int inTimer;

int flakecheckInTimerCallback(void) { return inTimer; }

typedef struct {
    unsigned long reserved, size;
    void (*copy)(void *destination, const void *source);
    void (*dispose)(const void *block);
} BlockDescriptor;

typedef struct BlockLayout {
    void *isa;
    int flags, reserved;
    void (*invoke)(void *block);
    const BlockDescriptor *descriptor;
    struct BlockLayout *inner;  // the caller's block, copied (retained) with this one
} BlockLayout;

enum { blockHasCopyDispose = 1 << 25 };

// Looked up at run time: a data symbol left undefined would keep the library from loading into a process
// without the blocks runtime.
static void *stackBlockClass;
static void *(*blockCopy)(const void *);
static void (*blockRelease)(const void *);

static void runMarked(void *block) {
    BlockLayout *inner = ((BlockLayout *)block)->inner;
    int outer = inTimer;
    inTimer = 1;
    inner->invoke(inner);
    inTimer = outer;
}

static void copyInner(void *destination, const void *source) {
    ((BlockLayout *)destination)->inner = blockCopy(((const BlockLayout *)source)->inner);
}

static void releaseInner(const void *block) { blockRelease(((const BlockLayout *)block)->inner); }

static const BlockDescriptor markedDescriptor = { 0, sizeof(BlockLayout), copyInner, releaseInner };

typedef void (*AfterFunction)(uint64_t when, void *queue, void *block);
static AfterFunction realAfter;

void dispatch_after(uint64_t when, void *queue, void *block) {
    if (!realAfter) realAfter = (AfterFunction)dlsym(RTLD_NEXT, "dispatch_after");
    if (!active || !block || !blockCopy) {
        realAfter(when, queue, block);
        return;
    }
    // On the stack: libdispatch copies it (and through `copyInner` the caller's block) before returning.
    BlockLayout marked = { stackBlockClass, blockHasCopyDispose, 0, runMarked, &markedDescriptor, block };
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
    stackBlockClass = dlsym(RTLD_DEFAULT, "_NSConcreteStackBlock");
    blockCopy = (void *(*)(const void *))dlsym(RTLD_DEFAULT, "_Block_copy");
    blockRelease = (void (*)(const void *))dlsym(RTLD_DEFAULT, "_Block_release");
    if (!stackBlockClass || !blockRelease) blockCopy = NULL;
    active = 1;
}
#endif
