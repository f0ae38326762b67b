import Foundation

public struct CacheEntry: Sendable, Equatable {
    public let trackID: TrackID
    public var byteSize: Int64
    public var lastPlayedAt: Date
    /// Pinned entries belong to playlists the user made available offline and are never evicted.
    public var isPinned: Bool

    public init(trackID: TrackID, byteSize: Int64, lastPlayedAt: Date, isPinned: Bool = false) {
        self.trackID = trackID
        self.byteSize = byteSize
        self.lastPlayedAt = lastPlayedAt
        self.isPinned = isPinned
    }
}

public struct EvictionReport: Sendable, Equatable {
    public var evicted: [TrackID]
    public var freedBytes: Int64
    public var remainingBytes: Int64

    public init(evicted: [TrackID], freedBytes: Int64, remainingBytes: Int64) {
        self.evicted = evicted
        self.freedBytes = freedBytes
        self.remainingBytes = remainingBytes
    }
}

/// Pure least-recently-played planning for the audio cache.
public enum CachePlanner {
    public static func evictionPlan(for entries: [CacheEntry], budgetBytes: Int64) -> [CacheEntry] {
        var total = entries.reduce(Int64(0)) { $0 + $1.byteSize }
        guard total > budgetBytes else { return [] }
        let candidates = entries
            .filter { !$0.isPinned }
            .sorted { lhs, rhs in
                if lhs.lastPlayedAt != rhs.lastPlayedAt { return lhs.lastPlayedAt < rhs.lastPlayedAt }
                return lhs.trackID < rhs.trackID
            }
        var plan: [CacheEntry] = []
        for entry in candidates where total > budgetBytes {
            plan.append(entry)
            total -= entry.byteSize
        }
        return plan
    }
}
