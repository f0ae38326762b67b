import Foundation
@testable import Checkout

/// Manual clock: sleepers stay suspended until `advance(by:)` passes their deadline.
final class TestClock: SleepClock, @unchecked Sendable {
    private struct Sleeper {
        let id: Int
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var now: Duration = .zero
    private var nextID = 0
    private var sleepers: [Sleeper] = []

    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        let id = lock.withLock { () -> Int in
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.withLock {
                    sleepers.append(Sleeper(id: id, deadline: now + duration, continuation: continuation))
                }
            }
        } onCancel: {
            let cancelled = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    func advance(by duration: Duration) async {
        let due = lock.withLock { () -> [Sleeper] in
            now += duration
            let due = sleepers.filter { $0.deadline <= now }
            sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due {
            sleeper.continuation.resume()
        }
        for _ in 0..<5 {
            await Task.yield()
        }
    }
}

/// Never waits; debounce collapses to "next turn of the executor".
struct ImmediateClock: SleepClock {
    func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
    }
}
