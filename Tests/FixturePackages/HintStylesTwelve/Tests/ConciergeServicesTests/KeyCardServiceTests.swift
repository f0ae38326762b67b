import ConciergeCore
import ConciergeServices
import Foundation
import XCTest

final class KeyCardServiceTests: XCTestCase {
    func testIssueCardCompletesWhenEncoderCallsBack() async throws {
        let encoder = BackgroundKeyEncoder()
        let audit = AuditTrail()
        let service = KeyCardService(encoder: encoder, audit: audit)
        let reservation = Fixtures.reservation("CNC-2231", guest: Fixtures.amara, type: .king, nights: 3)

        let card = try await service.issueCard(for: reservation, room: 412)

        XCTAssertEqual(card.room, 412)
        XCTAssertEqual(card.holder, "Amara Okafor")
        XCTAssertEqual(card.validUntil, reservation.departure(atHour: 12))
        XCTAssertEqual(encoder.encodedRequests.count, 1)
        let auditKinds = await audit.entries(for: 412).map(\.kind)
        XCTAssertEqual(auditKinds, [.keyIssued])
    }

    func testExpiryMonitorRevokesCardWhenStayEnds() async {
        let scheduler = ManualDeskScheduler()
        let monitor = KeyCardExpiryMonitor(scheduler: scheduler)
        let card = KeyCard(
            serial: "KC-0412-7",
            room: 412,
            holder: "Priya Raman",
            validUntil: Fixtures.arrivalDay.addingTimeInterval(2 * 86_400)
        )

        await monitor.track(card, expiresAfter: .seconds(2 * 86_400))

        await scheduler.advance(by: .seconds(86_400))
        let revokedAfterFirstNight = await monitor.isRevoked(card.serial)
        XCTAssertFalse(revokedAfterFirstNight, "card must keep working during the stay")

        await scheduler.advance(by: .seconds(86_400))
        let revokedAtCheckout = await monitor.isRevoked(card.serial)
        XCTAssertTrue(revokedAtCheckout)
        let stillActive = await monitor.activeCardCount
        XCTAssertEqual(stillActive, 0)
    }

    func testValidCardSwipeIsNeverLoggedAsDenied() async {
        let log = SwipeAuditLog()
        let gateway = DoorLockGateway(auditLog: log)
        let card = KeyCard(
            serial: "KC-0305-1",
            room: 305,
            holder: "Luis Alvarez",
            validUntil: Date().addingTimeInterval(86_400)
        )
        gateway.register(card)

        gateway.handleSwipe(serial: card.serial, at: 305)

        let entries = await log.entries(for: card.serial)
        XCTAssertFalse(
            entries.contains { $0.result != .granted },
            "a valid card at its own door must never show up as a denial in the security log"
        )
    }
}
