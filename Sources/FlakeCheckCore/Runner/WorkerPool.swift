import Foundation

/// Runs numbered jobs on a fixed number of threads. Each worker takes the next job number as soon as
/// it is free, so slow runs never hold back fast ones, and once cancelled no new job starts.
///
/// Threads rather than Swift tasks: every job blocks in `poll`/`waitpid` on a child process, which
/// would starve the cooperative pool.
public enum WorkerPool {
    public static func run(jobs: Int, workers: Int, cancellation: CancellationFlag,
                           _ body: @escaping @Sendable (Int) -> Void) {
        let counter = JobCounter()
        run(workers: min(workers, jobs), cancellation: cancellation, next: { counter.take(below: jobs) }, body)
    }

    /// Runs jobs from `next` until it returns nil (or the run is cancelled).
    public static func run<Job>(workers: Int, cancellation: CancellationFlag, next: @escaping @Sendable () -> Job?,
                                _ body: @escaping @Sendable (Job) -> Void) {
        let group = DispatchGroup()
        for _ in 0..<max(1, workers) {
            group.enter()
            let thread = Thread {
                while !cancellation.isCancelled, let job = next() { body(job) }
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        group.wait()
    }
}

private final class JobCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
