import XCTest
import EncoreModel
import EncoreSync

final class DownloadQueueTests: XCTestCase {
    func testDownloadNowReturnsLocalFile() async throws {
        let harness = DownloadHarness()
        let track = Fixtures.nightcall
        let before = await harness.queue.state(for: track.id)
        XCTAssertNil(before, "a fresh queue should know nothing about the track")

        let url = try await harness.queue.downloadNow(track)

        XCTAssertEqual(url, harness.expectedURL(for: track))
        let state = await harness.queue.state(for: track.id)
        XCTAssertEqual(state, .completed(localURL: url))
    }

    func testBackgroundDrainCompletesEveryQueuedTrack() async {
        let harness = DownloadHarness()
        let tracks = [Fixtures.nightcall, Fixtures.midnightCity, Fixtures.teardrop]

        await harness.startDownloading(tracks)
        await harness.finishPendingDownloads()

        for track in tracks {
            let state = await harness.queue.state(for: track.id)
            XCTAssertEqual(state, .completed(localURL: harness.expectedURL(for: track)), "\(track.title)")
        }
        let requested = await harness.transport.requestedIDs
        XCTAssertEqual(requested, tracks.map(\.id))
        let pending = await harness.queue.pendingCount
        XCTAssertEqual(pending, 0)
    }

    func testEventStreamReportsStartAndFinishInOrder() async {
        let harness = DownloadHarness()
        let first = Fixtures.nightcall
        let second = Fixtures.midnightCity
        let events = await harness.queue.events()

        await harness.startDownloading([first, second])
        let received = await collect(events) { event in
            event.trackID == second.id && event.isTerminal
        }

        XCTAssertEqual(received, [
            .started(first.id),
            .finished(first.id, harness.expectedURL(for: first)),
            .started(second.id),
            .finished(second.id, harness.expectedURL(for: second)),
        ])
    }

    func testRejectedDownloadIsMarkedFailedAfterSettling() async throws {
        let harness = DownloadHarness()
        let track = Fixtures.teardrop
        await harness.transport.failDownloads(of: track.id, reason: "HTTP 403 region locked")

        await harness.startDownloading([track])
        try await TestTiming.settle()

        let state = await harness.queue.state(for: track.id)
        XCTAssertEqual(
            state,
            .failed(reason: String(describing: DownloadError.transportFailed("HTTP 403 region locked")))
        )
        let completed = await harness.queue.completedTracks()
        XCTAssertTrue(completed.isEmpty)
    }
}
