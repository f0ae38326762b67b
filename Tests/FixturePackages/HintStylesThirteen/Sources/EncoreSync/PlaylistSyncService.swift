import Foundation
import EncoreModel

/// Callback-based client generated from the playlist REST API.
public protocol PlaylistRemote: Sendable {
    func fetchChanges(since revision: Int, completion: @escaping @Sendable (Result<PlaylistChangeSet, Error>) -> Void)
    func deletePlaylist(_ id: PlaylistID, completion: @escaping @Sendable (Error?) -> Void)
}

public actor PlaylistSyncService {
    private let remote: PlaylistRemote
    private var playlists: [Playlist]
    public private(set) var lastSyncedRevision: Int
    public private(set) var tombstones: Set<PlaylistID> = []

    public init(remote: PlaylistRemote, seed: [Playlist] = [], revision: Int = 0) {
        self.remote = remote
        self.playlists = seed
        self.lastSyncedRevision = revision
    }

    public func localPlaylists() -> [Playlist] {
        playlists
    }

    /// Pulls everything newer than the last synced revision and merges it into the local library.
    @discardableResult
    public func pullChanges() async throws -> [Playlist] {
        let since = lastSyncedRevision
        let changes = try await fetchChanges(since: since)
        playlists = PlaylistMerger.merge(local: playlists, changes: changes)
        lastSyncedRevision = max(lastSyncedRevision, changes.serverRevision)
        return playlists
    }

    private func fetchChanges(since revision: Int) async throws -> PlaylistChangeSet {
        try await withCheckedThrowingContinuation { continuation in
            remote.fetchChanges(since: revision) { result in
                continuation.resume(with: result)
            }
        }
    }

    /// Deletes locally first (so the UI never shows it again) and then on the server.
    public func deleteRemote(_ id: PlaylistID) async throws {
        tombstones.insert(id)
        playlists.removeAll { $0.id == id }
        guard !id.isLocalOnly else { return }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            remote.deletePlaylist(id) { error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume()
                }
            }
        }
    }

    /// Kicks off a sync from places that cannot await (push notification handlers, app launch).
    public nonisolated func syncInBackground() {
        Task(priority: .background) {
            _ = try? await self.pullChanges()
        }
    }
}
