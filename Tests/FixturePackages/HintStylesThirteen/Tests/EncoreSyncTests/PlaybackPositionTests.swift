import Foundation
import XCTest
import EncoreModel
import EncoreSync

final class PlaybackPositionTests: XCTestCase {
    private func makeSyncer(uploader: RecordingPositionUploader, deviceID: String = "iphone-15-test") -> PlaybackPositionSyncer {
        PlaybackPositionSyncer(
            uploader: uploader,
            deviceID: deviceID,
            scheduler: ManualScheduler(now: Fixtures.referenceDate),
            resumePointDirectory: FileManager.default.temporaryDirectory
                .appendingPathComponent("encore-resume-\(UUID().uuidString)", isDirectory: true)
        )
    }

    @MainActor
    func testPauseRecordsResumePoint() async {
        let syncer = makeSyncer(uploader: RecordingPositionUploader())

        syncer.playerDidPause(track: Fixtures.nightcall.id, at: 142.5)

        let recorded = await syncer.lastRecordedPosition(for: Fixtures.nightcall.id)
        XCTAssertEqual(recorded?.seconds, 142.5)
        XCTAssertEqual(recorded?.deviceID, "iphone-15-test")
    }

    @MainActor
    func testPauseUploadIsSentOnceTheTimerFires() async {
        let uploader = RecordingPositionUploader()
        let syncer = makeSyncer(uploader: uploader)

        syncer.playerDidPause(track: Fixtures.teardrop.id, at: 61)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Task {
                try? await Task.sleep(nanoseconds: 250_000_000)
                continuation.resume()
            }
        }

        let uploads = await uploader.uploaded
        XCTAssertEqual(uploads.map(\.seconds), [61])
        let count = await syncer.uploadedCount
        XCTAssertEqual(count, 1)
    }

    @MainActor
    func testSeekCommitsClampedPositionWithinAFewTurns() async {
        let syncer = makeSyncer(uploader: RecordingPositionUploader(), deviceID: "ipad-test")
        let viewModel = NowPlayingViewModel(track: Fixtures.windowlicker, positions: syncer)
        XCTAssertEqual(viewModel.committedPosition, 0)

        viewModel.seek(to: 400)
        for _ in 0..<3 {
            await Task.yield()
        }

        XCTAssertEqual(viewModel.committedPosition, Fixtures.windowlicker.durationSeconds)
    }
}
