import Foundation

/// Schedules deferred desk work (key expiry, minibar auto-posting, wake-up calls).
public protocol DeskScheduler: Sendable {
    func schedule(after delay: Duration, _ action: @escaping @Sendable () async -> Void)
}

/// Production scheduler backed by `Task.sleep`.
public struct TaskDeskScheduler: DeskScheduler {
    public init() {}

    public func schedule(after delay: Duration, _ action: @escaping @Sendable () async -> Void) {
        Task {
            try? await Task.sleep(for: delay)
            await action()
        }
    }
}
