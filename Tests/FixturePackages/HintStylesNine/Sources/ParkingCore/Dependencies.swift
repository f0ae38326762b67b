import Foundation

/// Counts occupied bays for a zone. Backed by ground sensors in production.
public protocol OccupancyProvider: Sendable {
    func occupiedSpaces(in zone: ZoneID) async throws -> Int
}

/// Lists zones for the map screen.
public protocol ZoneDirectory: Sendable {
    func summaries() async throws -> [ZoneSummary]
    func detail(for zone: ZoneID) async throws -> ZoneDetail
}

/// Card processor used for meter payments.
public protocol PaymentGateway: Sendable {
    /// Returns the processor's transaction reference.
    func charge(cents: Int, currency: String, reference: String) async throws -> String
}

/// Abstracts waiting so schedulers can be driven by tests.
public protocol Sleeper: Sendable {
    func sleep(for duration: Duration) async throws
}

public struct TaskSleeper: Sleeper {
    public init() {}

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
