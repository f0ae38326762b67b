import GalleyModel
import GalleyServices
import XCTest

final class ReceiptSyncTests: XCTestCase {
    func testClosedTablesReachBackOffice() async {
        let harness = SyncHarness()
        let receipts = [Fixtures.receipt(for: Fixtures.tableFour), Fixtures.receipt(for: Fixtures.courierOrder)]

        await harness.coordinator.closeOut(receipts: receipts)
        await harness.settleEverything()

        let uploaded = await harness.endpoint.uploadedOrderIDs
        XCTAssertEqual(uploaded, ["t4-0012", "dash-5521"])
    }
}
