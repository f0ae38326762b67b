import Foundation
import EncoreModel

/// Turns "make available offline" taps into download work.
public final class OfflinePinCoordinator: Sendable {
    private let queue: DownloadQueue
    private let pinned = LockedValue<Set<TrackID>>([])

    public init(queue: DownloadQueue) {
        self.queue = queue
    }

    public var pinnedIDs: Set<TrackID> { pinned.current }

    public func pin(_ track: Track) {
        let inserted = pinned.withLock { $0.insert(track.id).inserted }
        guard inserted else { return }
        startBackgroundDownload(of: [track])
    }

    public func unpin(_ id: TrackID) {
        pinned.withLock { _ = $0.remove(id) }
    }

    private func startBackgroundDownload(of tracks: [Track]) {
        let queue = self.queue
        Task.detached(priority: .utility) {
            await queue.enqueue(tracks)
            await queue.startProcessing()
        }
    }
}
