#ifndef FLAKECHECK_TIMERS_H
#define FLAKECHECK_TIMERS_H

/// Marks the threads that run a timer's callback, for the evidence (Timers.c): a block handed to
/// `dispatch_after` (`DispatchQueue.asyncAfter`) and a Foundation `Timer`'s callout run with the mark set,
/// so a continuation they resume is known as resumed by a timer.
void flakecheckTimersStart(void);
/// Whether this thread is running a timer's callback now.
int flakecheckInTimerCallback(void);

#endif
