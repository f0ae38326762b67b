import XCTest
import GatewayModel
import GatewayServices

final class KioskPrintingTests: XCTestCase {
    func testReprintReachesPrinterLog() async {
        let log = PrintLog()
        let kiosk = CheckInKiosk(kioskID: "K07", log: log)

        kiosk.requestReprint(of: Fixtures.pass(seat: "14C"), copies: 2)

        let printed = await log.printed
        XCTAssertEqual(printed.count, 2)
        XCTAssertEqual(printed.first?.barcode, "M1QX7P2L-1 QX214 14C G1")
    }

    func testTwoReprintsBothPrint() async {
        let log = PrintLog()
        let kiosk = CheckInKiosk(kioskID: "K08", log: log)
        let pass = Fixtures.pass(for: Fixtures.grace, seat: "11B")

        kiosk.requestReprint(of: pass)
        kiosk.requestReprint(of: pass)
        await spinPrinter()

        let count = await log.count
        XCTAssertEqual(count, 2)
    }

    private func spinPrinter() async {
        for _ in 0..<4 {
            await Task.yield()
        }
    }
}
