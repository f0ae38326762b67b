// Shortened sleeps: every Swift concurrency sleep waits a share of what it asks.
//
// A test that waits a guessed time for other work (`try await Task.sleep(for: .milliseconds(10))`, then
// checks) passes as long as the guess is long enough, which on an idle machine it nearly always is, so its
// race can take hundreds of runs to show. With its sleep a hundredth as long, the guess is wrong in most runs.
// A test that waits for the work itself (a continuation, an awaited task, an injected clock) does not
// care how long a sleep lasts. What also fails: a test that bounds real work with a sleep as a timeout, or
// checks how long a sleep took, since both depend on a sleep's length; the report names the condition.
//
// Swift 6.3 on Linux hands a sleeping task's job straight to `dispatch_after_f` (its global executor is
// Dispatch's; the runtime's delay and deadline hooks never see it), which this library stands in front of
// (Evidence.c): a job whose function is Swift concurrency's is made due sooner, on the same clock. Not
// reached: a sleep with a tolerance, which Swift hands to a Dispatch timer source instead.
#include "Sleeps.h"

#ifndef __linux__
void flakecheckStartSleepScaling(void) {}
uint64_t flakecheckShortenedSleep(uint64_t when, void (*work)(void *)) { (void)work; return when; }
#else
#include "DispatchTime.h"
#include "Environment.h"

static double scale = 1;

void flakecheckStartSleepScaling(void) {
    double wanted = flakecheckEnvironmentNumber("FLAKECHECK_SLEEP_SCALE", 1);
    if (wanted > 0 && wanted < 1) scale = wanted;
}

uint64_t flakecheckShortenedSleep(uint64_t when, void (*work)(void *)) {
    if (!(scale < 1) || !flakecheckIsConcurrencyWork(work)) return when;
    return flakecheckScaledDispatchTime(when, scale);
}
#endif
