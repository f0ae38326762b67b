import ParkingCore

/// Polls one zone's sensors on a fixed interval while the zone screen is open.
public actor OccupancyPoller<C: Clock> where C.Duration == Duration {
    private let clock: C
    private let interval: Duration
    private let zone: ZoneID
    private let provider: any OccupancyProvider
    private let onReading: @Sendable (Int) -> Void
    private var loop: Task<Void, Never>?

    public init(
        zone: ZoneID,
        every interval: Duration,
        clock: C,
        provider: any OccupancyProvider,
        onReading: @escaping @Sendable (Int) -> Void
    ) {
        self.zone = zone
        self.interval = interval
        self.clock = clock
        self.provider = provider
        self.onReading = onReading
    }

    public var isRunning: Bool { loop != nil }

    public func start() {
        guard loop == nil else { return }
        let clock = self.clock
        let interval = self.interval
        let zone = self.zone
        let provider = self.provider
        let onReading = self.onReading
        loop = Task.detached {
            while !Task.isCancelled {
                if let reading = try? await provider.occupiedSpaces(in: zone) {
                    onReading(reading)
                }
                do {
                    try await clock.sleep(for: interval)
                } catch {
                    return
                }
            }
        }
    }

    public func stop() {
        loop?.cancel()
        loop = nil
    }
}
