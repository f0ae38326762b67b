import Foundation

/// Handle for a job scheduled on a `DripClock`.
public struct DripTimer: Sendable {
    private let onCancel: @Sendable () -> Void

    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = onCancel
    }

    public func cancel() {
        onCancel()
    }
}

/// The time source used by schedules and pump protection.
///
/// Production code uses `LiveDripClock`; anything that has to wait for
/// wall-clock minutes takes one of these so that it can be driven manually.
public protocol DripClock: Sendable {
    /// Time elapsed since the clock was created.
    var now: Duration { get }

    /// Runs `job` once `delay` has passed on this clock.
    @discardableResult
    func schedule(after delay: Duration, _ job: @escaping @Sendable () async -> Void) -> DripTimer
}

public struct LiveDripClock: DripClock {
    private let origin: ContinuousClock.Instant

    public init() {
        origin = ContinuousClock.now
    }

    public var now: Duration {
        origin.duration(to: ContinuousClock.now)
    }

    @discardableResult
    public func schedule(after delay: Duration, _ job: @escaping @Sendable () async -> Void) -> DripTimer {
        let task = Task {
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            await job()
        }
        return DripTimer { task.cancel() }
    }
}
