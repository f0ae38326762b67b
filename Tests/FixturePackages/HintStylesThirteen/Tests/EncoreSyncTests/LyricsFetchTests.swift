import Foundation
import Testing
import EncoreModel
import EncoreSync

@Suite("Lyrics fetching")
struct LyricsFetchTests {
    let api = FakeLyricsAPI(lyrics: [
        Fixtures.nightcall.id: Fixtures.lyricLines(
            "I'm giving you a nightcall",
            "to tell you how I feel",
            "I want to drive you through the night"
        ),
        Fixtures.teardrop.id: Fixtures.lyricLines(
            "Love, love is a verb",
            "Love is a doing word",
            "Fearless on my breath"
        ),
    ])

    @Test func lyricsAndTranslationArriveTogether() async throws {
        let service = LyricsService(api: api)

        let document = try await service.fetchLyrics(for: Fixtures.nightcall.id)

        #expect(document.lines.count == 3)
        #expect(document.translation.count == document.lines.count)
        _ = try await service.fetchLyrics(for: Fixtures.nightcall.id)
        // Give any stray refresh a moment before checking that the second call hit the cache.
        try await Task.sleep(for: .milliseconds(50))
        #expect(await api.lyricsRequestCount == 1)
    }

    @Test func backgroundPrefetchConfirmsEachCachedTrack() async {
        let service = LyricsService(api: api)
        let cachedEvents = await service.cacheEvents()

        await confirmation("lyrics cached", expectedCount: 2) { trackCached in
            service.prefetchInBackground([Fixtures.nightcall.id, Fixtures.teardrop.id])
            for await _ in cachedEvents.prefix(2) {
                trackCached()
            }
        }

        #expect(await service.cachedCount == 2)
    }

    @Test func translationsFollowScopedLyricsLanguage() async {
        let service = LyricsService(api: api)

        let documents = await EncoreEnvironment.$lyricsLanguage.withValue("ja") {
            await service.prefetch([Fixtures.nightcall.id, Fixtures.teardrop.id])
        }

        #expect(documents.values.allSatisfy { $0.translationLanguage == "ja" })
        #expect(documents[Fixtures.teardrop.id]?.translation.first == "[ja] Love, love is a verb")
        #expect(await api.translationLanguages == ["ja", "ja"])
    }

    @Test func backgroundPrefetchFillsCacheAfterBlockingPause() async throws {
        let service = LyricsService(api: api)

        service.prefetchInBackground([Fixtures.teardrop.id])
        TestTiming.blockBriefly()

        let document = try #require(await service.cachedLyrics(for: Fixtures.teardrop.id))
        #expect(document.lines.first?.text == "Love, love is a verb")
    }
}
