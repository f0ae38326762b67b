import ParkingCore
import ParkingKit
import XCTest

final class ZoneAvailabilityTests: XCTestCase {
    private let zones = [
        Zone(id: "A1", name: "Harbour Garage", capacity: 40),
        Zone(id: "B2", name: "Market St", capacity: 12),
    ]

    func testRefreshComputesFreeSpots() async {
        let provider = StubOccupancyProvider(occupied: ["A1": 31, "B2": 12])
        let service = ZoneAvailabilityService(provider: provider)

        await service.refresh(zones: zones)

        let free = await service.freeSpaces
        XCTAssertEqual(free["A1"], 9)
        XCTAssertEqual(free["B2"], 0)
    }

    func testDemoModeUsesSyntheticAvailability() async {
        let provider = StubOccupancyProvider(occupied: ["A1": 5])
        let service = ZoneAvailabilityService(provider: provider)

        await ParkingContext.$isDemoMode.withValue(true) {
            await service.refresh(zones: zones)
        }

        XCTAssertEqual(provider.totalCalls, 0, "demo builds must not hit the sensor backend")
        let free = await service.freeSpaces
        XCTAssertEqual(free, ["A1": 20, "B2": 6])
    }

    func testBackgroundRefreshEventuallyPopulates() async throws {
        let provider = StubOccupancyProvider(occupied: ["A1": 10, "B2": 2])
        let service = ZoneAvailabilityService(provider: provider)

        service.refreshInBackground(zones: zones)
        try await Task.sleep(for: .milliseconds(150))

        let free = await service.freeSpaces
        XCTAssertEqual(free, ["A1": 30, "B2": 10])
    }

    func testBackgroundRefreshKicksOffProviderRequests() async {
        let provider = StubOccupancyProvider(occupied: ["A1": 3, "B2": 4])
        let service = ZoneAvailabilityService(provider: provider)

        service.refreshInBackground(zones: zones)

        let refreshes = await service.refreshCount
        XCTAssertEqual(refreshes, 1)
    }
}
