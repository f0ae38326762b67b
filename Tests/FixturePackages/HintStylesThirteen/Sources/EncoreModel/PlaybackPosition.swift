import Foundation

/// Where the listener stopped, used for "continue on another device".
public struct PlaybackPosition: Sendable, Equatable, Codable {
    public let trackID: TrackID
    public var seconds: Double
    public var deviceID: String
    public var recordedAt: Date

    public init(trackID: TrackID, seconds: Double, deviceID: String, recordedAt: Date) {
        self.trackID = trackID
        self.seconds = seconds
        self.deviceID = deviceID
        self.recordedAt = recordedAt
    }

    /// Positions within the last few seconds of a track are treated as "finished".
    public func isNearEnd(of track: Track, tolerance: Double = 5) -> Bool {
        track.durationSeconds - seconds <= tolerance
    }
}
