import ConciergeCore
import ConciergeServices
import Foundation
import Testing

@Suite("Front desk dashboard and folios")
struct FrontDeskDashboardSuite {
    @Test func snapshotCombinesInventoryArrivalsAndHousekeeping() async {
        let dashboard = FrontDeskDashboard(
            inventory: Fixtures.makeInventory(),
            arrivals: StubArrivals(reservations: [
                Fixtures.reservation("CNC-4001", guest: Fixtures.priya, type: .suite),
                Fixtures.reservation("CNC-4002", guest: Fixtures.tomasz, type: .king),
                Fixtures.reservation("CNC-4003", guest: Fixtures.amara, type: .king),
            ]),
            board: HousekeepingBoard(statuses: [204: .dirty, 305: .dirty, 101: .inspected])
        )

        let snapshot = await dashboard.loadSnapshot(for: Fixtures.arrivalDay)

        #expect(snapshot.occupancy.occupied == 2)
        #expect(snapshot.expectedArrivals == 3)
        #expect(snapshot.vipArrivals == ["Amara Okafor", "Priya Raman"])
        #expect(snapshot.roomsAwaitingCleaning == [204, 305])
    }

    @Test func folioTotalsApplyOccupancyAndSalesTax() {
        let folio = Folio(room: 301, guestName: "Luis Alvarez", charges: Fixtures.twoNightStay(room: 301))

        let totals = FolioCalculator().totals(for: folio)

        #expect(totals.subtotalCents == 50_650)
        #expect(totals.taxCents == 6_044)
        #expect(totals.totalCents == 56_694)
    }

    @Test func lateCheckoutDecisionIsStable() async throws {
        let service = LateCheckoutService(propertySystem: RecordingPropertySystem())

        let decision = await service.request(room: 412, untilHour: 13, tier: .gold)

        #expect(decision == .approved(untilHour: 13, feeCents: 0))
        try await Task.sleep(for: .milliseconds(50))
        let stored = await service.decision(for: 412)
        #expect(stored == decision)
    }
}
