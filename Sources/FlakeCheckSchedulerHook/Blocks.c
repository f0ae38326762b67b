// Blocks made by hand around a caller's block (Blocks.h), for the libdispatch functions this library
// stands in front of: `dispatch_after` (Timers.c) and `dispatch_async` (Queues.c).
#include "Blocks.h"

#ifdef __linux__
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

typedef struct {
    unsigned long reserved, size;
    void (*copy)(void *destination, const void *source);
    void (*dispose)(const void *block);
} BlockDescriptor;

enum { blockHasCopyDispose = 1 << 25 };

// Looked up at run time: a data symbol left undefined would keep the library from loading into a process
// without the blocks runtime.
static void *stackBlockClass;
static void *(*blockCopy)(const void *);
static void (*blockRelease)(const void *);

// `_Block_copy` has already copied the whole layout (payload included) when it calls this.
static void copyInner(void *destination, const void *source) {
    ((WrappedBlock *)destination)->inner = blockCopy(((const WrappedBlock *)source)->inner);
}

static void releaseInner(const void *block) { blockRelease(((const WrappedBlock *)block)->inner); }

static const BlockDescriptor wrappedDescriptor = { 0, sizeof(WrappedBlock), copyInner, releaseInner };

int flakecheckBlocksStart(void) {
    stackBlockClass = dlsym(RTLD_DEFAULT, "_NSConcreteStackBlock");
    blockCopy = (void *(*)(const void *))dlsym(RTLD_DEFAULT, "_Block_copy");
    blockRelease = (void (*)(const void *))dlsym(RTLD_DEFAULT, "_Block_release");
    return stackBlockClass && blockCopy && blockRelease;
}

WrappedBlock flakecheckWrappedBlock(void *inner, void (*invoke)(void *block), uint64_t payload) {
    return (WrappedBlock){ stackBlockClass, blockHasCopyDispose, 0, invoke, &wrappedDescriptor, inner, payload };
}

void flakecheckInvokeInner(void *block) {
    WrappedBlock *inner = ((WrappedBlock *)block)->inner;
    inner->invoke(inner);
}
#endif
