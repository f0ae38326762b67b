import GalleyModel
import GalleyServices
import XCTest

final class OrderIntakeTests: XCTestCase {
    func testDeliveryOrdersArriveThroughCallback() async {
        let book = OrderBook(acknowledgements: RecordingAcknowledgementSink())
        let client = StubDeliveryClient(orders: [Fixtures.courierOrder])
        let intake = DeliveryIntake(client: client, book: book)

        let imported = expectation(description: "delivery orders booked")
        intake.importPending { _ in
            imported.fulfill()
        }
        await fulfillment(of: [imported], timeout: 2)

        let open = await book.openOrderIDs()
        XCTAssertEqual(open, ["dash-5521"])
    }

    func testSubmitReturnsNextTicketNumber() async {
        let book = OrderBook(acknowledgements: RecordingAcknowledgementSink(), firstTicket: 40)

        let first = await book.submit(Fixtures.tableFour)
        let second = await book.submit(Fixtures.courierOrder)

        XCTAssertEqual(first, 40)
        XCTAssertEqual(second, 41)
    }

    func testSubmitMarksOrderAcknowledged() async {
        let sink = RecordingAcknowledgementSink()
        let book = OrderBook(acknowledgements: sink)

        await book.submit(Fixtures.tableFour)

        // The POS shows a tick once the kitchen has confirmed the order.
        let acknowledged = await book.isAcknowledged("t4-0012")
        XCTAssertTrue(acknowledged)
    }
}
