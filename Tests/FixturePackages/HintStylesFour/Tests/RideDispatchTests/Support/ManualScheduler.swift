import Foundation
import RideDispatch

/// Virtual-time scheduler: sleepers only wake when `advance(by:)` moves time past their deadline.
final class ManualScheduler: Scheduler, @unchecked Sendable {
    private struct Sleeper {
        let deadline: Duration
        let continuation: CheckedContinuation<Void, Error>
    }

    private let guardLock = NSLock()
    private var now: Duration = .zero
    private var sleepers: [Sleeper] = []

    var pendingSleepers: Int {
        guardLock.criticalSection { sleepers.count }
    }

    func sleep(for duration: Duration) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            guardLock.criticalSection {
                sleepers.append(Sleeper(deadline: now + duration, continuation: continuation))
            }
        }
    }

    func advance(by duration: Duration) async {
        await drainExecutor()
        let due = guardLock.criticalSection {
            now += duration
            let ready = sleepers.filter { $0.deadline <= now }
            sleepers.removeAll { $0.deadline <= now }
            return ready
        }
        for sleeper in due {
            sleeper.continuation.resume()
        }
        await drainExecutor()
    }

    private func drainExecutor() async {
        for _ in 0..<25 { await Task.yield() }
    }
}
