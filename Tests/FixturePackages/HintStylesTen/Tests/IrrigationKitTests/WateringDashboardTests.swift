import Testing
import IrrigationCore
import IrrigationKit

@Suite @MainActor struct WateringDashboardTests {
    @Test func requestedZoneIsOpenAfterShortSleep() async throws {
        let rig = ControllerRig()

        rig.controller.requestWatering(zone: ZoneID(6), minutes: 20)
        try await Task.sleep(for: .milliseconds(200))

        let open = await rig.valves.isOpen(ZoneID(6))
        #expect(open)
        #expect(rig.controller.pending?.minutes == 20)
    }

    @Test func selectingZoneFillsCardAfterYielding() async {
        let monitor = MoistureMonitor(sensors: [
            FakeMoistureSensor(zone: ZoneID(1), percent: 30),
            FakeMoistureSensor(zone: ZoneID(2), percent: 11),
        ])
        await monitor.refresh()
        let dashboard = ZoneDashboard(monitor: monitor)

        dashboard.select(ZoneID(2))
        await yieldFew()

        #expect(dashboard.card == ZoneDashboard.ZoneCard(zone: ZoneID(2), moisturePercent: 11, isDry: true))
        #expect(dashboard.selectedZone == ZoneID(2))
    }
}
