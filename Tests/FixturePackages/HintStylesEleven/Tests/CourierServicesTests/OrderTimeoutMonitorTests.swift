import XCTest
import CourierModel
import CourierServices

final class OrderTimeoutMonitorTests: XCTestCase {
    func testUnacceptedOrderIsCancelledWhenWindowElapses() async {
        let scheduler = TestScheduler()
        let order = Fixtures.order("o-1601", placedAt: scheduler.now)
        let store = InMemoryOrderStore([order])
        let customers = RecordingCustomerNotifier()
        let monitor = OrderTimeoutMonitor(scheduler: scheduler, store: store, customerNotifier: customers, acceptanceWindow: 600)

        await monitor.watch(order)
        await scheduler.advance(by: 599)

        let beforeDeadline = await store.order("o-1601")?.status
        XCTAssertEqual(beforeDeadline, .placed)

        await scheduler.advance(by: 1)
        let afterDeadline = await store.order("o-1601")?.status
        XCTAssertEqual(afterDeadline, .cancelled)
        let messages = await customers.messages
        XCTAssertEqual(messages.map(\.customer), [Fixtures.customer])
    }
}
