import XCTest
import GatewayModel
import GatewayServices

final class CheckInServiceTests: XCTestCase {
    // XCTest makes a fresh instance per test method, so each test gets its own stack.
    private let stack = CheckInStack(gate: "A3")

    func testCheckInAndSeatLookupRunSideBySide() async throws {
        let stack = self.stack
        async let record = stack.service.checkIn(Fixtures.grace, on: Fixtures.flight)
        async let free = stack.inventory.freeSeats

        let (checkedIn, seats) = try await (record, free)

        XCTAssertEqual(checkedIn.passenger, Fixtures.grace)
        XCTAssertEqual(checkedIn.channel, .mobile)
        XCTAssertEqual(seats.count, 42)
    }

    func testSecondCheckInIsRejected() async throws {
        _ = try await stack.service.checkIn(Fixtures.ada, on: Fixtures.flight)

        do {
            _ = try await stack.service.checkIn(Fixtures.ada, on: Fixtures.flight)
            XCTFail("expected a duplicate check-in to throw")
        } catch let error as CheckInService.CheckInError {
            XCTAssertEqual(error, .alreadyCheckedIn(Fixtures.ada.id))
        }
        let count = await stack.service.checkedInCount
        XCTAssertEqual(count, 1)
    }

    func testCheckInLeavesAuditEntry() async throws {
        _ = try await stack.service.checkIn(Fixtures.alan, on: Fixtures.flight)

        let entries = await stack.audit.entries
        XCTAssertEqual(entries, ["checked-in \(Fixtures.alan.id) QX214"])
    }

    func testAgentDeskOverridesKioskChannel() async throws {
        let service = stack.service
        let pass = try await CheckInContext.$channel.withValue(.kiosk) {
            _ = try await service.checkIn(Fixtures.ada, on: Fixtures.flight)
            return try await CheckInContext.$channel.withValue(.agent) {
                try await CheckInContext.$deskID.withValue("YUL-D14") {
                    try await service.issueBoardingPass(for: Fixtures.ada, on: Fixtures.flight, seat: "12A")
                }
            }
        }

        XCTAssertEqual(pass.channel, .agent)
        XCTAssertEqual(pass.deskID, "YUL-D14")
        XCTAssertEqual(pass.group, 1)
    }
}
