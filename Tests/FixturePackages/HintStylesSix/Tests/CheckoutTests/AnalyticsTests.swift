import Dispatch
import XCTest
@testable import Checkout

final class AnalyticsTests: BaseTestCase {
    func testTrackIsFireAndForget() {
        let sink = SpyAnalyticsSink()
        let analytics = CheckoutAnalytics(sink: sink)

        analytics.track(.checkoutStarted)

        XCTAssertEqual(sink.events, [.checkoutStarted])
    }

    func testTrackEventuallyRecorded() async {
        let sink = SpyAnalyticsSink()
        let analytics = CheckoutAnalytics(sink: sink)

        analytics.track(.paymentSubmitted(amount: 5_750))
        let delivered = await eventually { sink.events.count == 1 }

        XCTAssertTrue(delivered)
        XCTAssertEqual(sink.events, [.paymentSubmitted(amount: 5_750)])
    }

    func testBatchDeliveredInOrder() async throws {
        let sink = SpyAnalyticsSink()
        let analytics = CheckoutAnalytics(sink: sink)

        await analytics.trackBatch([.cartViewed, .checkoutStarted, .paymentFailed])

        XCTAssertEqual(sink.events, [.cartViewed, .checkoutStarted, .paymentFailed])
        let delivered = await analytics.deliveredCount
        XCTAssertEqual(delivered, 3)
        // Give any stray tracking tasks a moment before teardown.
        try await Task.sleep(for: .milliseconds(50))
    }

    func testLegacyUploadCompletesViaDispatchGroup() {
        let sink = SpyAnalyticsSink()
        let analytics = CheckoutAnalytics(sink: sink)
        let group = DispatchGroup()
        let uploaded = Locked(0)

        group.enter()
        analytics.upload([.cartViewed, .checkoutStarted]) { count in
            uploaded.set(count)
            group.leave()
        }
        let outcome = group.wait(timeout: .now() + 2)

        XCTAssertEqual(outcome, .success)
        XCTAssertEqual(uploaded.value, 2)
        XCTAssertEqual(sink.events.count, 2)
    }
}
