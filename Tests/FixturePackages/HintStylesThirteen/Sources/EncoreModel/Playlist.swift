import Foundation

public struct Playlist: Hashable, Sendable, Codable, Identifiable {
    public let id: PlaylistID
    public var name: String
    public var trackIDs: [TrackID]
    /// Monotonic server revision. Local edits that have not been pushed keep the last seen revision.
    public var revision: Int
    public var isAvailableOffline: Bool

    public init(
        id: PlaylistID,
        name: String,
        trackIDs: [TrackID] = [],
        revision: Int = 0,
        isAvailableOffline: Bool = false
    ) {
        self.id = id
        self.name = name
        self.trackIDs = trackIDs
        self.revision = revision
        self.isAvailableOffline = isAvailableOffline
    }
}

/// A batch of playlist changes returned by the sync endpoint.
public struct PlaylistChangeSet: Sendable, Equatable {
    public var upserted: [Playlist]
    public var deletedIDs: [PlaylistID]
    /// Revision of the server after applying this change set.
    public var serverRevision: Int

    public init(upserted: [Playlist], deletedIDs: [PlaylistID] = [], serverRevision: Int) {
        self.upserted = upserted
        self.deletedIDs = deletedIDs
        self.serverRevision = serverRevision
    }
}
