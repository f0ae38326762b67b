import XCTest
@testable import PodcastKit

final class StatsRecorderTests: XCTestCase {
    func testEntriesAreTaggedWithActiveProfile() async {
        let recorder = StatsRecorder()

        await ListeningSession.$profileID.withValue("kids") {
            await recorder.record(minutes: 12, episodeID: "ep1")
        }

        let entries = await recorder.entries
        XCTAssertEqual(entries.map(\.profile), ["kids"])
        let ownerMinutes = await recorder.totalMinutes(forProfile: "owner")
        XCTAssertEqual(ownerMinutes, 0)
    }

    func testConcurrentRecordsAreAllKept() async {
        let recorder = StatsRecorder()

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    await recorder.record(minutes: 3, episodeID: "ep\(index)")
                }
            }
        }

        let total = await recorder.totalMinutes(forProfile: "owner")
        XCTAssertEqual(total, 60)
    }
}

/// Everything in here runs as a guest on a shared device (e.g. CarPlay in a
/// friend's car).
final class GuestProfilePreferencesTests: XCTestCase {
    override func invokeTest() {
        ListeningSession.$profileID.withValue("guest") {
            super.invokeTest()
        }
    }

    func testGuestGetsNormalSpeed() async {
        let preferences = PreferencesStore(playbackRates: ["owner": 1.5])

        let rate = await preferences.defaultPlaybackRate()

        XCTAssertEqual(rate, 1.0)
    }
}
