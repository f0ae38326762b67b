
#if canImport(Glibc)
    import Glibc
#endif

/// Starts a detached thread at Linux's lowest scheduling class, `SCHED_IDLE`, which runs only when no
/// other thread wants its CPU (`IdleOutputReader` reads test output on one). It must never start a
/// process: a child would inherit the class and could not leave it unprivileged. If the kernel refuses the
/// class the thread runs at normal priority; elsewhere (macOS) no thread is started.
package enum IdlePriorityThread {
    /// `SCHED_IDLE` in <linux/sched.h>; Glibc declares it only under `_GNU_SOURCE`.
    package static let idleClass: Int32 = 5

    /// Whether a thread running `body` was started.
    package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        #if os(Linux)
            let context = Unmanaged.passRetained(Work(body)).toOpaque()
            var thread = pthread_t()
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            // As the workers' threads: the parsers it runs were written for that stack, not for `ulimit -s`.
            pthread_attr_setstacksize(&attributes, 8 << 20)
            pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
            let started =
                pthread_create(
                    &thread, &attributes,
                    { context in
                        let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
                        var parameter = sched_param(sched_priority: 0)
                        _ = sched_setscheduler(0, IdlePriorityThread.idleClass, &parameter)
                        work.body()
                        return nil
                    }, context) == 0
            if !started { Unmanaged<Work>.fromOpaque(context).release() }
            return started
        #else
            return false
        #endif
    }

    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
