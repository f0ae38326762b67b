#ifndef FLAKECHECK_DISPATCH_TIME_H
#define FLAKECHECK_DISPATCH_TIME_H

#include <stdint.h>

/// Whether `when` is "never" or a wall-clock time: left to Dispatch as it is (Swift's sleeps use neither).
int flakecheckIsWallOrNever(uint64_t when);

/// How many nanoseconds from now until Dispatch time `when` (0 when it is due, "never" or wall-clock).
uint64_t flakecheckNanosecondsUntil(uint64_t when);

/// `when` brought `scale` of its way from now, on its own clock; `when` itself when it is due or "never".
uint64_t flakecheckScaledDispatchTime(uint64_t when, double scale);

/// Whether `work` is the function Swift concurrency hands Dispatch with each of its jobs (found once, by
/// the library it is loaded from): a `dispatch_after_f` with it is a sleeping task's job.
int flakecheckIsConcurrencyWork(void (*work)(void *));

#endif
