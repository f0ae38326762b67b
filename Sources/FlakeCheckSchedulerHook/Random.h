#ifndef FLAKECHECK_RANDOM_H
#define FLAKECHECK_RANDOM_H

#include <stddef.h>
#include <stdint.h>

/// SplitMix64's step: its state grows by this each draw.
#define FLAKECHECK_SPLITMIX_GAMMA 0x9E3779B97F4A7C15u

/// SplitMix64's finaliser: the same numbers for the same seed on every platform, so a run's seed means
/// the same delays wherever it is replayed.
static inline uint64_t flakecheckMix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/// A slot of a 4,096-slot table for an address (a job's, a task's): Fibonacci hashing of the address without
/// its alignment bits, the top 12 bits of the product.
static inline size_t flakecheckAddressSlot(const void *address) {
    return (size_t)(((uintptr_t)address >> 4) * FLAKECHECK_SPLITMIX_GAMMA >> 52);
}

#endif
