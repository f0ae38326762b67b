import Foundation
import PawServices

/// A scheduler whose clock only moves when a test calls `advance(by:)`.
/// Due actions run synchronously, in due-date order, on the caller's thread.
final class ManualClinicScheduler: ClinicScheduler, @unchecked Sendable {
    private struct Job {
        let token: ScheduledWorkToken
        let due: Date
        let sequence: Int
        let action: @Sendable () -> Void
    }

    private struct State {
        var now: Date
        var jobs: [Job] = []
        var nextSequence = 0
    }

    private let state: Locked<State>

    init(start: Date) {
        state = Locked(State(now: start))
    }

    var now: Date {
        state.withLock { $0.now }
    }

    var scheduledCount: Int {
        state.withLock { $0.jobs.count }
    }

    @discardableResult
    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledWorkToken {
        let token = ScheduledWorkToken()
        state.withLock { state in
            state.jobs.append(Job(token: token, due: state.now.addingTimeInterval(max(0, delay)), sequence: state.nextSequence, action: action))
            state.nextSequence += 1
        }
        return token
    }

    func cancel(_ token: ScheduledWorkToken) {
        state.withLock { $0.jobs.removeAll { $0.token == token } }
    }

    func advance(by interval: TimeInterval) {
        let target = now.addingTimeInterval(interval)
        while let job = popJob(dueBy: target) {
            job.action()
        }
        state.withLock { $0.now = target }
    }

    func advance(days: Double) {
        advance(by: days * 86_400)
    }

    private func popJob(dueBy target: Date) -> Job? {
        state.withLock { state -> Job? in
            guard let index = state.jobs.indices
                .filter({ state.jobs[$0].due <= target })
                .min(by: { (state.jobs[$0].due, state.jobs[$0].sequence) < (state.jobs[$1].due, state.jobs[$1].sequence) })
            else { return nil }
            let job = state.jobs.remove(at: index)
            state.now = max(state.now, job.due)
            return job
        }
    }
}
