import Foundation
import Testing
import UncheckedGlobals

/// Two tests that each swap the global clock, run in parallel as Swift Testing does by default: one can
/// read the clock the other just set.
@Suite struct ExpiryTests {
    let deadline = Date(timeIntervalSince1970: 1_000)

    @Test func beforeTheDeadlineIsNotExpired() {
        currentDate = { Date(timeIntervalSince1970: 999) }
        #expect(!isExpired(deadline))
    }

    @Test func afterTheDeadlineIsExpired() {
        currentDate = { Date(timeIntervalSince1970: 1_001) }
        #expect(isExpired(deadline))
    }
}
