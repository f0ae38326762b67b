import XCTest
@testable import ThermoKit

final class PollingSchedulerTests: XCTestCase {
    func testRunsOneCyclePerInterval() async throws {
        let clock = ManualClock()
        let rig = ControllerRig.make(readings: [19.0, 19.5, 20.0])
        let scheduler = PollingScheduler(clock: clock, interval: .seconds(30), controller: rig.controller)

        let run = Task { try await scheduler.run(cycles: 3) }

        await clock.advance(by: .seconds(30))
        let afterOne = await rig.controller.tickCount
        XCTAssertEqual(afterOne, 1)

        await clock.advance(by: .seconds(30))
        let afterTwo = await rig.controller.tickCount
        XCTAssertEqual(afterTwo, 2)

        run.cancel()
    }

    func testAdvancesWhileYielding() async throws {
        let clock = ManualClock()
        let rig = ControllerRig.make(readings: [22.0])
        let scheduler = PollingScheduler(clock: clock, interval: .seconds(10), controller: rig.controller)

        let run = Task { await scheduler.runUntilCancelled() }

        for _ in 0..<4 {
            await Task.yield()
            await clock.advance(by: .seconds(10))
        }

        let ticks = await rig.controller.tickCount
        XCTAssertEqual(ticks, 4)
        run.cancel()
    }
}
