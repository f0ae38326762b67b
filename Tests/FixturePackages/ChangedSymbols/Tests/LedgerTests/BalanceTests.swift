import Ledger
import XCTest

final class BalanceTests: XCTestCase {
    func testBalanceAddsPostings() {
        var ledger = Ledger()
        ledger.post(2)
        ledger.post(3)
        XCTAssertEqual(ledger.balance(), 5)
    }

    func testPostingAppends() {
        var ledger = Ledger()
        ledger.post(1)
        XCTAssertEqual(ledger.entries, [1])
    }
}
