import Foundation
import EncoreModel

public protocol LyricsAPI: Sendable {
    func lyrics(for id: TrackID) async throws -> [LyricsLine]
    func translation(for id: TrackID, language: String) async throws -> [String]
}

public actor LyricsService {
    private let api: LyricsAPI
    private var cache: [TrackID: LyricsDocument] = [:]
    private var cacheListeners: [UUID: AsyncStream<TrackID>.Continuation] = [:]

    public init(api: LyricsAPI) {
        self.api = api
    }

    public func cachedLyrics(for id: TrackID) -> LyricsDocument? {
        cache[id]
    }

    public var cachedCount: Int { cache.count }

    /// Emits the identifier of every track whose lyrics were just cached.
    public func cacheEvents() -> AsyncStream<TrackID> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<TrackID>.makeStream()
        cacheListeners[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeListener(id) }
        }
        return stream
    }

    private func removeListener(_ id: UUID) {
        cacheListeners[id] = nil
    }

    /// Loads lyrics and their translation in parallel; the translation is optional.
    public func fetchLyrics(for id: TrackID) async throws -> LyricsDocument {
        if let cached = cache[id] { return cached }
        let language = EncoreEnvironment.lyricsLanguage
        async let lines = api.lyrics(for: id)
        async let translated = try? api.translation(for: id, language: language)
        let document = try await LyricsDocument(
            trackID: id,
            lines: lines,
            translation: translated ?? [],
            translationLanguage: (await translated) == nil ? nil : language
        )
        store(document)
        return document
    }

    private func store(_ document: LyricsDocument) {
        cache[document.trackID] = document
        for listener in cacheListeners.values {
            listener.yield(document.trackID)
        }
    }

    /// Prefetches lyrics for the upcoming queue, a few at a time.
    public func prefetch(_ ids: [TrackID]) async -> [TrackID: LyricsDocument] {
        let unique = Array(Set(ids)).sorted()
        let documents = await unique.concurrentMap(maxConcurrent: 3) { [self] id in
            try? await self.fetchLyrics(for: id)
        }
        var byID: [TrackID: LyricsDocument] = [:]
        for document in documents.compactMap({ $0 }) {
            byID[document.trackID] = document
        }
        return byID
    }

    public nonisolated func prefetchInBackground(_ ids: [TrackID]) {
        Task(priority: .utility) {
            _ = await self.prefetch(ids)
        }
    }
}
