/// Drops the setpoint while the household is away, then restores it.
public actor AwayMode {
    private let controller: ThermostatController
    public private(set) var isAway = false

    public init(controller: ThermostatController) {
        self.controller = controller
    }

    public func activate(
        for duration: Duration,
        ecoSetpoint: Double,
        clock: some Clock<Duration>
    ) async throws {
        let home = await controller.policy.setpoint
        isAway = true
        await controller.updateSetpoint(ecoSetpoint)
        do {
            try await clock.sleep(for: duration)
        } catch {
            isAway = false
            throw error
        }
        await controller.updateSetpoint(home)
        isAway = false
    }
}
