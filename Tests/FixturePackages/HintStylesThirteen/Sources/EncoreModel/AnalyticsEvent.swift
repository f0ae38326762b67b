import Foundation

public enum AnalyticsEvent: Sendable, Equatable {
    case cacheEvicted(trackCount: Int, freedBytes: Int64)
    case downloadFailed(TrackID, reason: String)
    case licenseRenewed(TrackID)
    case lyricsShown(TrackID)
}

public protocol AnalyticsSink: Sendable {
    func record(_ event: AnalyticsEvent) async
}
