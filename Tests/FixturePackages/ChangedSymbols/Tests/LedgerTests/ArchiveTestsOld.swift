import Ledger
import XCTest

final class ArchiveTests: XCTestCase {
    func testArchiveKeepsEntries() {
        var ledger = Ledger()
        ledger.post(4)
        XCTAssertEqual(ledger.entries.count, 1)
    }
}
