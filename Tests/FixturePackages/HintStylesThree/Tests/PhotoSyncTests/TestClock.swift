import Foundation
@testable import PhotoSync

/// Manually driven `Sleeper`. Sleeps park until `advance(by:)` moves time past
/// their deadline.
final class TestClock: Sleeper, @unchecked Sendable {
    private struct Waiter {
        let deadline: Duration
        let continuation: CheckedContinuation<Void, Error>
    }

    private let lock = NSLock()
    private var now: Duration = .zero
    private var waiters: [Waiter] = []

    func sleep(for duration: Duration) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            let fireNow = lock.withLock {
                if duration <= .zero { return true }
                waiters.append(Waiter(deadline: now + duration, continuation: continuation))
                return false
            }
            if fireNow { continuation.resume() }
        }
    }

    /// Moves time forward, giving pending tasks a chance to reach their
    /// `sleep` first and to run after they are woken.
    func advance(by duration: Duration) async {
        for _ in 0..<10 { await Task.yield() }
        let due = lock.withLock {
            now += duration
            let ready = waiters.filter { $0.deadline <= now }
            waiters.removeAll { $0.deadline <= now }
            return ready
        }
        due.forEach { $0.continuation.resume() }
        for _ in 0..<10 { await Task.yield() }
    }

    var pendingSleeps: Int {
        lock.withLock { waiters.count }
    }
}

/// Sleeper that never waits; for tests that don't care about timing.
struct ImmediateSleeper: Sleeper {
    func sleep(for duration: Duration) async throws {}
}
