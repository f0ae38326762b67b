import XCTest
import CourierModel
import CourierServices

final class ReceiptServiceTests: XCTestCase {
    func testBackgroundReceiptIsMailedToCustomer() async {
        let mailed = expectation(description: "receipt emailed")
        let mailer = RecordingReceiptMailer(onSend: { _ in mailed.fulfill() })
        let service = ReceiptService(mailer: mailer)

        service.issueReceiptInBackground(for: Fixtures.order("o-9001", status: .delivered, tip: Money(cents: 300)))
        await fulfillment(of: [mailed], timeout: 2)

        XCTAssertEqual(mailer.sentReceipts.map(\.orderID), ["o-9001"])
        XCTAssertEqual(mailer.sentReceipts.first?.tip, Money(cents: 300))
    }

    func testBackgroundReceiptIsFiledAfterSettling() async {
        let service = ReceiptService(mailer: RecordingReceiptMailer())

        service.issueReceiptInBackground(for: Fixtures.order("o-9101", status: .delivered))
        await settle()

        let filed = await service.issuedReceipt(for: "o-9101")
        XCTAssertNotNil(filed)
        XCTAssertEqual(filed?.regionCode, "US-CA")
    }

    func testOntarioReceiptUsesHarmonizedSalesTax() async {
        let service = ReceiptService(mailer: RecordingReceiptMailer())
        let order = Fixtures.order("o-9201", status: .delivered)

        let receipt = await BillingContext.$region.withValue(.ontario) {
            await service.issueReceipt(for: order)
        }

        // 13% HST on subtotal ($35.75) plus the 8% service fee ($2.86).
        XCTAssertEqual(receipt.tax, Money(cents: 502))
        XCTAssertEqual(receipt.regionCode, "CA-ON")
        XCTAssertEqual(receipt.serviceFee, Money(cents: 286))
    }
}
