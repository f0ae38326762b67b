import Foundation

/// "Up Next" list shown under the mini player.
@MainActor
public final class PlaybackQueue {
    public private(set) var items: [Episode] = []
    public private(set) var prefetchedArtwork: Set<String> = []
    private var currentObservers: [CheckedContinuation<Episode?, Never>] = []
    private let artworkLoader: @Sendable (String) async -> Bool

    public init(artworkLoader: @escaping @Sendable (String) async -> Bool = { _ in true }) {
        self.artworkLoader = artworkLoader
    }

    public var current: Episode? { items.first }

    public func enqueue(_ episode: Episode) {
        guard !items.contains(episode) else { return }
        items.append(episode)
        if items.count == 1 { publishCurrent() }
    }

    public func playNext(_ episode: Episode) {
        items.removeAll { $0 == episode }
        let insertAt = items.isEmpty ? 0 : 1
        items.insert(episode, at: insertAt)
        if insertAt == 0 { publishCurrent() }
    }

    public func skip() {
        guard !items.isEmpty else { return }
        items.removeFirst()
        publishCurrent()
    }

    public func moveToTop(_ id: String) {
        guard let index = items.firstIndex(where: { $0.id == id }), index > 0 else { return }
        let episode = items.remove(at: index)
        items.insert(episode, at: 0)
        publishCurrent()
    }

    /// Lock-screen / AirPods "next track" arrives on an arbitrary thread.
    public nonisolated func handleRemoteSkip() {
        Task { @MainActor in self.skip() }
    }

    /// Drag-and-drop from the episode list drops here from a background session.
    public nonisolated func moveToTopLater(_ id: String) {
        Task { @MainActor in self.moveToTop(id) }
    }

    public nonisolated func prefetchArtwork(for episodes: [Episode]) {
        Task { @MainActor in
            for episode in episodes where await self.artworkLoader(episode.id) {
                self.prefetchedArtwork.insert(episode.id)
            }
        }
    }

    /// Used by the Now Playing screen to animate to the next episode.
    public func nextCurrentChange() async -> Episode? {
        await withCheckedContinuation { continuation in
            currentObservers.append(continuation)
        }
    }

    private func publishCurrent() {
        let observers = currentObservers
        currentObservers.removeAll()
        for observer in observers { observer.resume(returning: current) }
    }
}
