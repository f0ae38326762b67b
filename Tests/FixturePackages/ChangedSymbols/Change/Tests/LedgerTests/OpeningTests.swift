import Ledger
import XCTest

final class OpeningTests: XCTestCase {
    /// A helper named like the library's property `Ledger.opening`.
    func opening() -> Ledger {
        var seeded = Ledger()
        seeded.post(10)
        return seeded
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
