import XCTest
import CourierModel
import CourierServices

final class LiveTrackingFeedTests: XCTestCase {
    func testIngestEventuallyUpdatesLastPing() async {
        let road = Coordinate(latitude: 40.7442, longitude: -73.9868)
        let tracker = LiveTrackingFeed(snapper: FixedRoadSnapper(snapped: road))

        tracker.ingest(Fixtures.ping(courier: "c-7", order: "o-7001", at: Fixtures.nearbyCorner))
        while tracker.lastPing == nil {
            await Task.yield()
        }

        XCTAssertEqual(tracker.lastPing?.coordinate, road)
        XCTAssertEqual(tracker.route(for: "o-7001").count, 1)
        XCTAssertEqual(tracker.pingCount, 1)
    }
}
