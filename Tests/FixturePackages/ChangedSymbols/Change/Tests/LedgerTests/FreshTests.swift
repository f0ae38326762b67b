import Ledger
import XCTest

final class FreshTests: XCTestCase {
    func testAFreshTest() {
        XCTAssertEqual(Ledger().entries, [])
    }
}
