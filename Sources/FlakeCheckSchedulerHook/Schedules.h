#ifndef FLAKECHECK_SCHEDULES_H
#define FLAKECHECK_SCHEDULES_H

#include <stdbool.h>
#include <stdint.h>

/// With FLAKECHECK_SCHEDULE_DEPTH set, runs every job of the global executor on a scheduler of its own
/// (PCT, below) and returns true; otherwise changes nothing and returns false.
bool flakecheckStartSchedules(void);

/// Under schedule exploration, takes a sleeping task's job that Swift concurrency hands `dispatch_after_f`
/// (`work` its job function, `context` the job) into the scheduler, due at `when`, and returns true; it
/// would otherwise run on a Dispatch thread when due, outside the one-at-a-time order. False otherwise.
bool flakecheckScheduleDelayedJob(uint64_t when, void *context, void (*work)(void *));

/// How many jobs the scheduler ran, and how many priority changes it made (0 when it is off).
unsigned long flakecheck_scheduled_jobs(void);
unsigned long flakecheck_priority_changes(void);

#endif
