import Foundation

/// Abstraction over "wait a bit" so retry/debounce logic can be driven from tests.
public protocol Sleeper: Sendable {
    func sleep(for duration: Duration) async throws
}

public struct SystemSleeper: Sleeper {
    public init() {}

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
