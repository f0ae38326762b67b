import Foundation

/// Abstraction over waiting, so hold timers and expiries can be driven by hand in previews and tests.
public protocol MarinaClock: Sendable {
    func sleep(for duration: Duration) async throws
}

public struct SystemMarinaClock: MarinaClock {
    public init() {}

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
