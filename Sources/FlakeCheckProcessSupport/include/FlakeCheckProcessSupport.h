#ifndef FLAKECHECK_PROCESS_SUPPORT_H
#define FLAKECHECK_PROCESS_SUPPORT_H

#include <sys/types.h>

/// Starts `path` (searched on PATH when it has no slash) with `argv` and `envp`, standard input from
/// /dev/null and standard output and error on `outputFD`, in a new process group (a new session when
/// `newSession`), with default signal dispositions and an empty mask, and, on Linux, a parent-death
/// signal (SIGKILL) set before exec: a test process dies with flakecheck even when flakecheck is killed
/// with SIGKILL. Returns the child's ID, or -1 with the reason in `*spawnErrno`.
pid_t flakecheck_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                       int outputFD, int newSession, int *spawnErrno);

/// Makes this process the reaper of its descendants' orphans (Linux's PR_SET_CHILD_SUBREAPER), so a
/// process a test starts in a session of its own comes back to flakecheck, which ends it, instead of to
/// init. Returns 0 on success, -1 where the system has no such thing.
int flakecheck_become_subreaper(void);

#endif
