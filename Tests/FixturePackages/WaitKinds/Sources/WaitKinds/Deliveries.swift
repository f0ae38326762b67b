import Foundation

/// The code under test: each way a result can reach a test that awaits it.
public enum Deliveries {
    /// Resumes `continuation` from a detached task, a millisecond later.
    public static func fromATask(_ continuation: CheckedContinuation<Int, Never>) {
        Task.detached {
            try? await Task.sleep(nanoseconds: 1_000_000)
            continuation.resume(returning: 1)
        }
    }

    /// Resumes `continuation` from a Dispatch queue, outside Swift concurrency, a millisecond later.
    public static func fromDispatch(_ continuation: CheckedContinuation<Int, Never>) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(1)) { continuation.resume(returning: 2) }
    }

    /// Resumes `continuation` from a thread of its own, outside Swift concurrency and Dispatch, a millisecond later.
    public static func fromThread(_ continuation: CheckedContinuation<Int, Never>) {
        Thread.detachNewThread {
            usleep(1_000)
            continuation.resume(returning: 5)
        }
    }

    /// A value computed by a detached task that sleeps first, so the caller really waits for its end.
    public static func computed() -> Task<Int, Never> {
        Task.detached {
            try? await Task.sleep(nanoseconds: 2_000_000)
            return 3
        }
    }
}
