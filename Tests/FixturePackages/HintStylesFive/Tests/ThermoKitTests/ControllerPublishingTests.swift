import XCTest
@testable import ThermoKit

final class ControllerAwaitTests: XCTestCase {
    func testPublishesReading() async throws {
        let rig = ControllerRig.make(readings: [19.0], latency: .milliseconds(15))

        let reading = try await rig.controller.tick()

        XCTAssertEqual(reading, 19.0)
        let last = await rig.controller.lastReading
        XCTAssertEqual(last, 19.0)
        XCTAssertEqual(rig.sensor.heaterCommands, [true])
    }
}

final class ControllerYieldTests: XCTestCase {
    func testPublishesReading() async {
        let rig = ControllerRig.make(readings: [22.4])

        rig.controller.nudge()
        await settle()

        let count = await rig.controller.tickCount
        XCTAssertEqual(count, 1)
        XCTAssertEqual(rig.sensor.readCount, 1)
    }
}

final class ControllerExpectationTests: XCTestCase {
    func testPublishesReading() async {
        let rig = ControllerRig.make(readings: [20.9])
        let stream = rig.bus.subscribe()
        let published = expectation(description: "reading published")

        let listener = Task {
            for await event in stream {
                if case .reading(_, let celsius) = event, celsius == 20.9 {
                    published.fulfill()
                    return
                }
            }
        }

        rig.controller.nudge()
        await fulfillment(of: [published], timeout: 2)
        listener.cancel()

        let last = await rig.controller.lastReading
        XCTAssertEqual(last, 20.9)
    }
}

final class ControllerZoneTests: XCTestCase {
    override func invokeTest() {
        DeviceContext.$zone.withValue("garage") {
            super.invokeTest()
        }
    }

    func testPublishesReading() async throws {
        let rig = ControllerRig.make(readings: [18.0])

        try await rig.controller.tick()

        let zone = await rig.controller.lastZone
        XCTAssertEqual(zone, "garage")
    }
}

final class ControllerSleepTests: XCTestCase {
    func testPublishesReading() async throws {
        let rig = ControllerRig.make(readings: [23.0])

        rig.controller.nudge()
        try await Task.sleep(until: ContinuousClock.now + .milliseconds(100), clock: .continuous)

        let last = await rig.controller.lastReading
        XCTAssertEqual(last, 23.0)
        XCTAssertTrue(rig.sensor.heaterCommands.isEmpty)
    }
}
