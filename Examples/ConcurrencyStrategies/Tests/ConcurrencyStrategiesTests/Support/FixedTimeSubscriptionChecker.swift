import ConcurrencyStrategies
import Foundation

/// Test-specific subclass for the object seam: overrides the promoted `now()` method.
final class FixedTimeSubscriptionChecker: SubscriptionChecker {
    private let fixedNow: Date

    init(now: Date) {
        self.fixedNow = now
        super.init()
    }

    override func now() -> Date { fixedNow }
}
