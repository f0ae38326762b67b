import Foundation
import IrrigationCore

public enum PumpError: Error, Equatable, Sendable {
    /// The motor must rest after a run before it may be restarted.
    case coolingDown
}

/// Drives the booster pump and enforces the motor's cool-down period.
public actor PumpController {
    public private(set) var isRunning = false
    public private(set) var isCoolingDown = false
    public private(set) var runCount = 0

    private let driver: any PumpDriver
    private let clock: any DripClock
    private let cooldown: Duration
    private var cooldownTimer: DripTimer?

    public init(driver: any PumpDriver, clock: any DripClock = LiveDripClock(), cooldown: Duration = .seconds(300)) {
        self.driver = driver
        self.clock = clock
        self.cooldown = cooldown
    }

    public func start() async throws {
        guard !isCoolingDown else { throw PumpError.coolingDown }
        guard !isRunning else { return }
        try await driver.setRunning(true)
        isRunning = true
        runCount += 1
    }

    public func stop() async {
        guard isRunning else { return }
        // Mark the pump as stopped first so nothing new is scheduled on a
        // motor that is already spinning down.
        isRunning = false
        isCoolingDown = true
        try? await driver.setRunning(false)
        cooldownTimer?.cancel()
        cooldownTimer = clock.schedule(after: cooldown) { [weak self] in
            await self?.finishCooldown()
        }
    }

    public func currentPressure() async -> Double {
        await driver.pressureBar()
    }

    private func finishCooldown() {
        isCoolingDown = false
        cooldownTimer = nil
    }

    /// For the float switch callback, which runs on a plain thread.
    public nonisolated func requestStop() {
        Task {
            await self.stop()
        }
    }
}
