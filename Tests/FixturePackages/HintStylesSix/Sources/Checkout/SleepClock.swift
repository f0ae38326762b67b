/// The debounce and retry code never calls `Task.sleep` directly; it goes
/// through this so tests can substitute a manual clock.
public protocol SleepClock: Sendable {
    func sleep(for duration: Duration) async throws
}

public struct SystemSleepClock: SleepClock {
    public init() {}

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
