import Foundation
import EncoreModel
import EncoreSync

/// Builds a queue over a fake transport and knows how to let it finish.
struct DownloadHarness {
    let transport = FakeDownloadTransport()
    let directory = URL(fileURLWithPath: "/tmp/encore-tests/offline", isDirectory: true)
    let queue: DownloadQueue

    init() {
        queue = DownloadQueue(transport: transport, directory: directory)
    }

    func expectedURL(for track: Track) -> URL {
        directory.appendingPathComponent(track.offlineFileName)
    }

    /// Enqueues and starts a background drain.
    func startDownloading(_ tracks: [Track]) async {
        await queue.enqueue(tracks)
        await queue.startProcessing()
    }

    /// Returns once every queued download has reached a terminal state.
    func finishPendingDownloads() async {
        await drain(queue)
    }

    private func drain(_ queue: DownloadQueue) async {
        await queue.waitForIdle()
    }
}
