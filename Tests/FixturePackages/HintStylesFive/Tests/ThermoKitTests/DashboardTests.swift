import XCTest
@testable import ThermoKit

@MainActor
final class DashboardTests: XCTestCase {
    func testRefreshFormatsReading() async {
        let rig = ControllerRig.make(readings: [21.5])
        let dashboard = ThermostatDashboard(controller: rig.controller)

        await dashboard.refresh()

        XCTAssertEqual(dashboard.displayText, "21.5°C")
        XCTAssertEqual(dashboard.refreshCount, 1)
    }

    func testBackgroundRefresh() async {
        let rig = ControllerRig.make(readings: [21.5])
        let dashboard = ThermostatDashboard(controller: rig.controller)

        dashboard.refreshInBackground()

        XCTAssertEqual(dashboard.displayText, "21.5°C")
    }
}
