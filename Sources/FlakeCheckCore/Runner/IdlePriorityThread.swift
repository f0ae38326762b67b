#if canImport(Glibc)
import Glibc
#endif

/// Runs a piece of work on a thread of its own at Linux's lowest scheduling class, `SCHED_IDLE`, and
/// waits for it. flakecheck reads and parses a test process's output while the process runs, and on a
/// machine with few cores each read takes a core at the moment the process prints, which is when its
/// parallel tests start: a busy reader kept the example's parallel tests apart and hid most of their race
/// (Documentation/Benchmarks.md, "What the event stream and the reader cost a race"). A thread at
/// `SCHED_IDLE` runs when nothing else wants the CPU, so the test's threads keep their cores; under full
/// load the kernel still gives it a small share, so deadlines and Ctrl-C hold, if a little later. The
/// thread never starts a process: a child would inherit the class and could not leave it unprivileged.
/// Elsewhere (macOS) the work runs on the caller's thread.
enum IdlePriorityThread {
    /// `body`'s result, computed on an idle-priority thread when `lowered`, else on the caller's.
    static func run<Result>(if lowered: Bool, _ body: () -> Result) -> Result {
        #if os(Linux)
        guard lowered else { return body() }
        var result: Result?
        let started = withoutActuallyEscaping(body) { body -> Bool in
            let work = Work { result = body() }
            let context = Unmanaged.passRetained(work).toOpaque()
            var thread = pthread_t()
            guard pthread_create(&thread, nil, { context in
                let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                var parameter = sched_param(sched_priority: 0)
                _ = sched_setscheduler(0, IdlePriorityThread.idleClass, &parameter)
                work.body()
                return nil
            }, context) == 0 else {
                Unmanaged<Work>.fromOpaque(context).release()
                return false
            }
            pthread_join(thread, nil)
            return true
        }
        // Without a thread (out of resources), the work still gets done, at normal priority.
        return started ? result! : body()
        #else
        return body()
        #endif
    }

    /// `SCHED_IDLE` in <linux/sched.h>; Glibc declares it only under `_GNU_SOURCE`.
    static let idleClass: Int32 = 5

    private final class Work: @unchecked Sendable {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }
}
