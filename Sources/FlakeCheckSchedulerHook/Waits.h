#ifndef FLAKECHECK_WAITS_H
#define FLAKECHECK_WAITS_H

#include <stdio.h>

/// What the test's own task waited on, in order, for the evidence (Waits.c). Evidence.c starts it with the
/// evidence, takes its snapshot on the thread that prints the first failure or result, and tells it the
/// tasks the test libraries started, the yields, the sleeps and the jobs enqueued; Timers.c says when a
/// timer's callback runs.
void flakecheckWaitsStart(void);
void flakecheckWaitsSnapshot(int failedCheck);
/// Around `swift_task_create` of a task the test libraries start: the new task may run, yield and fail on
/// another thread before its creator returns, so its waits wait for it to be noted.
void flakecheckWaitsBeginHarnessTask(void);
/// `creator`: the task current when it was made; `testBody`: XCTest made it to run the test method.
void flakecheckWaitsEndHarnessTask(void *task, const void *creator, int testBody);
/// Any task just made: what was known of an earlier task or job at its address is forgotten.
void flakecheckWaitsNoteTaskCreated(const void *task);
void flakecheckWaitsNoteYield(void);
/// `job`: the sleep's delayed job, which wakes the task when it runs.
void flakecheckWaitsNoteSleep(const void *job);
/// Runs a yield's nullary-continuation job, so that the wake it makes is known as the yield's own.
void flakecheckWaitsRunYield(void (*work)(void *), void *context);
/// Runs any other Swift job Swift's executor hands Dispatch, noting it as this thread's running job: a task
/// enqueued while another task's job runs here but that task is no longer current was woken by its end.
void flakecheckWaitsRunJob(void (*work)(void *), void *job, unsigned kind);
void flakecheckWaitsNoteEnqueue(const void *job, unsigned kind);
/// Appends `,"waits":[…]` to the evidence object being written: the test's own task's waits up to its first
/// failed check, or in a run without one up to its result; nothing when its task is not known, or when more
/// waits were made than the recorder keeps.
void flakecheckWaitsWrite(FILE *file);

#endif
