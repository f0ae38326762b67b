import Foundation

/// Pure merge rules used when a pulled change set meets the local library.
public enum PlaylistMerger {
    /// Merges remote changes into the local library.
    ///
    /// - A remote playlist replaces the local one only when its revision is newer.
    /// - Local-only playlists (not yet pushed) are always kept.
    /// - Deleted identifiers are removed unless the playlist is local-only.
    public static func merge(local: [Playlist], changes: PlaylistChangeSet) -> [Playlist] {
        var byID: [PlaylistID: Playlist] = [:]
        for playlist in local {
            byID[playlist.id] = playlist
        }
        for remote in changes.upserted {
            if let existing = byID[remote.id], existing.revision >= remote.revision {
                continue
            }
            var incoming = remote
            if let existing = byID[remote.id] {
                // Offline availability is a device preference, never synced from the server.
                incoming.isAvailableOffline = existing.isAvailableOffline
            }
            byID[remote.id] = incoming
        }
        for deleted in changes.deletedIDs where !deleted.isLocalOnly {
            byID[deleted] = nil
        }
        return byID.values.sorted { lhs, rhs in
            if lhs.name != rhs.name { return lhs.name.localizedCaseInsensitiveCompare(rhs.name) == .orderedAscending }
            return lhs.id.rawValue < rhs.id.rawValue
        }
    }
}
