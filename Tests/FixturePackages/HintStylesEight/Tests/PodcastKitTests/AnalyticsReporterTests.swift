import XCTest
@testable import PodcastKit

final class AnalyticsReporterTests: XCTestCase {
    func testTrackingSendsPlayEvent() {
        let sent = LockedBox<[AnalyticsEvent]>([])
        let reporter = AnalyticsReporter { batch in
            sent.mutate { $0.append(contentsOf: batch) }
        }

        reporter.track(.episodePlayed("ep1"))

        XCTAssertEqual(sent.value, [.episodePlayed("ep1")])
    }
}
