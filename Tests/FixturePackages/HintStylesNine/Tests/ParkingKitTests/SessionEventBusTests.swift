import Foundation
import ParkingKit
import XCTest

final class SessionEventBusTests: XCTestCase {
    private var bus: SessionEventBus!
    private var received: LockedBox<[SessionEvent]>!

    override func setUp() {
        super.setUp()
        bus = SessionEventBus()
        received = LockedBox([])
        let sink = received!
        bus.subscribe { event in
            sink.mutate { $0.append(event) }
        }
    }

    func testBroadcastDeliversToWidget() {
        bus.broadcast(.started(sessionID: "S-1"))

        XCTAssertEqual(received.value.count, 1)
    }

    func testBroadcastReachesSubscribersAfterPause() {
        bus.broadcast(.expired(sessionID: "S-2"))
        Thread.sleep(forTimeInterval: 0.05)

        XCTAssertEqual(received.value, [.expired(sessionID: "S-2")])
    }
}
