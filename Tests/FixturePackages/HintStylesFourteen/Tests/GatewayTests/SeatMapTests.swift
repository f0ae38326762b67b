import XCTest
import GatewayModel

final class SeatMapTests: XCTestCase {
    func testExitRowAndLegroomSeatsCarrySurcharge() throws {
        var map = SeatMap.narrowBody()

        XCTAssertEqual(map.price(for: "12A", baseCents: 10_000), 14_500)
        XCTAssertEqual(map.price(for: "10F", baseCents: 10_000), 13_500)
        XCTAssertEqual(map.price(for: "15C", baseCents: 10_000), 10_000)
        XCTAssertNil(map.price(for: "40A"))

        try map.occupy("12A", by: Fixtures.ada.id)
        XCTAssertThrowsError(try map.occupy("12A", by: Fixtures.grace.id)) { error in
            XCTAssertEqual(error as? SeatMap.OccupyError, .taken(by: Fixtures.ada.id))
        }
        XCTAssertFalse(map.freeSeats.contains("12A"))
    }
}
