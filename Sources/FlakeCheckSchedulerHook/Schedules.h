#ifndef FLAKECHECK_SCHEDULES_H
#define FLAKECHECK_SCHEDULES_H

#include <stdbool.h>

/// With FLAKECHECK_SCHEDULE_DEPTH set, runs every job of the global executor on a scheduler of its own
/// (PCT, below) and returns true; otherwise changes nothing and returns false.
bool flakecheckStartSchedules(void);

/// How many jobs the scheduler ran, and how many priority changes it made (0 when it is off).
unsigned long flakecheck_scheduled_jobs(void);
unsigned long flakecheck_priority_changes(void);

#endif
