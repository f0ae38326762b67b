import Foundation
import XCTest
import PawModel
import PawServices

final class InvoiceTests: XCTestCase {
    func testDiscountIsTakenBeforeTaxAndOnlyMedicationsAreTaxed() {
        let invoice = Fixtures.seniorExamInvoice()

        XCTAssertEqual(invoice.subtotal, Money(cents: 10_100))
        XCTAssertEqual(invoice.discount, Money(cents: 1_010))
        XCTAssertEqual(invoice.tax(), Money(cents: 267))
        XCTAssertEqual(invoice.total(), Money(cents: 9_357))
        XCTAssertEqual(invoice.total().description, "$93.57")
    }

    func testInvoiceNumbersArePrefixedAndCountedPerBranch() {
        let numberer = InvoiceNumberer()

        let northgate = ClinicContext.$branchID.withValue("northgate") {
            (numberer.next(), numberer.next())
        }
        let headOffice = numberer.next()

        XCTAssertEqual(northgate.0, "NOR-000001")
        XCTAssertEqual(northgate.1, "NOR-000002")
        XCTAssertEqual(headOffice, "MAI-000001")
    }

    func testCardPaymentPostsAReceipt() async throws {
        let processor = PaymentProcessor()

        processor.recordPaymentInBackground(Money(cents: 5_000), method: .card, invoiceNumber: "RIV-000042")
        try await Task.sleep(nanoseconds: 100_000_000)

        XCTAssertEqual(processor.receipts.map(\.amount), [Money(cents: 5_000)])
        XCTAssertEqual(processor.receipts.first?.method, .card)
    }

    func testNightlySweepChargesTheMinimumLateFee() async {
        let ledger = InvoiceLedger()
        await ledger.add(Fixtures.seniorExamInvoice(number: "MAI-000007", dueInDays: -1))
        await ledger.add(Fixtures.seniorExamInvoice(number: "MAI-000008", dueInDays: 30))

        ledger.scheduleLateFeeSweep(asOf: Fixtures.referenceDate)

        let overdue = await ledger.invoice(numbered: "MAI-000007")
        XCTAssertEqual(overdue?.lateFee, InvoiceLedger.minimumLateFee)
        let current = await ledger.invoice(numbered: "MAI-000008")
        XCTAssertEqual(current?.lateFee, .zero)
    }

    func testReceiptEmailIsQueuedForTheOwner() {
        let mailer = ReceiptMailer()
        let receipt = PaymentReceipt(invoiceNumber: "MAI-000007", amount: Money(cents: 9_357), method: .card, postedAt: Fixtures.referenceDate)

        mailer.sendReceiptLater(receipt, to: Fixtures.maya)
        let mailWindow = expectation(description: "receipt mailer window")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
            mailWindow.fulfill()
        }
        wait(for: [mailWindow], timeout: 2)

        XCTAssertEqual(mailer.outbox.count, 1)
        XCTAssertEqual(mailer.outbox.first?.body, "Thank you, Maya Brennan. We received $93.57 for invoice MAI-000007.")
    }
}
