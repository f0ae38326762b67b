import Dispatch
import XCTest
@testable import Checkout

final class ReceiptServiceTests: BaseTestCase {
    func testHappyPath() async throws {
        let mailer = SpyReceiptMailer()
        let service = ReceiptService(mailer: mailer)
        let order = Fixtures.order()

        service.sendReceipt(for: order)
        try await pause(.milliseconds(100))

        XCTAssertEqual(mailer.sent.map(\.orderID), ["ord_1"])
    }

    func testRenderingListsEveryLine() {
        let service = ReceiptService(mailer: SpyReceiptMailer())

        let text = service.render(Fixtures.order())

        XCTAssertTrue(text.hasPrefix("Receipt for ord_1"))
        XCTAssertTrue(text.contains("1 x Sticker pack @ $0.49"))
        XCTAssertTrue(text.hasSuffix("Total: $12.99"))
    }

    func testMailerCallbackFulfillsExpectation() {
        let mailer = SpyReceiptMailer()
        let service = ReceiptService(mailer: mailer)
        let delivered = expectation(description: "mailer invoked")
        mailer.onSend = { receipt in
            if receipt.orderID == "ord_7" { delivered.fulfill() }
        }

        service.sendReceipt(for: Fixtures.order(id: "ord_7"))
        wait(for: [delivered], timeout: 2)

        XCTAssertEqual(mailer.sent.first?.orderID, "ord_7")
    }

    func testSecondReceiptAfterBlockingDelay() {
        let mailer = SpyReceiptMailer()
        let service = ReceiptService(mailer: mailer)

        service.sendReceipt(for: Fixtures.order(id: "ord_a"))
        service.sendReceipt(for: Fixtures.order(id: "ord_b"))
        // Nobody signals this; it is just a blocking 200ms nap.
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(200))

        XCTAssertEqual(Set(mailer.sent.map(\.orderID)), ["ord_a", "ord_b"])
    }
}
