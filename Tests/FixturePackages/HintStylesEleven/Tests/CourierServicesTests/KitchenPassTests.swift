import Foundation
import XCTest
import CourierModel
import CourierServices

final class KitchenPassTests: XCTestCase {
    private func makePass(
        sink: any EventSink,
        notifier: RecordingCourierNotifier = RecordingCourierNotifier(),
        assignments: [OrderID: CourierID] = [:]
    ) -> KitchenPassService {
        let announcer = ReadinessAnnouncer(
            analytics: CourierAnalytics(sink: sink),
            courierNotifier: notifier,
            assignments: StaticAssignmentLookup(table: assignments)
        )
        return KitchenPassService(announcer: announcer)
    }

    func testBumpingFinalStationDoesNotWaitForAnalytics() async {
        let sink = RecordingEventSink()
        let pass = makePass(sink: sink)
        let tickets = Fixtures.tickets(for: "o-1101", stations: [.wok, .drinks])
        pass.expect(tickets)

        pass.ticketBumped(tickets[0])
        pass.ticketBumped(tickets[1])

        let readyEvents = await sink.events(named: "order_ready_for_pickup")
        XCTAssertLessThanOrEqual(readyEvents.count, 1, "the pass announces an order at most once")
        XCTAssertTrue(pass.outstandingStations(for: "o-1101").isEmpty)
    }

    func testFinalBumpNotifiesAssignedCourier() async {
        let notifier = RecordingCourierNotifier()
        let pass = makePass(sink: RecordingEventSink(), notifier: notifier, assignments: ["o-1201": "c-33"])
        let tickets = Fixtures.tickets(for: "o-1201", stations: [.grill, .fryer, .dessert])
        pass.expect(tickets)

        for ticket in tickets {
            pass.ticketBumped(ticket)
        }
        let messages = await notifier.waitForMessages(count: 1)

        XCTAssertEqual(messages.map(\.courier), ["c-33"])
        XCTAssertTrue(messages[0].text.contains("o-1201"))
    }

    func testReadyEventIsRecordedOnceTheTimerFires() async {
        let sink = RecordingEventSink()
        let pass = makePass(sink: sink)
        let tickets = Fixtures.tickets(for: "o-1301", stations: [.salad])
        pass.expect(tickets)

        pass.ticketBumped(tickets[0])
        let flushWindow = expectation(description: "analytics flush window elapsed")
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) {
            flushWindow.fulfill()
        }
        await fulfillment(of: [flushWindow], timeout: 2)

        let events = await sink.events
        XCTAssertEqual(events, [.readyForPickup("o-1301")])
    }
}
