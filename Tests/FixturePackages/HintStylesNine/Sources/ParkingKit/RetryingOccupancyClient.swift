import ParkingCore

/// Sensor gateways drop requests under load; retry with exponential back-off.
public struct RetryingOccupancyClient: OccupancyProvider {
    private let upstream: any OccupancyProvider
    private let sleeper: any Sleeper
    private let maxAttempts: Int
    private let baseDelay: Duration

    public init(
        upstream: any OccupancyProvider,
        sleeper: any Sleeper = TaskSleeper(),
        maxAttempts: Int = 3,
        baseDelay: Duration = .seconds(1)
    ) {
        self.upstream = upstream
        self.sleeper = sleeper
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
    }

    public func occupiedSpaces(in zone: ZoneID) async throws -> Int {
        var attempt = 1
        while true {
            do {
                return try await upstream.occupiedSpaces(in: zone)
            } catch {
                guard attempt < maxAttempts else { throw error }
                try await sleeper.sleep(for: baseDelay * (1 << (attempt - 1)))
                attempt += 1
            }
        }
    }
}
