import Foundation

/// Runs numbered jobs on a fixed number of threads. Each worker takes the next job number as soon as
/// it is free, so slow runs never hold back fast ones, and once cancelled no new job starts.
///
/// Threads rather than Swift tasks: every job blocks in `poll`/`waitpid` on a child process, which
/// would starve the cooperative pool.
public enum WorkerPool {
    public static func run(jobs: Int, workers: Int, cancellation: CancellationFlag,
                           _ body: @escaping @Sendable (Int) -> Void) {
        let next = JobCounter()
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, jobs)) {
            group.enter()
            let thread = Thread {
                while !cancellation.isCancelled, let job = next.take(below: jobs) { body(job) }
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
