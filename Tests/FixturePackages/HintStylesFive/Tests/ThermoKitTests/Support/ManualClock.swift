import Foundation

/// A clock whose time only moves when a test calls `advance(by:)`.
final class ManualClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Swift.Duration

        func advanced(by duration: Swift.Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        func duration(to other: Instant) -> Swift.Duration {
            other.offset - offset
        }

        static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var nextID: UInt64 = 0

    var now: Instant {
        lock.lock(); defer { lock.unlock() }
        return current
    }

    var minimumResolution: Swift.Duration { .zero }

    var pendingSleepers: Int {
        lock.lock(); defer { lock.unlock() }
        return sleepers.count
    }

    func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
        let id = makeSleeperID()

        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                lock.lock()
                if Task.isCancelled {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                    return
                }
                if deadline <= current {
                    lock.unlock()
                    continuation.resume()
                    return
                }
                sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                lock.unlock()
            }
        } onCancel: {
            lock.lock()
            let index = sleepers.firstIndex { $0.id == id }
            let cancelled = index.map { sleepers.remove(at: $0) }
            lock.unlock()
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and resumes every sleeper whose deadline passed,
    /// giving the woken work a chance to run before returning.
    func advance(by duration: Swift.Duration) async {
        await drain()
        let due = moveTime(by: duration)
        for sleeper in due {
            sleeper.continuation.resume()
        }
        await drain()
    }

    private func makeSleeperID() -> UInt64 {
        lock.lock(); defer { lock.unlock() }
        nextID += 1
        return nextID
    }

    private func moveTime(by duration: Swift.Duration) -> [Sleeper] {
        lock.lock(); defer { lock.unlock() }
        current = current.advanced(by: duration)
        let now = current
        let due = sleepers.filter { $0.deadline <= now }
        sleepers.removeAll { $0.deadline <= now }
        return due
    }

    private func drain() async {
        for _ in 0..<25 {
            await Task.yield()
        }
    }
}
