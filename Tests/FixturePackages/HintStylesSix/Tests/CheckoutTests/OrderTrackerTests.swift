import XCTest
@testable import Checkout

final class OrderTrackerTests: BaseTestCase {
    func testFirstEventIsPlaced() async {
        let tracker = OrderTracker(fulfillment: StubFulfillment(ships: false))
        var iterator = tracker.events.makeAsyncIterator()

        tracker.start(Fixtures.order(id: "ord_3"))
        let first = await iterator.next()

        XCTAssertEqual(first, .placed("ord_3"))
    }
}
