import Foundation
import Testing
import XCTest
import MooringModel
import MooringServices

@MainActor
final class BerthHoldTests: XCTestCase {
    func testHeldBerthIsReleasedWhenHoldLapses() async {
        let clock = ManualMarinaClock()
        let model = BerthHoldViewModel(clock: clock, holdDuration: .seconds(15 * 60))

        model.hold(berthID: Fixtures.berthC14.id)
        await clock.advance(by: .seconds(15 * 60))

        XCTAssertEqual(model.status, .released)
        XCTAssertNil(model.heldBerthID)
    }
}

@Suite struct BookingSuite {
    let notifier = RecordingBookingNotifier()
    let service: BerthBookingService

    init() {
        service = BerthBookingService(notifier: notifier)
    }

    @Test func confirmationNotifiesOwner() async throws {
        let booking = try await service.hold(berth: Fixtures.berthC14, boat: Fixtures.seabird, nights: 3)

        _ = await service.confirm(booking.id)

        #expect(await notifier.notifiedBoats == ["Seabird"])
    }

    @Test func confirmationReturnsBookingCode() async throws {
        let booking = try await service.hold(berth: Fixtures.berthC14, boat: Fixtures.seabird, nights: 3)

        let code = await service.confirm(booking.id)

        #expect(code == "BK-0001")
        // A second confirmation of the same booking is refused.
        #expect(await service.confirm(booking.id) == nil)
    }
}
