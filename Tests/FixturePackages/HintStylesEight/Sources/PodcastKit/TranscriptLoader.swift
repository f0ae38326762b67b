import Foundation

public protocol TranscriptProviding: Sendable {
    func transcript(forEpisodeID id: String) async throws -> String
}

public actor TranscriptLoader {
    private let provider: any TranscriptProviding
    private var cache: [String: String] = [:]

    public init(provider: any TranscriptProviding) {
        self.provider = provider
    }

    /// Seeds the cache from the on-disk store at launch.
    public func prime(_ text: String, forEpisodeID id: String) {
        cache[id] = text
    }

    public func transcript(for episode: Episode) async throws -> String {
        if let cached = cache[episode.id] { return cached }
        let text = try await provider.transcript(forEpisodeID: episode.id)
        cache[episode.id] = text
        return text
    }
}

public struct ChapterLoader: Sendable {
    public var fetchChapters: @Sendable (_ episodeID: String) async throws -> [Chapter]

    public init(fetchChapters: @escaping @Sendable (_ episodeID: String) async throws -> [Chapter]) {
        self.fetchChapters = fetchChapters
    }

    public func chapters(for episode: Episode) async throws -> [Chapter] {
        try await fetchChapters(episode.id)
            .filter { $0.start < episode.duration }
            .sorted { $0.start < $1.start }
    }
}
