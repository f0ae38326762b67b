// Three seams around a standalone "what time is it?" call (Swift Testing, parallel by default).
// XCTest twins: SeamXCTests.swift. Article: mocking-standalone-functions.txt
import ConcurrencyStrategies
import Foundation
import Testing

@Suite struct SeamTests {

    // Stable: object seam (test subclass overrides the promoted `now()` method).

    @Test func objectSeamSubscriptionExpired() {
        let checker = FixedTimeSubscriptionChecker(now: Instants.june2030)

        #expect(checker.isExpired(expiresAt: Instants.january2030))
    }

    @Test func objectSeamSubscriptionActive() {
        let checker = FixedTimeSubscriptionChecker(now: Instants.june2029)

        #expect(!checker.isExpired(expiresAt: Instants.january2030))
    }

    // Flaky when both run (in parallel): each swaps the one global `currentDateProvider` and
    // restores it afterwards, so each may check its coupon against the other test's "now", or
    // against the real clock.

    @Test func globalClosureSeamCouponExpired() {
        currentDateProvider = { Instants.june2030 }
        defer { currentDateProvider = systemNow }

        let expired = CouponChecker().isExpired(code: "SPRING", expiresAt: Instants.january2030)

        #expect(expired)
    }

    @Test func globalClosureSeamCouponValid() {
        currentDateProvider = { Instants.june2029 }
        defer { currentDateProvider = systemNow }

        let expired = CouponChecker().isExpired(code: "SPRING", expiresAt: Instants.january2030)

        #expect(!expired)
    }

    // Stable: task-local seam; each test's override is visible only inside its own `withValue`.

    @Test func taskLocalSeamTicketExpired() {
        let expired = TimeSource.$now.withValue({ Instants.june2030 }) {
            TicketChecker().isExpired(expiresAt: Instants.january2030)
        }

        #expect(expired)
    }

    @Test func taskLocalSeamTicketValid() {
        let expired = TimeSource.$now.withValue({ Instants.june2029 }) {
            TicketChecker().isExpired(expiresAt: Instants.january2030)
        }

        #expect(!expired)
    }
}
