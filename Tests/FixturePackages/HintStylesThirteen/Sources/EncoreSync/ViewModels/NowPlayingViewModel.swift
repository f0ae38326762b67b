import Foundation
import EncoreModel

@MainActor
public final class NowPlayingViewModel {
    public let track: Track
    /// Position shown by the scrubber once a seek has been committed.
    public private(set) var committedPosition: Double = 0

    private let positions: PlaybackPositionSyncer

    public init(track: Track, positions: PlaybackPositionSyncer) {
        self.track = track
        self.positions = positions
    }

    /// Called when the user lifts their finger off the scrubber.
    public func seek(to seconds: Double) {
        let clamped = min(max(0, seconds), track.durationSeconds)
        Task {
            committedPosition = clamped
            await positions.noteScrub(track: track.id, seconds: clamped)
        }
    }
}
