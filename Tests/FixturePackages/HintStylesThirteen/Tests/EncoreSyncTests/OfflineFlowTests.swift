import Foundation
import Testing
import EncoreModel
import EncoreSync

@Suite("Offline flows")
struct OfflineFlowTests {
    @Test func scrubbingUploadsOnlyFinalPositionOnceDebounceElapses() async {
        let scheduler = ManualScheduler(now: Fixtures.referenceDate)
        let uploader = RecordingPositionUploader()
        let syncer = PlaybackPositionSyncer(
            uploader: uploader,
            deviceID: "macbook-test",
            scheduler: scheduler,
            debounce: 5
        )

        await syncer.noteScrub(track: Fixtures.nightcall.id, seconds: 30)
        await syncer.noteScrub(track: Fixtures.nightcall.id, seconds: 95)
        await syncer.noteScrub(track: Fixtures.nightcall.id, seconds: 121)
        await scheduler.advance(by: 5)

        let uploaded = await uploader.uploaded
        #expect(uploaded.map(\.seconds) == [121])
        #expect(uploaded.first?.recordedAt == Fixtures.referenceDate)
    }

    @Test func callbackDownloadResumesWithFinalState() async {
        let harness = DownloadHarness()

        let state = await withCheckedContinuation { (continuation: CheckedContinuation<DownloadState, Never>) in
            harness.queue.download(Fixtures.midnightCity) { state in
                continuation.resume(returning: state)
            }
        }

        #expect(state == .completed(localURL: harness.expectedURL(for: Fixtures.midnightCity)))
        #expect(await harness.queue.state(for: Fixtures.midnightCity.id) == state)
    }

    @Test @MainActor func storageBannerAppearsOncePendingWorkRuns() async {
        let banner = StorageBannerViewModel()
        #expect(banner.bannerText == nil)

        banner.storageUsageChanged(usedBytes: 46_000_000, budgetBytes: 50_000_000)
        await Turns.letPendingWorkRun()

        #expect(banner.bannerText == "Offline storage 92% full")
    }
}
