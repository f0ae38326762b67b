import XCTest
@testable import PodcastKit

// The same scenario has been written a few times over the years by different
// people; each class keeps the approach its author preferred.

final class FeedRefresherPollingTests: XCTestCase {
    func testRefreshUpdatesEpisodeCount() async throws {
        let fetcher = FakeFeedFetcher(episodes: FeedFixtures.episodesByFeed)
        let refresher = FeedRefresher(fetcher: fetcher, feeds: FeedFixtures.feeds)

        refresher.refreshInBackground()
        try await waitUntil("refresh never finished") {
            await refresher.episodeCount == 3
        }

        let count = await refresher.episodeCount
        XCTAssertEqual(count, 3)
        let refreshedAt = await refresher.lastRefreshed
        XCTAssertNotNil(refreshedAt)
    }
}

final class FeedRefresherExpectationTests: XCTestCase {
    func testRefreshUpdatesEpisodeCount() async {
        let fetcher = FakeFeedFetcher(episodes: FeedFixtures.episodesByFeed)
        let bothFeedsFetched = expectation(description: "both feeds fetched")
        bothFeedsFetched.expectedFulfillmentCount = 2
        fetcher.onFetch = { _ in bothFeedsFetched.fulfill() }
        let refresher = FeedRefresher(fetcher: fetcher, feeds: FeedFixtures.feeds)

        refresher.refreshInBackground()
        await fulfillment(of: [bothFeedsFetched], timeout: 1)

        XCTAssertEqual(fetcher.requestedFeedIDs, ["swift-talk", "daily-news"])
    }
}

final class FeedRefresherAwaitTests: XCTestCase {
    func testRefreshUpdatesEpisodeCount() async {
        let fetcher = FakeFeedFetcher(episodes: FeedFixtures.episodesByFeed, latency: .milliseconds(20))
        let refresher = FeedRefresher(fetcher: fetcher, feeds: FeedFixtures.feeds)

        let count = await refresher.refreshAll()

        XCTAssertEqual(count, 3)
        let swiftTalk = await refresher.episodes(inFeed: "swift-talk")
        XCTAssertEqual(swiftTalk.map(\.id), ["st-101", "st-102"])
    }

    func testBackgroundRefreshReportsCount() async {
        let fetcher = FakeFeedFetcher(episodes: FeedFixtures.episodesByFeed)
        fetcher.failingFeedIDs = ["daily-news"]
        let refresher = FeedRefresher(fetcher: fetcher, feeds: FeedFixtures.feeds)

        let refresh = refresher.refreshInBackground()
        let count = await refresh.value

        XCTAssertEqual(count, 2)
        let failed = await refresher.failedFeedIDs
        XCTAssertEqual(failed, ["daily-news"])
    }
}

final class FeedRefresherYieldTests: XCTestCase {
    func testRefreshUpdatesEpisodeCount() async {
        let fetcher = FakeFeedFetcher(episodes: FeedFixtures.episodesByFeed)
        let refresher = FeedRefresher(fetcher: fetcher, feeds: FeedFixtures.feeds)

        refresher.refreshInBackground()
        await settle()

        let count = await refresher.episodeCount
        XCTAssertEqual(count, 3)
    }
}
