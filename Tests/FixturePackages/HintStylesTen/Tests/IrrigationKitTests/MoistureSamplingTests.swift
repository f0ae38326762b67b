import Testing
import IrrigationCore
import IrrigationKit

@Suite struct MoistureSamplingTests {
    @Test func refreshReadsEverySensorAndFlagsDryBed() async {
        let monitor = MoistureMonitor(sensors: [
            FakeMoistureSensor(zone: ZoneID(3), percent: 27),
            FakeMoistureSensor(zone: ZoneID(1), percent: 31),
            FakeMoistureSensor(zone: ZoneID(2), percent: 12),
        ])

        let readings = await monitor.refresh()

        #expect(readings.map(\.zone) == [ZoneID(1), ZoneID(2), ZoneID(3)])
        #expect(monitor.dryZones == [ZoneID(2)])
    }

    @Test func watchingStreamsFirstSweepInZoneOrder() async {
        let monitor = MoistureMonitor(sensors: [
            FakeMoistureSensor(zone: ZoneID(2), percent: 22),
            FakeMoistureSensor(zone: ZoneID(1), percent: 35),
        ])
        let stream = monitor.readings()

        monitor.startWatching(every: .seconds(60))
        var iterator = stream.makeAsyncIterator()
        let first = await iterator.next()
        monitor.stopWatching()

        #expect(first?.zone == ZoneID(1))
        #expect(first?.volumetricWaterContent == 35)
    }
}
