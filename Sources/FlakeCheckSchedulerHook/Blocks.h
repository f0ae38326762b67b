#ifndef FLAKECHECK_BLOCKS_H
#define FLAKECHECK_BLOCKS_H

#include <stdint.h>

/// A block made by hand around a caller's block, after clang's block layout (isa, flags, reserved, invoke,
/// descriptor, captures), since the package is not built with -fblocks. Its captures are the caller's
/// block, copied (retained) with this one, and one number for `invoke` to read. Made on the stack: the
/// libdispatch function it is handed to copies it (and, through the descriptor, the caller's block)
/// before returning.
typedef struct WrappedBlock {
    void *isa;
    int flags, reserved;
    void (*invoke)(void *block);
    const void *descriptor;
    struct WrappedBlock *inner;  // the caller's block; only its `invoke` is read
    uint64_t payload;
} WrappedBlock;

/// Looks up the blocks runtime (`_NSConcreteStackBlock`, `_Block_copy`, `_Block_release`) in the process;
/// returns 0 when it is not there, and then nothing may be wrapped.
int flakecheckBlocksStart(void);

/// A block that runs `invoke(itself)`, which calls `flakecheckInvokeInner` to run `inner`.
WrappedBlock flakecheckWrappedBlock(void *inner, void (*invoke)(void *block), uint64_t payload);

/// Runs the caller's block inside `block` (a `WrappedBlock`).
void flakecheckInvokeInner(void *block);

#endif
