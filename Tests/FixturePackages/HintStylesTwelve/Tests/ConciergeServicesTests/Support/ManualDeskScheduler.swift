import ConciergeCore
import Foundation

/// A scheduler whose time only moves when the test says so.
final class ManualDeskScheduler: DeskScheduler, @unchecked Sendable {
    private struct Pending {
        let deadline: Duration
        let order: Int
        let action: @Sendable () async -> Void
    }

    private struct State {
        var now: Duration = .zero
        var nextOrder = 0
        var pending: [Pending] = []
    }

    private let state = Locked(State())

    func schedule(after delay: Duration, _ action: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            state.pending.append(Pending(deadline: state.now + delay, order: state.nextOrder, action: action))
            state.nextOrder += 1
        }
    }

    var pendingActionCount: Int {
        state.withLock { $0.pending.count }
    }

    var elapsed: Duration {
        state.withLock { $0.now }
    }

    /// Moves time forward, running every action that falls due, in deadline order, to completion.
    func advance(by delta: Duration) async {
        let target = state.withLock { $0.now + delta }
        while let next = popNextDue(notAfter: target) {
            await next.action()
        }
        state.withLock { $0.now = target }
    }

    private func popNextDue(notAfter target: Duration) -> Pending? {
        state.withLock { state in
            let due = state.pending.enumerated()
                .filter { $0.element.deadline <= target }
                .min { lhs, rhs in
                    (lhs.element.deadline, lhs.element.order) < (rhs.element.deadline, rhs.element.order)
                }
            guard let due else { return nil }
            state.pending.remove(at: due.offset)
            state.now = max(state.now, due.element.deadline)
            return due.element
        }
    }
}
