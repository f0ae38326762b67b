import Foundation
import CourierModel
import CourierServices

/// A manual clock for `DeliveryScheduler`: nothing runs until the test advances time.
final class TestScheduler: DeliveryScheduler {
    private struct Job {
        let id: Int
        let due: Date
        let action: @Sendable () async -> Void
    }

    private struct State {
        var now: Date
        var jobs: [Job] = []
        var nextID = 0
    }

    private let state: LockIsolated<State>

    init(now: Date = Fixtures.referenceDate) {
        self.state = LockIsolated(State(now: now))
    }

    var now: Date {
        state.withValue { $0.now }
    }

    var pendingJobCount: Int {
        state.withValue { $0.jobs.count }
    }

    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () async -> Void) {
        state.withValue { state in
            state.jobs.append(Job(id: state.nextID, due: state.now.addingTimeInterval(max(0, delay)), action: action))
            state.nextID += 1
        }
    }

    /// Moves time forward, running (and awaiting) every job that falls due, earliest first.
    func advance(by seconds: TimeInterval) async {
        let target = state.withValue { $0.now.addingTimeInterval(seconds) }
        while let job = takeNextJob(dueBy: target) {
            await job.action()
        }
        state.withValue { $0.now = target }
    }

    private func takeNextJob(dueBy target: Date) -> Job? {
        state.withValue { state -> Job? in
            let due = state.jobs.enumerated().filter { $0.element.due <= target }
            guard let next = due.min(by: { ($0.element.due, $0.element.id) < ($1.element.due, $1.element.id) }) else {
                return nil
            }
            state.jobs.remove(at: next.offset)
            state.now = next.element.due
            return next.element
        }
    }
}
