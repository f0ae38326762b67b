import Foundation

public struct ScheduledWorkToken: Hashable, Sendable {
    public let id: UUID

    public init(id: UUID = UUID()) {
        self.id = id
    }
}

/// Time source and timer facility for reminders, no-show sweeps and lab turnaround alarms.
public protocol ClinicScheduler: AnyObject, Sendable {
    var now: Date { get }

    @discardableResult
    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledWorkToken

    func cancel(_ token: ScheduledWorkToken)
}

extension ClinicScheduler {
    @discardableResult
    public func schedule(at date: Date, _ action: @escaping @Sendable () -> Void) -> ScheduledWorkToken {
        schedule(after: max(0, date.timeIntervalSince(now)), action)
    }

    /// Schedulers that cannot retract work simply let it run; callers re-check state in the action.
    public func cancel(_ token: ScheduledWorkToken) {}
}

/// Production scheduler backed by wall-clock time and a Dispatch queue.
public final class DispatchClinicScheduler: ClinicScheduler, @unchecked Sendable {
    private let queue: DispatchQueue
    private let cancelled = Locked<Set<ScheduledWorkToken>>([])

    public init(queue: DispatchQueue = .global(qos: .utility)) {
        self.queue = queue
    }

    public var now: Date { Date() }

    @discardableResult
    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> ScheduledWorkToken {
        let token = ScheduledWorkToken()
        queue.asyncAfter(deadline: .now() + delay) { [cancelled] in
            let wasCancelled = cancelled.withLock { $0.remove(token) != nil }
            if !wasCancelled {
                action()
            }
        }
        return token
    }

    public func cancel(_ token: ScheduledWorkToken) {
        cancelled.withLock { _ = $0.insert(token) }
    }
}
