import XCTest
@testable import ThermoKit

final class ControllerStressTests: XCTestCase {
    private var rig: ControllerRig!

    override func setUp() {
        super.setUp()
        rig = ControllerRig.make(readings: [20.0, 20.1, 20.2, 20.3, 20.4])
    }

    override func tearDown() {
        rig = nil
        super.tearDown()
    }

    func testConcurrentTicks() async throws {
        let controller = rig.controller

        try await withThrowingTaskGroup(of: Double.self) { group in
            for _ in 0..<5 {
                group.addTask { try await controller.tick() }
            }
            try await group.waitForAll()
        }

        let count = await controller.tickCount
        XCTAssertEqual(count, 5)
        XCTAssertEqual(rig.sensor.readCount, 5)
    }

    func testDetachedSetpointChange() async {
        let controller = rig.controller

        Task.detached(priority: .background) {
            await controller.updateSetpoint(17.5)
        }

        let setpoint = await controller.policy.setpoint
        XCTAssertEqual(setpoint, 17.5)
    }
}
