// Counting calls to a mock actor's `nonisolated` method, three ways (XCTest).
// Swift Testing twins: ActorMockTests.swift. Article: actor-mocks-nonisolated-members.txt
// The mocks are in Support/TrackerMocks.swift.
import ConcurrencyStrategies
import XCTest

final class ActorMockXCTests: XCTestCase {

    /// Flaky: the mock's nonisolated `track(_:)` records the call in a `Task {}` it fires onto the
    /// actor, and returns at once. `purchase` awaits the actor once more after tracking, which
    /// usually, but not always, gives that task time to land before the test reads the count.
    /// (Adding `await Task.yield()` here made it pass 100/100 on Linux: the yield queues the test
    /// behind the fired task on the FIFO global executor. That is luck of the runtime, not a
    /// guarantee the language gives you.)
    func testFireAndForgetCount() async throws {
        let tracker = FireAndForgetTrackerMock()
        let checkout = CheckoutFlow(tracker: tracker)

        let reference = await checkout.purchase("book")

        XCTAssertEqual(reference, "mock-session/book")
        let count = await tracker.trackCallCount
        XCTAssertEqual(count, 1)
    }

    /// Stable: the mock records synchronously into Mutex-protected storage, so the call is counted
    /// before `track(_:)` returns. Nothing to wait for.
    func testMutexStorageCount() async {
        let tracker = MutexTrackerMock()
        let checkout = CheckoutFlow(tracker: tracker)

        let reference = await checkout.purchase("book")

        XCTAssertEqual(reference, "mock-session/book")
        XCTAssertEqual(tracker.trackCallCount, 1)
        XCTAssertEqual(tracker.trackedEvents, ["purchase:book"])
    }

    /// Stable while tests run one at a time (XCTest's default): the storage is a global that each
    /// new mock resets.
    func testGlobalStorageOnePurchase() async {
        let tracker = GlobalStorageTrackerMock()
        let checkout = CheckoutFlow(tracker: tracker)

        _ = await checkout.purchase("book")

        XCTAssertEqual(tracker.trackedEvents, ["purchase:book"])
    }

    /// Second user of the same global storage; harmless here because XCTest runs it after (never
    /// alongside) the test above.
    func testGlobalStorageTwoPurchases() async {
        let tracker = GlobalStorageTrackerMock()
        let checkout = CheckoutFlow(tracker: tracker)

        _ = await checkout.purchase("pen")
        _ = await checkout.purchase("ink")

        XCTAssertEqual(tracker.trackedEvents, ["purchase:pen", "purchase:ink"])
    }
}
