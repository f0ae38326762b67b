import Foundation

/// A cancellable handle for work scheduled on a `GateClock`.
public final class ScheduleToken: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public var isCancelled: Bool {
        lock.lock(); defer { lock.unlock() }
        return cancelled
    }

    public func cancel() {
        lock.lock(); cancelled = true; lock.unlock()
    }
}

/// The time source for door closing, seat holds and standby cut-offs.
public protocol GateClock: Sendable {
    /// Time elapsed since the clock's origin.
    var now: Duration { get }

    @discardableResult
    func schedule(after delay: Duration, _ action: @escaping @Sendable () async -> Void) -> ScheduleToken
}

extension GateClock {
    @discardableResult
    public func schedule(at deadline: Duration, _ action: @escaping @Sendable () async -> Void) -> ScheduleToken {
        let remaining = deadline - now
        return schedule(after: remaining < .zero ? .zero : remaining, action)
    }

    @discardableResult
    public func schedule(afterMinutes minutes: Int, _ action: @escaping @Sendable () async -> Void) -> ScheduleToken {
        schedule(after: .seconds(minutes * 60), action)
    }
}

/// Wall-clock implementation used by the app.
public struct SystemGateClock: GateClock {
    private let origin = ContinuousClock.now

    public init() {}

    public var now: Duration { ContinuousClock.now - origin }

    @discardableResult
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () async -> Void) -> ScheduleToken {
        let token = ScheduleToken()
        Task {
            try? await Task.sleep(for: delay)
            guard !token.isCancelled else { return }
            await action()
        }
        return token
    }
}
