import XCTest
import IrrigationCore
import IrrigationKit

final class ValveBankTests: XCTestCase {
    func testReopeningAnOpenZoneSendsOneCommand() async throws {
        let actuator = RecordingValveActuator()
        let bank = ValveBank(actuator: actuator)

        try await bank.open(ZoneID(3))
        try await bank.open(ZoneID(3))

        XCTAssertEqual(actuator.commands, [.open(ZoneID(3))])
        let open = await bank.openZones
        XCTAssertEqual(open, [ZoneID(3)])
    }

    func testEmergencyShutOffOnlyEverSendsCloseCommands() async throws {
        let actuator = RecordingValveActuator()
        let bank = ValveBank(actuator: actuator)
        try await bank.open(ZoneID(1))
        try await bank.open(ZoneID(2))
        actuator.clearLog()

        bank.emergencyShutOff()

        XCTAssertTrue(actuator.commands.allSatisfy { $0.isClose }, "shut-off must never open a valve: \(actuator.commands)")
    }

    func testShutOffLeavesNoZoneOpenAfterHardwareLatency() async throws {
        let actuator = RecordingValveActuator()
        let bank = ValveBank(actuator: actuator)
        try await bank.open(ZoneID(1))
        try await bank.open(ZoneID(4))

        bank.emergencyShutOff()
        await waitForHardwareLatency()

        let open = await bank.openZones
        XCTAssertTrue(open.isEmpty, "still open: \(open)")
        XCTAssertEqual(Set(actuator.commands.filter { $0.isClose }), [.close(ZoneID(1)), .close(ZoneID(4))])
    }
}
