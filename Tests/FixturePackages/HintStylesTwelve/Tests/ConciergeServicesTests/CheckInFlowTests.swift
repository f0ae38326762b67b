import ConciergeCore
import ConciergeServices
import Foundation
import XCTest

final class CheckInFlowTests: XCTestCase {
    private func makeService(
        inventory: RoomInventory,
        audit: AuditTrail = AuditTrail(),
        transport: RecordingPushTransport = RecordingPushTransport()
    ) -> CheckInService {
        CheckInService(inventory: inventory, audit: audit, announcer: LobbyAnnouncer(transport: transport))
    }

    func testAssignsLowestNumberedCleanKingRoom() async throws {
        let inventory = Fixtures.makeInventory()
        let before = await inventory.occupancySummary()
        XCTAssertEqual(before.vacantClean, 6, "fixture hotel should start with six sellable rooms")
        let service = makeService(inventory: inventory)

        let receipt = try await service.checkIn(Fixtures.reservation("CNC-1042", guest: Fixtures.amara, type: .king))

        XCTAssertEqual(receipt.room, 101)
        XCTAssertEqual(receipt.roomType, .king)
        let after = await inventory.occupancySummary()
        XCTAssertEqual(after.vacantClean, 5)
    }

    func testArrivalGreetingIsPushedAtMostOnce() async throws {
        let transport = RecordingPushTransport()
        let service = makeService(inventory: Fixtures.makeInventory(), transport: transport)
        XCTAssertEqual(transport.pushCount(toRoom: 101), 0)

        _ = try await service.checkIn(Fixtures.reservation("CNC-1043", guest: Fixtures.tomasz, type: .king))

        XCTAssertLessThanOrEqual(
            transport.pushCount(toRoom: 101),
            1,
            "the in-room screen must not greet the guest twice"
        )
    }

    func testCheckInWritesAuditEntryBeforeReturning() async throws {
        let audit = AuditTrail()
        let service = makeService(inventory: Fixtures.makeInventory(), audit: audit)

        let receipt = try await service.checkIn(Fixtures.reservation("CNC-1044", guest: Fixtures.luis, type: .doubleQueen))

        let entries = await audit.entries(for: receipt.room)
        XCTAssertEqual(entries.map(\.kind), [.checkIn])
        XCTAssertEqual(entries.first?.detail, "CNC-1044")
        XCTAssertEqual(receipt.room, 201)
    }
}
