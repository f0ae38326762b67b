import XCTest
@testable import PodcastKit

final class EpisodeStoreTests: XCTestCase {
    private var store: EpisodeStore!

    override func setUp() {
        super.setUp()
        store = EpisodeStore()
    }

    func testAddingEpisodesIncreasesCount() async {
        await store.add(Episode(id: "a", title: "First"))
        await store.add(Episode(id: "b", title: "Second"))
        await store.add(Episode(id: "a", title: "First (re-download)"))

        let count = await store.count
        XCTAssertEqual(count, 2)
        let title = await store.episode(withID: "a")?.title
        XCTAssertEqual(title, "First (re-download)")
    }

    func testMarkPlayedFromWidget() async {
        await store.add(EpisodeFixtures.pilot)

        store.markPlayedFromWidget(EpisodeFixtures.pilot.id)

        let played = await store.isPlayed(EpisodeFixtures.pilot.id)
        XCTAssertTrue(played)
    }

    func testScheduledPurgeDropsOldEpisodes() async {
        let now = Date()
        await store.add(Episode(id: "old", title: "Old", publishedAt: now.addingTimeInterval(-40 * 86_400)))
        await store.add(Episode(id: "older", title: "Older", publishedAt: now.addingTimeInterval(-90 * 86_400)))
        await store.add(Episode(id: "fresh", title: "Fresh", publishedAt: now))

        store.schedulePurge(olderThan: now.addingTimeInterval(-30 * 86_400))
        await Task.yield()
        await Task.yield()

        let remaining = await store.count
        XCTAssertEqual(remaining, 1)
        let fresh = await store.episode(withID: "fresh")
        XCTAssertNotNil(fresh)
    }

    func testWidgetPlayedStateEventuallyLands() async throws {
        let episode = Episode(id: "w1", title: "From the widget")
        await store.add(episode)

        store.markPlayedFromWidget(episode.id)
        try await store.waitUntilPlayed(episode.id)

        let played = await store.isPlayed(episode.id)
        XCTAssertTrue(played, "widget tap should mark the episode played")
    }
}
