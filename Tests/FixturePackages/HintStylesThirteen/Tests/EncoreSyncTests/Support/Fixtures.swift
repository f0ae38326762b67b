import Foundation
import EncoreModel

enum Fixtures {
    static let referenceDate = Date(timeIntervalSince1970: 1_717_200_000) // 2024-06-01

    static let nightcall = Track(id: "trk-nightcall", title: "Nightcall", artist: "Kavinsky", album: "OutRun", durationSeconds: 258)
    static let midnightCity = Track(id: "trk-midnight-city", title: "Midnight City", artist: "M83", album: "Hurry Up, We're Dreaming", durationSeconds: 244)
    static let teardrop = Track(id: "trk-teardrop", title: "Teardrop", artist: "Massive Attack", album: "Mezzanine", durationSeconds: 330, quality: .lossless)
    static let windowlicker = Track(id: "trk-windowlicker", title: "Windowlicker", artist: "Aphex Twin", durationSeconds: 367)

    static var allTracks: [Track] { [nightcall, midnightCity, teardrop, windowlicker] }

    static let roadTrip = Playlist(id: "pl-road-trip", name: "Road Trip", trackIDs: [nightcall.id, midnightCity.id], revision: 1, isAvailableOffline: true)
    static let lateNight = Playlist(id: "pl-late-night", name: "Late Night", trackIDs: [teardrop.id], revision: 1)

    static func license(for track: Track, expiresIn interval: TimeInterval, from now: Date = referenceDate) -> LicenseToken {
        LicenseToken(
            trackID: track.id,
            issuedAt: now.addingTimeInterval(-30 * 86_400),
            expiresAt: now.addingTimeInterval(interval),
            renewalCount: 0,
            region: "US"
        )
    }

    static func lyricLines(_ texts: String...) -> [LyricsLine] {
        texts.enumerated().map { index, text in
            LyricsLine(startSeconds: Double(index) * 4, text: text)
        }
    }

    static func cacheEntry(_ track: Track, playedDaysAgo days: Double, pinned: Bool = false) -> CacheEntry {
        CacheEntry(
            trackID: track.id,
            byteSize: track.estimatedByteSize,
            lastPlayedAt: referenceDate.addingTimeInterval(-days * 86_400),
            isPinned: pinned
        )
    }
}
