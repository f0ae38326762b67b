import GalleyModel
import GalleyServices
import Testing

@Suite struct ReceiptSuite {
    @Test func dineInReceiptIncludesServiceCharge() async {
        let printer = ReceiptPrinter(device: RecordingPrinterDevice())

        let receipt = await printer.print(Fixtures.tableFour)

        #expect(receipt.subtotalCents == 4450)
        #expect(receipt.serviceChargeCents == 445)
        #expect(receipt.totalCents == 4895)
    }

    @Test func endOfNightReprintPrintsEveryCheck() async {
        let device = RecordingPrinterDevice()
        let printer = ReceiptPrinter(device: device)
        let orders = [Fixtures.tableFour, Fixtures.courierOrder]

        let totals = await withTaskGroup(of: Int.self) { group in
            for order in orders {
                group.addTask { await printer.print(order).totalCents }
            }
            var totals: [Int] = []
            for await total in group {
                totals.append(total)
            }
            return totals
        }

        let printed = await device.printedOrderIDs
        #expect(printed.sorted() == ["dash-5521", "t4-0012"])
        #expect(totals.sorted() == [2200, 4895])
    }

    @Test func receiptUsesVenueCurrency() async {
        let device = RecordingPrinterDevice()
        let printer = ReceiptPrinter(device: device)

        let receipt = await ReceiptContext.$currencyCode.withValue("EUR") {
            await printer.print(Fixtures.courierOrder)
        }

        #expect(receipt.currencyCode == "EUR")
        let texts = await device.printedTexts
        #expect(texts.first?.contains("TOTAL EUR 22.00") == true)
    }

    @Test func spoolPrintsQueuedChecks() async throws {
        let device = RecordingPrinterDevice()
        let spool = ReceiptSpool(printer: ReceiptPrinter(device: device))

        spool.enqueue(Fixtures.tableFour)
        spool.enqueue(Fixtures.courierOrder)
        try await Task.sleep(for: .milliseconds(150))

        let printed = await device.printedOrderIDs
        #expect(printed.sorted() == ["dash-5521", "t4-0012"])
    }
}
