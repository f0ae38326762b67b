import Foundation
import GatewayModel

/// A `GateClock` that only moves when a test tells it to.
final class ManualGateClock: GateClock, @unchecked Sendable {
    private struct Pending {
        let order: Int
        let due: Duration
        let token: ScheduleToken
        let action: @Sendable () async -> Void
    }

    private let lock = NSLock()
    private var current: Duration = .zero
    private var pending: [Pending] = []
    private var nextOrder = 0

    var now: Duration {
        lock.lock(); defer { lock.unlock() }
        return current
    }

    var pendingCount: Int {
        lock.lock(); defer { lock.unlock() }
        return pending.filter { !$0.token.isCancelled }.count
    }

    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () async -> Void) -> ScheduleToken {
        let token = ScheduleToken()
        lock.lock()
        pending.append(Pending(order: nextOrder, due: current + delay, token: token, action: action))
        nextOrder += 1
        lock.unlock()
        return token
    }

    /// Moves time forward, running every action that falls due, in due order.
    func advance(by delta: Duration) async {
        let target = now + delta
        while let next = popNextDue(upTo: target) {
            if !next.token.isCancelled {
                await next.action()
            }
        }
        settle(at: target)
    }

    private func settle(at target: Duration) {
        lock.lock(); current = target; lock.unlock()
    }

    func advance(byMinutes minutes: Int) async {
        await advance(by: .seconds(minutes * 60))
    }

    private func popNextDue(upTo target: Duration) -> Pending? {
        lock.lock(); defer { lock.unlock() }
        guard let index = pending.indices
            .filter({ pending[$0].due <= target })
            .min(by: { (pending[$0].due, pending[$0].order) < (pending[$1].due, pending[$1].order) })
        else { return nil }
        let item = pending.remove(at: index)
        current = item.due
        return item
    }
}
