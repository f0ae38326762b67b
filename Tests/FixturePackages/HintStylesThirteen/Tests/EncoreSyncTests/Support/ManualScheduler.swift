import Foundation
import EncoreModel
import EncoreSync

/// Test scheduler: nothing runs until the test advances time, and then every action
/// that has come due runs inline, in deadline order, before `advance` returns.
final class ManualScheduler: EncoreScheduler, @unchecked Sendable {
    private struct Scheduled {
        let sequence: Int
        let deadline: Date
        let action: @Sendable () async -> Void
    }

    private let state: LockedValue<(now: Date, nextSequence: Int, queue: [Scheduled])>

    init(now: Date) {
        state = LockedValue((now: now, nextSequence: 0, queue: []))
    }

    var now: Date { state.current.now }

    var pendingCount: Int { state.current.queue.count }

    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () async -> Void) {
        state.withLock { current in
            let item = Scheduled(
                sequence: current.nextSequence,
                deadline: current.now.addingTimeInterval(max(0, delay)),
                action: action
            )
            current.nextSequence += 1
            current.queue.append(item)
        }
    }

    func advance(by interval: TimeInterval) async {
        let target = now.addingTimeInterval(interval)
        while let next = popNextDue(notAfter: target) {
            await next.action()
        }
        state.withLock { $0.now = target }
    }

    private func popNextDue(notAfter target: Date) -> Scheduled? {
        state.withLock { current in
            let due = current.queue
                .filter { $0.deadline <= target }
                .min { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
            guard let due else { return nil }
            current.queue.removeAll { $0.sequence == due.sequence }
            current.now = max(current.now, due.deadline)
            return due
        }
    }
}
