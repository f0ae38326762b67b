import Foundation

/// A clock that only moves when told to. Used in previews and tests.
public final class ManualClock: KitchenClock, @unchecked Sendable {
    private struct Sleeper {
        let deadline: Double
        let continuation: CheckedContinuation<Void, Error>
    }

    private let lock = NSLock()
    private var current: Double
    private var sleepers: [Sleeper] = []

    public init(start: Double = 0) {
        self.current = start
    }

    public var now: Double { lock.guarded { current } }

    public func sleep(until deadline: Double) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            let resumeNow: Bool = lock.guarded {
                if deadline <= current { return true }
                sleepers.append(Sleeper(deadline: deadline, continuation: continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Moves time forward, wakes every sleeper whose deadline has passed and lets
    /// the woken work run before returning.
    public func advance(by seconds: Double) async {
        let due: [Sleeper] = lock.guarded {
            current += seconds
            let ready = sleepers.filter { $0.deadline <= current }
            sleepers.removeAll { $0.deadline <= current }
            return ready
        }
        for sleeper in due.sorted(by: { $0.deadline < $1.deadline }) {
            sleeper.continuation.resume()
        }
        for _ in 0..<40 {
            await Task.yield()
        }
    }
}

/// A scheduler whose callbacks run only when `advance(by:)` is called.
public final class ManualScheduler: KitchenScheduler, @unchecked Sendable {
    private struct Job {
        let due: Double
        let sequence: Int
        let action: @Sendable () -> Void
    }

    private let lock = NSLock()
    private var now: Double = 0
    private var sequence = 0
    private var jobs: [Job] = []

    public init() {}

    public func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) {
        lock.guarded {
            sequence += 1
            jobs.append(Job(due: now + seconds, sequence: sequence, action: action))
        }
    }

    public func advance(by seconds: Double) {
        let target = lock.guarded { now + seconds }
        while true {
            let next: Job? = lock.guarded {
                let ordered = jobs.sorted { ($0.due, $0.sequence) < ($1.due, $1.sequence) }
                guard let first = ordered.first, first.due <= target else { return nil }
                jobs.removeAll { $0.sequence == first.sequence }
                now = first.due
                return first
            }
            guard let job = next else { break }
            job.action()
        }
        lock.guarded { now = target }
    }
}
