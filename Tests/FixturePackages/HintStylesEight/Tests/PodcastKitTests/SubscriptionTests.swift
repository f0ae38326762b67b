import Testing
@testable import PodcastKit

@MainActor
@Suite struct SubscriptionManagerTests {
    @Test func subscribingPersistsFeedList() async throws {
        let store = InMemorySubscriptionStore()
        let manager = SubscriptionManager(persistence: store)

        manager.subscribe(to: FeedFixtures.swiftTalk)

        #expect(await store.lastSaved == ["swift-talk"])
    }

    @Test func restoreLoadsSavedSubscriptions() async throws {
        let store = InMemorySubscriptionStore(stored: ["gardening", "swift-talk", "retired-show"])
        let manager = SubscriptionManager(persistence: store)
        let catalog = [FeedFixtures.swiftTalk, FeedFixtures.dailyNews, FeedFixtures.gardening]

        try await manager.restore(from: catalog)

        #expect(manager.subscriptions.map(\.id) == ["gardening", "swift-talk"])
        #expect(manager.isSubscribed(FeedFixtures.dailyNews) == false)
    }
}

@MainActor
final class UnplayedCounter {
    var count: Int
    init(count: Int) { self.count = count }
}

@MainActor
@Suite struct LibraryBadgeTests {
    @Test func badgeRefreshesAfterMarkingPlayed() async {
        let counter = UnplayedCounter(count: 5)
        let badge = LibraryBadge { counter.count }

        counter.count = 4
        badge.refresh()
        await Task.yield()

        #expect(badge.unplayedCount == 4)
    }
}
