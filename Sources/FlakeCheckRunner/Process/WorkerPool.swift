import Foundation

/// Runs jobs on a fixed number of threads. Each worker asks the job source for the next job as soon as
/// it is free, so slow runs never hold back fast ones, and once cancelled no new job starts.
///
/// Threads rather than Swift tasks: every job blocks in `poll`/`waitpid` on a child process, which
/// would starve the cooperative pool.
package enum WorkerPool {
    /// Runs jobs from `next` until it returns nil (or the run is cancelled). `body` gets the job and the
    /// index of the worker running it (0 to workers - 1).
    package static func run<Job>(
        workers: Int, cancellation: CancellationFlag, next: @escaping @Sendable () -> Job?,
        _ body: @escaping @Sendable (Job, Int) -> Void
    ) {
        let group = DispatchGroup()
        for worker in 0..<max(1, workers) {
            group.enter()
            let thread = Thread {
                while !cancellation.isCancelled, let job = next() { body(job, worker) }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
    }
}
