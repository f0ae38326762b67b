import Foundation

/// Something that can run work after a delay. Production code uses `TaskSleepScheduler`;
/// tests inject a scheduler whose time they control.
public protocol EncoreScheduler: Sendable {
    var now: Date { get }
    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () async -> Void)
}

public struct TaskSleepScheduler: EncoreScheduler {
    public init() {}

    public var now: Date { Date() }

    public func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () async -> Void) {
        let nanoseconds = UInt64(max(0, delay) * 1_000_000_000)
        Task(priority: .utility) {
            try? await Task.sleep(nanoseconds: nanoseconds)
            await action()
        }
    }
}
