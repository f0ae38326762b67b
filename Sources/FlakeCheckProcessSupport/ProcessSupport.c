#define _GNU_SOURCE
#include "FlakeCheckProcessSupport.h"

#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#ifdef __linux__
/// Tells the parent why the child could not exec, and ends the child.
static void fail(int report) {
    int reason = errno;
    ssize_t written;
    do { written = write(report, &reason, sizeof reason); } while (written < 0 && errno == EINTR);
    _exit(127);
}

pid_t flakecheck_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                       int outputFD, int newSession, int *spawnErrno) {
    // Exec's failure comes back on this pipe; a successful exec closes it (close-on-exec).
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        *spawnErrno = errno;
        return -1;
    }
    pid_t parent = getpid();
    // No handler of flakecheck's may run in the child between fork and the reset below.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pid_t pid = fork();
    if (pid == 0) {
        // Only async-signal-safe calls from here to exec.
        close(report[0]);
        struct sigaction standard;
        memset(&standard, 0, sizeof standard);
        standard.sa_handler = SIG_DFL;
        for (int number = 1; number < NSIG; number++) sigaction(number, &standard, NULL);
        if (newSession ? setsid() < 0 : setpgid(0, 0) != 0) fail(report[1]);
        if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) fail(report[1]);
        // flakecheck died before the line above: nobody would ever end this process.
        if (getppid() != parent) _exit(127);
        int input = open("/dev/null", O_RDONLY);
        if (input < 0 || dup2(input, 0) < 0) fail(report[1]);
        if (input != 0) close(input);
        if (dup2(outputFD, 1) < 0 || dup2(outputFD, 2) < 0) fail(report[1]);
        if (directory != NULL && chdir(directory) != 0) fail(report[1]);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        if (strchr(path, '/') != NULL) {
            execve(path, argv, envp);
        } else {
            execvpe(path, argv, envp);
        }
        fail(report[1]);
    }
    int forkErrno = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    if (pid < 0) {
        close(report[0]);
        *spawnErrno = forkErrno;
        return -1;
    }
    int reason = 0;
    ssize_t count;
    do { count = read(report[0], &reason, sizeof reason); } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count == (ssize_t)sizeof reason) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        *spawnErrno = reason;
        return -1;
    }
    return pid;
}

#else
/// Elsewhere (macOS) the launcher spawns with posix_spawn; there is no parent-death signal to set.
pid_t flakecheck_spawn(const char *path, char *const argv[], char *const envp[], const char *directory,
                       int outputFD, int newSession, int *spawnErrno) {
    *spawnErrno = ENOSYS;
    return -1;
}
#endif

int flakecheck_become_subreaper(void) {
#ifdef __linux__
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#else
    return -1;
#endif
}
