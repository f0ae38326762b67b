import Foundation
import Testing
import EncoreModel
import EncoreSync

@Suite("Audio cache eviction")
@MainActor
struct AudioCacheEvictionTests {
    let store = FakeCacheFileStore()
    let analytics = RecordingAnalytics()
    /// 50 MB budget against ~71 MB of cached audio; Teardrop is pinned.
    let budget: Int64 = 50_000_000

    private func makeEvictor() async -> AudioCacheEvictor {
        let evictor = AudioCacheEvictor(
            store: store,
            reporter: DefaultEvictionReporter(analytics: analytics),
            budgetBytes: budget
        )
        await evictor.register([
            Fixtures.cacheEntry(Fixtures.nightcall, playedDaysAgo: 10),
            Fixtures.cacheEntry(Fixtures.midnightCity, playedDaysAgo: 2),
            Fixtures.cacheEntry(Fixtures.teardrop, playedDaysAgo: 45, pinned: true),
            Fixtures.cacheEntry(Fixtures.windowlicker, playedDaysAgo: 30),
        ])
        return evictor
    }

    @Test func evictionRemovesLeastRecentlyPlayedFirst() async {
        let evictor = await makeEvictor()

        let report = await evictor.evictIfNeeded()

        #expect(report.evicted == [Fixtures.windowlicker.id, Fixtures.nightcall.id])
        #expect(report.freedBytes == 25_000_000)
        #expect(report.remainingBytes <= budget)
        let removed = await store.removed
        #expect(Set(removed) == [Fixtures.windowlicker.id, Fixtures.nightcall.id])
    }

    @Test func evictionPassIsReportedToAnalytics() async {
        let evictor = await makeEvictor()

        _ = await evictor.evictIfNeeded()

        let events = await analytics.events
        #expect(events == [.cacheEvicted(trackCount: 2, freedBytes: 25_000_000)])
    }

    @Test func lowDiskNotificationShrinksCacheAfterShortWait() async throws {
        let evictor = await makeEvictor()
        let before = await evictor.totalBytes
        #expect(before > budget)

        evictor.evictSoon()
        try await Task.sleep(for: .milliseconds(300))

        let after = await evictor.totalBytes
        #expect(after <= budget)
        #expect(await evictor.contains(Fixtures.teardrop.id), "pinned downloads are never evicted")
    }

    @Test func scheduledEvictionSharesOnePassBetweenCallers() async {
        let evictor = await makeEvictor()

        let first = await evictor.scheduleEviction()
        let second = await evictor.scheduleEviction()
        let report = await first.value

        #expect(report.evicted.count == 2)
        let secondReport = await second.value
        #expect(secondReport == report)
        #expect(await store.removed.count == 2)
    }
}
