import Foundation

/// The code under test: each way a result can reach a test that awaits it. Each resumes 50 ms later, so
/// the test has suspended on its wait by then even on a loaded 2-core machine (1 ms was not: a CI run saw a
/// resume before the wait, and the recorder rightly saw no wait).
public enum Deliveries {
    /// Resumes `continuation` from a detached task, 50 ms later.
    public static func fromATask(_ continuation: CheckedContinuation<Int, Never>) {
        Task.detached {
            try? await Task.sleep(nanoseconds: 50_000_000)
            continuation.resume(returning: 1)
        }
    }

    /// Resumes `continuation` from a Dispatch queue, outside Swift concurrency, 50 ms later.
    public static func fromDispatch(_ continuation: CheckedContinuation<Int, Never>) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { continuation.resume(returning: 2) }
    }

    /// Resumes `continuation` from a thread of its own, outside Swift concurrency and Dispatch, 50 ms later.
    public static func fromThread(_ continuation: CheckedContinuation<Int, Never>) {
        Thread.detachNewThread {
            usleep(50_000)
            continuation.resume(returning: 5)
        }
    }

    /// A value computed by a detached task that sleeps first, so the caller really waits for its end.
    public static func computed() -> Task<Int, Never> {
        Task.detached {
            try? await Task.sleep(nanoseconds: 50_000_000)
            return 3
        }
    }
}
