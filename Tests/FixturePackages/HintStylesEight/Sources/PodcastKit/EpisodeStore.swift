import Foundation

/// Local library of downloaded-or-streamed episodes and their played state.
public actor EpisodeStore {
    private var episodes: [String: Episode] = [:]
    private var played: Set<String> = []
    private var changeWaiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    public var count: Int { episodes.count }

    public func episode(withID id: String) -> Episode? { episodes[id] }

    public func add(_ episode: Episode) {
        episodes[episode.id] = episode
        notifyChange()
    }

    public func isPlayed(_ id: String) -> Bool { played.contains(id) }

    public func markPlayed(_ id: String) {
        guard episodes[id] != nil, !played.contains(id) else { return }
        played.insert(id)
        notifyChange()
    }

    /// The home-screen widget's intent handler is synchronous, so it can't await us.
    public nonisolated func markPlayedFromWidget(_ id: String) {
        Task { await self.markPlayed(id) }
    }

    /// Called from the settings screen when the "keep episodes for" value changes.
    public nonisolated func schedulePurge(olderThan cutoff: Date) {
        Task { await self.purge(olderThan: cutoff) }
    }

    public func purge(olderThan cutoff: Date) {
        let before = episodes.count
        episodes = episodes.filter { $0.value.publishedAt >= cutoff }
        played.formIntersection(episodes.keys)
        if episodes.count != before { notifyChange() }
    }

    /// Suspends until the library changes. The library screen uses this to
    /// re-render lazily instead of observing every mutation.
    public func waitForChange() async {
        await withCheckedContinuation { continuation in
            changeWaiters.append(continuation)
        }
    }

    private func notifyChange() {
        let waiters = changeWaiters
        changeWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
