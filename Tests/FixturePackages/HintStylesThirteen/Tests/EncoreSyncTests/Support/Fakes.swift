import Foundation
import EncoreModel
import EncoreSync

// MARK: Downloads

/// Pretends to download by writing nothing and returning the would-be file URL.
actor FakeDownloadTransport: DownloadTransport {
    private(set) var requestedIDs: [TrackID] = []
    private var failures: [TrackID: String] = [:]

    func failDownloads(of id: TrackID, reason: String) {
        failures[id] = reason
    }

    func download(_ track: Track, to directory: URL) async throws -> URL {
        requestedIDs.append(track.id)
        if let reason = failures[track.id] {
            throw DownloadError.transportFailed(reason)
        }
        return directory.appendingPathComponent(track.offlineFileName)
    }
}

// MARK: Licences

actor FakeLicenseServer: LicenseServer {
    private(set) var renewCalls: [TrackID] = []
    var validFor: TimeInterval = 30 * 86_400

    func renew(_ token: LicenseToken, region: String) async throws -> LicenseGrant {
        renewCalls.append(token.trackID)
        return LicenseGrant(validFor: validFor, region: region)
    }
}

// MARK: Playlists

/// Callback-style remote that answers on a background dispatch queue, like the generated REST client.
final class FakePlaylistRemote: PlaylistRemote, @unchecked Sendable {
    private let responses = LockedValue<[PlaylistChangeSet]>([])
    private let deleted = LockedValue<[PlaylistID]>([])
    private let callbackQueue = DispatchQueue(label: "encore.tests.playlist-remote")

    init(responses: [PlaylistChangeSet] = []) {
        self.responses.withLock { $0 = responses }
    }

    var deletedIDs: [PlaylistID] { deleted.current }

    func fetchChanges(since revision: Int, completion: @escaping @Sendable (Result<PlaylistChangeSet, Error>) -> Void) {
        let next = responses.withLock { queued -> PlaylistChangeSet in
            guard !queued.isEmpty else {
                return PlaylistChangeSet(upserted: [], serverRevision: revision)
            }
            return queued.removeFirst()
        }
        callbackQueue.async {
            completion(.success(next))
        }
    }

    func deletePlaylist(_ id: PlaylistID, completion: @escaping @Sendable (Error?) -> Void) {
        deleted.withLock { $0.append(id) }
        callbackQueue.async {
            completion(nil)
        }
    }
}

// MARK: Playback positions

actor RecordingPositionUploader: PositionUploader {
    private(set) var uploaded: [PlaybackPosition] = []

    func upload(_ position: PlaybackPosition) async throws {
        uploaded.append(position)
    }
}

// MARK: Lyrics

actor FakeLyricsAPI: LyricsAPI {
    private var lyricsByID: [TrackID: [LyricsLine]]
    private(set) var lyricsRequestCount = 0
    private(set) var translationLanguages: [String] = []

    init(lyrics: [TrackID: [LyricsLine]]) {
        self.lyricsByID = lyrics
    }

    func lyrics(for id: TrackID) async throws -> [LyricsLine] {
        lyricsRequestCount += 1
        guard let lines = lyricsByID[id] else { throw URLError(.resourceUnavailable) }
        return lines
    }

    func translation(for id: TrackID, language: String) async throws -> [String] {
        translationLanguages.append(language)
        guard let lines = lyricsByID[id] else { throw URLError(.resourceUnavailable) }
        return lines.map { "[\(language)] \($0.text)" }
    }
}

// MARK: Cache

actor FakeCacheFileStore: CacheFileStore {
    private(set) var removed: [TrackID] = []

    func removeFile(for id: TrackID) async throws {
        removed.append(id)
    }
}

actor RecordingAnalytics: AnalyticsSink {
    private(set) var events: [AnalyticsEvent] = []

    func record(_ event: AnalyticsEvent) async {
        events.append(event)
    }
}
