#ifndef FLAKECHECK_SLEEPS_H
#define FLAKECHECK_SLEEPS_H

#include <stdint.h>

/// Reads FLAKECHECK_SLEEP_SCALE: between 0 and 1, every Swift concurrency sleep (`Task.sleep`,
/// `Clock.sleep`) waits that share of what it asks; otherwise nothing changes.
void flakecheckStartSleepScaling(void);

/// The dispatch time a job of `work` handed to `dispatch_after_f` for `when` is due, shortened when
/// `work` is Swift concurrency's and sleeps are scaled; `when` itself otherwise.
uint64_t flakecheckShortenedSleep(uint64_t when, void (*work)(void *));

#endif
