import Testing
@testable import Checkout

struct OrderTimelineTests {
    @Test func timelineEndsWithShipment() async {
        let tracker = OrderTracker(fulfillment: StubFulfillment(ships: true))
        tracker.start(Fixtures.order(id: "ord_9"))

        var timeline: [OrderEvent] = []
        for await event in tracker.events {
            timeline.append(event)
            if case .shipped = event { break }
        }

        #expect(timeline == [.placed("ord_9"), .shipped("ord_9")])
    }
}
