import XCTest
import IrrigationCore
import IrrigationKit

final class MoistureMonitorTests: XCTestCase {
    func testWatchingWetBedsDoesNotFlagDrySpell() {
        let monitor = MoistureMonitor(sensors: [
            FakeMoistureSensor(zone: ZoneID(1), percent: 38),
            FakeMoistureSensor(zone: ZoneID(2), percent: 41),
        ])

        monitor.startWatching(every: .seconds(60))

        XCTAssertFalse(monitor.drySpellDetected)
        monitor.stopWatching()
    }

    func testWatchingFlagsDryBedAfterAQuarterSecond() {
        let monitor = MoistureMonitor(sensors: [
            FakeMoistureSensor(zone: ZoneID(1), percent: 33),
            FakeMoistureSensor(zone: ZoneID(2), percent: 9),
        ])

        monitor.startWatching(every: .seconds(60))
        Thread.sleep(forTimeInterval: 0.25)

        XCTAssertTrue(monitor.drySpellDetected)
        XCTAssertEqual(monitor.dryZones, [ZoneID(2)])
        monitor.stopWatching()
    }
}
