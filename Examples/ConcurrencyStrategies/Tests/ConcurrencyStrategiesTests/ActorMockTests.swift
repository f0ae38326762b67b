// Counting calls to a mock actor's `nonisolated` method, three ways (Swift Testing).
// XCTest twins, with longer comments: ActorMockXCTests.swift.
// Article: actor-mocks-nonisolated-members.txt
import ConcurrencyStrategies
import Testing

@Suite struct ActorMockTests {

    /// Flaky: the count is incremented by a `Task {}` inside the mock, which may or may not have
    /// reached the actor by the time the test reads the count.
    @Test func fireAndForgetCount() async throws {
        let tracker = FireAndForgetTrackerMock()
        let checkout = CheckoutFlow(tracker: tracker)

        let reference = await checkout.purchase("book")

        #expect(reference == "mock-session/book")
        #expect(await tracker.trackCallCount == 1)
    }

    /// Stable: Mutex-protected nonisolated storage; counted before `track(_:)` returns.
    @Test func mutexStorageCount() async {
        let tracker = MutexTrackerMock()
        let checkout = CheckoutFlow(tracker: tracker)

        let reference = await checkout.purchase("book")

        #expect(reference == "mock-session/book")
        #expect(tracker.trackCallCount == 1)
        #expect(tracker.trackedEvents == ["purchase:book"])
    }

    /// Flaky when run together with `globalStorageTwoPurchases()`: Swift Testing runs the two in
    /// parallel, and both mocks read, write and reset one global storage.
    @Test func globalStorageOnePurchase() async {
        let tracker = GlobalStorageTrackerMock()
        let checkout = CheckoutFlow(tracker: tracker)

        _ = await checkout.purchase("book")

        #expect(tracker.trackedEvents == ["purchase:book"])
    }

    @Test func globalStorageTwoPurchases() async {
        let tracker = GlobalStorageTrackerMock()
        let checkout = CheckoutFlow(tracker: tracker)

        _ = await checkout.purchase("pen")
        _ = await checkout.purchase("ink")

        #expect(tracker.trackedEvents == ["purchase:pen", "purchase:ink"])
    }
}
