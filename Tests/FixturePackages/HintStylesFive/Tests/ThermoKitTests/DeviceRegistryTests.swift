import XCTest
@testable import ThermoKit

final class DeviceRegistryTests: XCTestCase {
    func testPairingAssignsSequentialIDs() throws {
        let registry = DeviceRegistry()
        let hallway = try registry.pair(name: "Hallway", kind: .thermostat)
        let attic = try registry.pair(name: "Attic probe", kind: .sensor)

        XCTAssertEqual([hallway.id, attic.id], [1, 2])
        XCTAssertEqual(registry.all.map(\.name), ["Hallway", "Attic probe"])
    }

    func testRenameRejectsDuplicate() throws {
        let registry = DeviceRegistry()
        try registry.pair(name: "Hallway", kind: .thermostat)
        let boiler = try registry.pair(name: "Boiler relay", kind: .relay)

        XCTAssertThrowsError(try registry.rename(boiler.id, to: "Hallway")) { error in
            XCTAssertEqual(error as? DeviceRegistry.RegistryError, .duplicateName("Hallway"))
        }
        XCTAssertEqual(registry.all.last?.name, "Boiler relay")
    }
}
