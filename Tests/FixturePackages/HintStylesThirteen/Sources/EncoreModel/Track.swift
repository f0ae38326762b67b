import Foundation

public struct Track: Hashable, Sendable, Codable, Identifiable {
    public enum AudioQuality: String, Sendable, Codable, CaseIterable {
        case normal
        case high
        case lossless

        /// Approximate bytes per second of audio used for cache budgeting.
        public var bytesPerSecond: Int64 {
            switch self {
            case .normal: return 12_000
            case .high: return 40_000
            case .lossless: return 110_000
            }
        }
    }

    public let id: TrackID
    public var title: String
    public var artist: String
    public var album: String
    public var durationSeconds: Double
    public var quality: AudioQuality

    public init(
        id: TrackID,
        title: String,
        artist: String,
        album: String = "",
        durationSeconds: Double,
        quality: AudioQuality = .high
    ) {
        self.id = id
        self.title = title
        self.artist = artist
        self.album = album
        self.durationSeconds = durationSeconds
        self.quality = quality
    }

    /// Expected size of the encrypted audio file once downloaded.
    public var estimatedByteSize: Int64 {
        Int64(durationSeconds.rounded(.up)) * quality.bytesPerSecond
    }

    /// File name used in the offline store; keeps identifiers filesystem safe.
    public var offlineFileName: String {
        let safe = id.rawValue.map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return String(safe) + ".encaudio"
    }
}
