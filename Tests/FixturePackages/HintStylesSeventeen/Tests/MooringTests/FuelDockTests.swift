import Foundation
import Testing
import XCTest
import MooringModel
import MooringServices

final class FuelDockQueueTests: XCTestCase {
    func testServesBoatsInArrivalOrder() async {
        let queue = FuelDockQueue()
        _ = await queue.enqueue(FuelRequest(boatName: "Kittiwake", litres: 80, fuel: .diesel))
        _ = await queue.enqueue(FuelRequest(boatName: "Osprey", litres: 40, fuel: .petrol))

        let first = await queue.serveNext()

        XCTAssertEqual(first?.request.boatName, "Kittiwake")
        XCTAssertEqual(first?.number, 1)
        await Task.yield()
        let remaining = await queue.boatsWaiting
        XCTAssertEqual(remaining, ["Osprey"])
    }

    @MainActor
    func testDockAnnouncesNextBoat() async {
        let queue = FuelDockQueue()
        _ = await queue.enqueue(FuelRequest(boatName: "Kittiwake", litres: 80, fuel: .diesel))
        let attendant = FuelDockViewModel(queue: queue)

        attendant.callNextBoat()
        let announcementWindow = expectation(description: "announcement window")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            announcementWindow.fulfill()
        }
        await fulfillment(of: [announcementWindow], timeout: 2)

        XCTAssertEqual(attendant.nowServing?.request.boatName, "Kittiwake")
        XCTAssertEqual(attendant.announcement, "Number 1, Kittiwake, come alongside the fuel berth.")
    }
}

@Suite struct FuelStationSuite {
    @Test @MainActor func stationPublishesPendingTicket() async {
        let queue = FuelDockQueue()
        let station = FuelDockStation(queue: queue)

        station.requestFuel(FuelRequest(boatName: "Kittiwake", litres: 120, fuel: .diesel))
        while station.pending == nil {
            await Task.yield()
        }

        #expect(station.pending?.number == 1)
        #expect(await queue.boatsWaiting == ["Kittiwake"])
    }

    @Test @MainActor func stationShowsQueuedTicket() async {
        let queue = FuelDockQueue()
        let station = FuelDockStation(queue: queue)

        station.requestFuel(FuelRequest(boatName: "Osprey", litres: 60, fuel: .petrol))
        for _ in 0..<4 {
            await Task.yield()
        }

        #expect(station.pending?.request.boatName == "Osprey")
        #expect(station.lastError == nil)
    }

    @Test func pumpLocksAfterIdleTimeout() async {
        let clock = ManualMarinaClock()
        let monitor = PumpTimeoutMonitor(clock: clock, idleLimit: .seconds(5 * 60))

        await monitor.startDispensing(pump: 2, boat: "Osprey")
        await clock.advance(by: .seconds(5 * 60))

        #expect(await monitor.state(of: 2) == .locked)
    }
}
