#ifndef FLAKECHECK_QUEUES_H
#define FLAKECHECK_QUEUES_H

#include <stdint.h>

/// Starts the slow-queues delay mode (Queues.c): from now on, a `probability` share of the blocks the
/// program hands to Dispatch queues of its own start 1 µs to `maximumNanoseconds` late, drawn from `seed`.
/// Returns 0 when the process lacks the blocks runtime, and then nothing is delayed.
int flakecheckStartQueueDelays(double probability, uint64_t maximumNanoseconds, uint64_t seed);

#endif
