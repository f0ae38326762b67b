/// The control loop for one zone.
public actor ThermostatController {
    private let sensor: SensorClient
    private let bus: EventBus

    public private(set) var policy: Hysteresis
    public private(set) var heating = false
    public private(set) var tickCount = 0
    public private(set) var lastReading: Double?
    public private(set) var lastZone: String?

    private var inFlight = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    public init(sensor: SensorClient, bus: EventBus, policy: Hysteresis = Hysteresis(setpoint: 21)) {
        self.sensor = sensor
        self.bus = bus
        self.policy = policy
    }

    /// Runs one read / decide / actuate cycle.
    @discardableResult
    public func tick() async throws -> Double {
        inFlight += 1
        defer {
            inFlight -= 1
            if inFlight == 0 { releaseIdleWaiters() }
        }

        let celsius = try await sensor.readTemperature()
        let zone = DeviceContext.zone
        lastReading = celsius
        lastZone = zone
        tickCount += 1
        bus.publish(.reading(zone: zone, celsius: celsius))

        let wanted = policy.decide(current: celsius, heating: heating)
        if wanted != heating {
            do {
                try await sensor.setHeater(wanted)
                heating = wanted
                bus.publish(.heater(on: wanted))
            } catch {
                bus.publish(.fault("heater: \(error)"))
                throw error
            }
        }
        return celsius
    }

    /// Fire-and-forget entry point used by the hardware button handler.
    public nonisolated func nudge() {
        Task {
            try? await self.tick()
        }
    }

    public func updateSetpoint(_ celsius: Double) {
        policy.setpoint = celsius
    }

    /// Suspends until no tick is running.
    public func waitUntilIdle() async {
        guard inFlight > 0 else { return }
        await withCheckedContinuation { continuation in
            idleWaiters.append(continuation)
        }
    }

    private func releaseIdleWaiters() {
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters {
            waiter.resume()
        }
    }
}
