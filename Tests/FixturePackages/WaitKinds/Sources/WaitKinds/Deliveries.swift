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

    /// Resumes `continuation` from a detached task once it has worked for 50 ms (it polls the clock and never
    /// sleeps): the package's own work, not a timer, resumes it.
    public static func afterWork(_ continuation: CheckedContinuation<Int, Never>) {
        Task.detached {
            let end = ContinuousClock.now + .milliseconds(50)
            var spins = 0
            while ContinuousClock.now < end { spins &+= 1 }
            continuation.resume(returning: spins > 0 ? 6 : 7)
        }
    }

    /// Resumes `continuation` from a Foundation `Timer` that fires 50 ms later, on a thread running its own
    /// run loop, made 50 ms after the thread starts: made at once, beside three busy loops it resumed the
    /// continuation before the test had suspended in 6 of 18 runs (labels.json, revision5).
    public static func fromFoundationTimer(_ continuation: CheckedContinuation<Int, Never>) {
        Thread.detachNewThread {
            usleep(50_000)
            let timer = Timer(timeInterval: 0.05, repeats: false) { _ in continuation.resume(returning: 8) }
            RunLoop.current.add(timer, forMode: .default)
            RunLoop.current.run(until: Date(timeIntervalSinceNow: 1))
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
