import Testing
@testable import PodcastKit

@Suite struct TranscriptLoaderTests {
    let episode = EpisodeFixtures.pilot

    @Test func deliversTranscriptOnceProviderResponds() async throws {
        let provider = SuspendingTranscriptProvider()
        let loader = TranscriptLoader(provider: provider)

        async let transcript = loader.transcript(for: episode)
        await provider.waitForRequest()
        await provider.respond(to: episode.id, with: "Welcome back to the show…")

        let text = try await transcript
        #expect(text.hasPrefix("Welcome back"))
    }

    @Test func cachedTranscriptSkipsProvider() async throws {
        let provider = SuspendingTranscriptProvider()
        let loader = TranscriptLoader(provider: provider)
        await loader.prime("Cached intro", forEpisodeID: episode.id)

        let text = try await loader.transcript(for: episode)

        #expect(text == "Cached intro")
        #expect(await provider.requestedIDs.isEmpty)
    }
}

@Suite struct ChapterLoaderTests {
    @Test func loadsChaptersForAdjacentEpisodes() async throws {
        let loader = ChapterLoader { episodeID in
            switch episodeID {
            case "ep1":
                [Chapter(title: "Outro", start: .seconds(1_500)), Chapter(title: "Intro", start: .zero)]
            default:
                [Chapter(title: "Cold open", start: .zero), Chapter(title: "Bonus", start: .seconds(99_999))]
            }
        }
        let episodes = EpisodeFixtures.make(2)

        async let first = loader.chapters(for: episodes[0])
        async let second = loader.chapters(for: episodes[1])
        let (firstChapters, secondChapters) = try await (first, second)

        #expect(firstChapters.map(\.title) == ["Intro", "Outro"])
        #expect(secondChapters.map(\.title) == ["Cold open"])
    }
}
