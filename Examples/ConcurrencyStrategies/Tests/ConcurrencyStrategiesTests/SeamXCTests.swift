// Three seams around a standalone "what time is it?" call (XCTest).
// Swift Testing twins: SeamTests.swift. Article: mocking-standalone-functions.txt
// Production code: Sources/ConcurrencyStrategies/Seams/ExpiryChecks.swift.
import ConcurrencyStrategies
import XCTest

final class SeamXCTests: XCTestCase {

    /// Stable: `now()` is a method; the test subclass overrides it. No shared state at all.
    func testObjectSeamSubscriptionExpired() {
        let checker = FixedTimeSubscriptionChecker(now: Instants.june2030)

        XCTAssertTrue(checker.isExpired(expiresAt: Instants.january2030))
    }

    func testObjectSeamSubscriptionActive() {
        let checker = FixedTimeSubscriptionChecker(now: Instants.june2029)

        XCTAssertFalse(checker.isExpired(expiresAt: Instants.january2030))
    }

    /// Stable: the fake clock is bound with `$now.withValue`, for this task tree only.
    func testTaskLocalSeamTicketExpired() {
        let expired = TimeSource.$now.withValue({ Instants.june2030 }) {
            TicketChecker().isExpired(expiresAt: Instants.january2030)
        }

        XCTAssertTrue(expired)
    }

    func testTaskLocalSeamTicketValid() {
        let expired = TimeSource.$now.withValue({ Instants.june2029 }) {
            TicketChecker().isExpired(expiresAt: Instants.january2030)
        }

        XCTAssertFalse(expired)
    }
}

/// The namespace seam, swapped in setUp and restored in tearDown, as in the article. Safe in XCTest,
/// which runs one test at a time; every test in the process shares `currentDateProvider`.
final class NamespaceSeamXCTests: XCTestCase {
    private let fakeNow = FakeNow()

    override func setUp() {
        super.setUp()
        let fakeNow = self.fakeNow
        currentDateProvider = { fakeNow.date }
    }

    override func tearDown() {
        currentDateProvider = systemNow
        super.tearDown()
    }

    func testGlobalClosureSeamCouponExpired() {
        fakeNow.date = Instants.june2030

        let expired = CouponChecker().isExpired(code: "SPRING", expiresAt: Instants.january2030)

        XCTAssertTrue(expired)
    }

    func testGlobalClosureSeamCouponValid() {
        fakeNow.date = Instants.june2029

        let expired = CouponChecker().isExpired(code: "SPRING", expiresAt: Instants.january2030)

        XCTAssertFalse(expired)
    }
}
