import XCTest
@testable import PhotoSync

final class AnalyticsTests: XCTestCase {
    func testTrackRecordsEvent() async {
        let log = AnalyticsLog()

        log.track("gallery_opened")

        let events = await log.events
        XCTAssertEqual(events, ["gallery_opened"])
    }

    func testTrackRecordsEventsInOrderAfterYielding() async {
        let log = AnalyticsLog()

        log.track("upload_started")
        log.track("upload_finished")
        await yieldMany(20)

        let events = await log.events
        XCTAssertEqual(events.count, 2)
    }
}
