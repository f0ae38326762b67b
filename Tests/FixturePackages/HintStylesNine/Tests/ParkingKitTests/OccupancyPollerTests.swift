import ParkingCore
import ParkingKit
import Testing

@Suite("Occupancy poller")
struct OccupancyPollerTests {
    @Test func pollsEveryInterval() async {
        let clock = ManualClock()
        let provider = StubOccupancyProvider(occupied: ["H2": 7])
        let readings = LockedBox<[Int]>([])
        let poller = OccupancyPoller(zone: "H2", every: .seconds(30), clock: clock, provider: provider) { reading in
            readings.mutate { $0.append(reading) }
        }

        await poller.start()
        for _ in 1...3 {
            for _ in 0..<5 { await Task.yield() }
            clock.advance(by: .seconds(30))
        }
        for _ in 0..<5 { await Task.yield() }

        #expect(provider.callCount(for: "H2") >= 3)
        #expect(readings.value.allSatisfy { $0 == 7 })
        await poller.stop()
    }

    @Test func pollsRepeatedlyOnRealClock() async throws {
        let provider = StubOccupancyProvider(occupied: ["H2": 7])
        let poller = OccupancyPoller(zone: "H2", every: .milliseconds(10), clock: ContinuousClock(), provider: provider) { _ in }

        await poller.start()
        try await Task.sleep(for: .milliseconds(80))
        await poller.stop()

        #expect(provider.callCount(for: "H2") >= 3)
    }
}
