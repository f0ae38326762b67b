import Foundation
import MooringServices

/// A clock that only moves when the test says so.
final class ManualMarinaClock: MarinaClock, @unchecked Sendable {
    private struct Sleeper {
        let deadline: Duration
        let continuation: CheckedContinuation<Void, Error>
    }

    private let lock = NSLock()
    private var elapsed: Duration = .zero
    private var sleepers: [Sleeper] = []

    func sleep(for duration: Duration) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            lock.lock()
            sleepers.append(Sleeper(deadline: elapsed + duration, continuation: continuation))
            lock.unlock()
        }
    }

    /// Moves time forward, wakes every sleeper whose deadline has passed and lets them run.
    func advance(by duration: Duration) async {
        await Self.drainCooperativePool()
        lock.lock()
        elapsed += duration
        let now = elapsed
        let due = sleepers.filter { $0.deadline <= now }
        sleepers.removeAll { $0.deadline <= now }
        lock.unlock()
        for sleeper in due {
            sleeper.continuation.resume()
        }
        await Self.drainCooperativePool()
    }

    var pendingSleepers: Int {
        lock.lock()
        defer { lock.unlock() }
        return sleepers.count
    }

    private static func drainCooperativePool() async {
        for _ in 0..<20 {
            await Task.detached(priority: .background) { await Task.yield() }.value
        }
    }
}
