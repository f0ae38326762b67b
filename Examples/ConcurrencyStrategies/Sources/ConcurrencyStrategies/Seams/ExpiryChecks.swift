// Strategy family 5: seams for a standalone function (here: "what time is it?").
// Source article: mocking-standalone-functions.txt
//
// The same rule ("a coupon/ticket/subscription is expired once now >= its expiry date") is written
// three times, each with a different seam around the standalone call that reads the time.
import Foundation
import Synchronization

// MARK: Object seam: the standalone call promoted to an overridable method

/// The call site says `now()`, which is really `self.now()`; a test subclass overrides it.
open class SubscriptionChecker {
    public init() {}

    open func now() -> Date { Date() }

    public func isExpired(expiresAt: Date) -> Bool {
        now() >= expiresAt
    }
}

// MARK: Namespace seam: a module-level function that forwards to a swappable global closure

/// The default implementation, kept so tests can restore it.
public let systemNow: @Sendable () -> Date = { Date() }

/// The seam. Tests assign a fake and must put `systemNow` back afterwards. It is one variable for
/// the whole process: nothing stops two tests from assigning it at the same time. (The article's
/// version is a plain global `var`; in Swift 6 that needs `nonisolated(unsafe)` and is then a
/// memory-level data race as well. The Mutex removes that part, not the sharing.)
public var currentDateProvider: @Sendable () -> Date {
    get { dateProviderStorage.withLock { $0 } }
    set { dateProviderStorage.withLock { $0 = newValue } }
}

private let dateProviderStorage = Mutex<@Sendable () -> Date>(systemNow)

/// Same name and shape everywhere in the module, so call sites never change.
public func currentDate() -> Date { currentDateProvider() }

/// A value type (can't be subclassed), so it uses the namespace seam.
public struct CouponChecker: Sendable {
    public init() {}

    public func isExpired(code: String, expiresAt: Date) -> Bool {
        currentDate() >= expiresAt
    }
}

// MARK: Task-local seam: the same forwarding function, but the override is scoped to a task tree

public enum TimeSource {
    /// Bound with `TimeSource.$now.withValue(...) { ... }`; visible only to the code that runs inside
    /// that closure (and tasks it creates), so parallel tests can't see each other's overrides.
    @TaskLocal public static var now: @Sendable () -> Date = { Date() }
}

public struct TicketChecker: Sendable {
    public init() {}

    public func isExpired(expiresAt: Date) -> Bool {
        TimeSource.now() >= expiresAt
    }
}
