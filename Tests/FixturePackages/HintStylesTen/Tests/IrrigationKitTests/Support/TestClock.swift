import Foundation
import IrrigationCore

/// A `DripClock` that only moves when a test tells it to.
///
/// `advance(by:)` runs every job whose deadline falls inside the advanced
/// span, in deadline order, and awaits each one before returning.
final class TestClock: DripClock, @unchecked Sendable {
    private struct Scheduled {
        let id: Int
        let deadline: Duration
        let job: @Sendable () async -> Void
    }

    private struct State {
        var now: Duration = .zero
        var nextID = 0
        var scheduled: [Scheduled] = []
    }

    private let state = Protected(State())

    var now: Duration { state.value.now }

    var pendingJobCount: Int { state.value.scheduled.count }

    @discardableResult
    func schedule(after delay: Duration, _ job: @escaping @Sendable () async -> Void) -> DripTimer {
        let id = state.mutate { state -> Int in
            let id = state.nextID
            state.nextID += 1
            state.scheduled.append(Scheduled(id: id, deadline: state.now + delay, job: job))
            return id
        }
        let state = self.state
        return DripTimer {
            state.mutate { state in
                state.scheduled.removeAll { $0.id == id }
            }
        }
    }

    func advance(by duration: Duration) async {
        let target = state.value.now + duration
        while let next = takeNextDue(upTo: target) {
            await next.job()
        }
        state.mutate { $0.now = target }
    }

    private func takeNextDue(upTo target: Duration) -> Scheduled? {
        state.mutate { state -> Scheduled? in
            var best: Int?
            for index in state.scheduled.indices where state.scheduled[index].deadline <= target {
                if let current = best, state.scheduled[current].deadline <= state.scheduled[index].deadline {
                    continue
                }
                best = index
            }
            guard let best else { return nil }
            let item = state.scheduled.remove(at: best)
            state.now = item.deadline
            return item
        }
    }
}
