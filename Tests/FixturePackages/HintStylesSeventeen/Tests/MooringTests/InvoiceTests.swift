import Foundation
import Testing
import XCTest
import MooringModel
import MooringServices

final class InvoiceDeliveryTests: XCTestCase {
    func testRenderedInvoiceHasAllLines() {
        let renderer = InvoiceRenderer(marinaName: "North Reach Harbour")
        let invoice = Invoice(number: "NRH-0012", boatName: "Seabird", lines: [
            InvoiceLine("Berth C-14, 3 nights", amountPence: 13_500),
            InvoiceLine("Shore power, 41 kWh", amountPence: 1_230),
        ])
        let rendered = LockedBox<String?>(nil)
        let done = DispatchSemaphore(value: 0)

        renderer.render(invoice) { text in
            rendered.value = text
            done.signal()
        }
        let outcome = done.wait(timeout: .now() + 2)

        XCTAssertEqual(outcome, .success)
        let lines = rendered.value?.split(separator: "\n").map(String.init) ?? []
        XCTAssertEqual(lines.first, "North Reach Harbour — Invoice NRH-0012")
        XCTAssertEqual(lines.last, "Total: £147.30")
        XCTAssertEqual(lines.count, 5)
    }

    func testReceiptIsSpooledForPrinting() async {
        let sink = RecordingPrintSink()
        let printer = ReceiptPrinter(sink: sink)
        let invoice = Invoice(number: "NRH-0013", boatName: "Kittiwake", lines: [
            InvoiceLine("Diesel, 80 litres", amountPence: 11_920),
        ])

        printer.printReceipt(for: invoice)

        let jobs = await sink.jobs
        XCTAssertEqual(jobs.map(\.title), ["Receipt NRH-0013"])
    }
}

@Suite struct InvoicingSuite {
    @Test func chargesAreFlushedIntoOneInvoice() async {
        let harness = BillingHarness()

        await harness.invoices.queueCharges([
            InvoiceLine("Berth C-14, 3 nights", amountPence: 13_500),
            InvoiceLine("Pump-out", amountPence: 1_000),
            InvoiceLine("Shore power, 41 kWh", amountPence: 1_230),
        ], for: "Seabird")
        await harness.settleEverything()

        let saved = await harness.store.saved
        #expect(saved.count == 1)
        #expect(saved.first?.totalPence == 15_730)
    }

    @Test func invoiceNumberUsesMarinaCode() async {
        let harness = BillingHarness()

        let invoice = await HarbourContext.$marinaCode.withValue("NRH") {
            await harness.invoices.issue(for: "Kittiwake", lines: [InvoiceLine("Visitor berth, 1 night", amountPence: 3_800)])
        }

        #expect(invoice.number == "NRH-0001")
    }

    @Test(.marina("SKY")) func sequentialNumbersUseScopedMarina() async {
        let numbering = InvoiceNumbering()

        let first = await numbering.next()
        let second = await numbering.next()

        #expect(first == "SKY-0001")
        #expect(second == "SKY-0002")
    }
}
