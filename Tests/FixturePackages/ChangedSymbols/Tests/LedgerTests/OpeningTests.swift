import Ledger
import XCTest

final class OpeningTests: XCTestCase {
    /// A helper named like the library's property `Ledger.opening`.
    func opening() -> Ledger {
        var ledger = Ledger()
        ledger.post(10)
        return ledger
    }

    func testOpeningHelperSeedsTen() {
        XCTAssertEqual(opening().entries, [10])
    }

    func testOpeningPropertyReadsTheFirstPosting() {
        var ledger = Ledger()
        ledger.post(7)
        ledger.post(1)
        XCTAssertEqual(ledger.opening, 7)
    }
}
