#ifndef FLAKECHECK_SCHEDULER_HOOK_H
#define FLAKECHECK_SCHEDULER_HOOK_H

/// flakecheck's scheduler perturbation, loaded into test processes with LD_PRELOAD by `run --perturb`.
/// Its constructor reads FLAKECHECK_DELAY_PROBABILITY, FLAKECHECK_DELAY_MAX_US, FLAKECHECK_DELAY_SEED and
/// FLAKECHECK_DELAY_MODE
/// and, when the probability is above 0, installs a Swift concurrency enqueue hook that holds that share
/// of jobs for a random 1 to MAX microseconds before passing them on (in mode 3, that share of the blocks
/// the program hands to Dispatch queues of its own starts that late instead). Nothing here is called from
/// Swift.

/// How many jobs the hook has delayed so far in this process (for tests of the library itself).
unsigned long flakecheck_delayed_jobs(void);

/// How many blocks handed to the program's own Dispatch queues the slow-queues mode has started late so
/// far in this process (for tests of the library itself).
unsigned long flakecheck_delayed_blocks(void);

/// The delay mode FLAKECHECK_DELAY_MODE chose, by number (0 jobs, 1 tasks, 2 batches, 3 queues), or -1 when
/// this process delays nothing (for tests of the library itself).
int flakecheck_delay_mode(void);

#endif
