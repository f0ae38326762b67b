/// Abstraction over "wait this long" so dispatch timing can be driven in tests.
public protocol Scheduler: Sendable {
    func sleep(for duration: Duration) async throws
}

public struct SystemScheduler: Scheduler {
    public init() {}

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
