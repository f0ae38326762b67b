/// Periodically ticks a controller. Generic over the clock so tests can
/// supply a manual one.
public struct PollingScheduler<C: Clock<Duration>>: Sendable {
    public let clock: C
    public let interval: Duration
    private let controller: ThermostatController

    public init(clock: C, interval: Duration, controller: ThermostatController) {
        self.clock = clock
        self.interval = interval
        self.controller = controller
    }

    public func run(cycles: Int) async throws {
        for _ in 0..<cycles {
            try await clock.sleep(for: interval)
            try await controller.tick()
        }
    }

    public func runUntilCancelled() async {
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: interval)
                try await controller.tick()
            } catch {
                return
            }
        }
    }
}
