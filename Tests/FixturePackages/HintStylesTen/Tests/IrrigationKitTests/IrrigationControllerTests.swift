import XCTest
import IrrigationCore
import IrrigationKit

final class IrrigationControllerTests: XCTestCase {
    @MainActor
    func testPrimingLinesCyclesEachZoneInOrder() async throws {
        let rig = ControllerRig()

        try await rig.controller.primeLines([ZoneID(1), ZoneID(2)])

        XCTAssertEqual(rig.actuator.commands, [
            .open(ZoneID(1)), .close(ZoneID(1)),
            .open(ZoneID(2)), .close(ZoneID(2)),
        ])
        XCTAssertEqual(rig.driver.commands, [true, false])
        XCTAssertNil(rig.controller.lastError)
    }

    @MainActor
    func testManualCycleLandsInHistoryOnceSettled() async throws {
        let rig = ControllerRig()
        try await rig.controller.runManualCycle(zone: ZoneID(2), minutes: 15)

        await settleEverything(rig.controller)

        let saved = await rig.store.records
        XCTAssertEqual(saved.map(\.zone), [ZoneID(2)])
        XCTAssertEqual(saved.first?.minutes, 15)
    }

    @MainActor
    func testBeginWateringHandleYieldsTheStartedJob() async throws {
        let rig = ControllerRig()

        let handle = rig.controller.beginWatering(zone: ZoneID(5), minutes: 8)
        let job = await handle.value

        XCTAssertEqual(job, IrrigationController.WateringJob(zone: ZoneID(5), minutes: 8))
        try await Task.sleep(for: .milliseconds(50))
        let open = await rig.valves.openZones
        XCTAssertEqual(open, [ZoneID(5)])
        XCTAssertNil(rig.controller.lastError)
    }

    @MainActor
    func testRequestWateringPublishesPendingJob() async throws {
        let rig = ControllerRig()

        rig.controller.requestWatering(zone: ZoneID(2), minutes: 12)
        while rig.controller.pending == nil && rig.controller.lastError == nil {
            await Task.yield()
        }

        XCTAssertEqual(rig.controller.pending, IrrigationController.WateringJob(zone: ZoneID(2), minutes: 12))
        let running = await rig.pump.isRunning
        XCTAssertTrue(running)
    }

    @MainActor
    func testRequestWateringCallsCompletionAfterOpeningValve() async throws {
        let rig = ControllerRig()

        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            rig.controller.requestWatering(zone: ZoneID(1), minutes: 5, completion: {
                continuation.resume()
            })
        }

        XCTAssertEqual(rig.actuator.commands, [.open(ZoneID(1))])
        XCTAssertEqual(rig.driver.commands, [true])
    }

    @MainActor
    func testRequestWateringReportsNoErrorUpFront() async throws {
        let rig = ControllerRig()

        rig.controller.requestWatering(zone: ZoneID(4), minutes: 10)

        XCTAssertNil(rig.controller.lastError)
    }
}
