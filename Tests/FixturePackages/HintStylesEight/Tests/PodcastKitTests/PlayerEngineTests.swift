import Testing
@testable import PodcastKit

@Suite struct PlayerEngineTests {
    let episode = EpisodeFixtures.pilot

    @Test func headphoneDisconnectPausesPlayback() async throws {
        let engine = PlayerEngine()
        await engine.play(episode)

        engine.headphonesDisconnected()
        try await Task.sleep(for: .milliseconds(100))

        #expect(await engine.state == .paused)
    }

    @Suite struct Events {
        let episode = EpisodeFixtures.pilot

        @Test func headphoneDisconnectPublishesPause() async {
            let engine = PlayerEngine()
            await engine.play(episode)

            engine.headphonesDisconnected()
            let pause = await engine.events.first { event in
                if case .paused = event { true } else { false }
            }

            #expect(pause == .paused(episodeID: episode.id))
        }

        @Test func bufferingIsReportedOnce() async throws {
            try await confirmation("buffering callback", expectedCount: 1) { buffering in
                let engine = PlayerEngine(
                    assetLoader: { _ in },
                    onBuffering: { _ in buffering() }
                )
                try await engine.load(episode)
            }
        }
    }

    @Suite struct Volume {
        @Test func fadeOutStartsFromCurrentVolume() async throws {
            let engine = PlayerEngine()
            await engine.setVolume(0.6)
            #expect(await engine.volume == 0.6)

            engine.fadeOut(over: .milliseconds(30), steps: 3)
            try await Task.sleep(for: .milliseconds(250))
            #expect(await engine.volume == 0)
        }

        @Test func remoteMuteSilencesPlayback() async throws {
            let engine = PlayerEngine()

            engine.handleRemoteMute()
            #expect(await engine.isMuted)

            try await Task.sleep(for: .milliseconds(50))
            #expect(await engine.volume == 0)
        }
    }
}
