import Testing
import IrrigationCore
import IrrigationKit

@Suite struct PumpControllerTests {
    @Test func stoppingThePumpStartsCooldown() async throws {
        let driver = FakePumpDriver()
        let pump = PumpController(driver: driver, clock: TestClock(), cooldown: .seconds(300))

        try await pump.start()
        await pump.stop()

        let cooling = await pump.isCoolingDown
        #expect(cooling)
        await Task.yield()
        await #expect(throws: PumpError.coolingDown) {
            try await pump.start()
        }
        #expect(driver.commands == [true, false])
    }

    @Test func cooldownEndsOnceTheClockAdvances() async throws {
        let driver = FakePumpDriver()
        let clock = TestClock()
        let pump = PumpController(driver: driver, clock: clock, cooldown: .seconds(300))
        try await pump.start()
        await pump.stop()

        await clock.advance(by: .seconds(300))

        let cooling = await pump.isCoolingDown
        #expect(!cooling)
        try await pump.start()
        #expect(driver.commands == [true, false, true])
    }

    @Test func requestStopIsVisibleAfterOneYield() async throws {
        let driver = FakePumpDriver()
        let pump = PumpController(driver: driver, clock: TestClock(), cooldown: .seconds(300))
        try await pump.start()

        pump.requestStop()
        await Task.yield()

        let running = await pump.isRunning
        #expect(!running)
    }
}
