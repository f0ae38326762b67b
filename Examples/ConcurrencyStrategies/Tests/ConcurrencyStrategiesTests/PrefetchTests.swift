// Waiting for work fired from a nonisolated method: a sleep, or the work's own task (Swift Testing).
// XCTest twins: PrefetchXCTests.swift. Articles: actor-mocks-nonisolated-members.txt,
// continuation-and-clock-gated-tests.txt
import ConcurrencyStrategies
import Testing

@Suite struct PrefetchTests {

    /// Flaky, rarely: 10 ms is ample for twelve small round trips to the main actor, so this passes nearly every run, until
    /// the machine is busy enough that the prefetch task waits for a thread longer than the test sleeps.
    @Test func sleepGatedPrefetch() async throws {
        let cache = PageCache()
        let prefetcher = PagePrefetcher(cache: cache) { index in ["post \(index)"] }

        prefetcher.prefetch(pages: 12)
        try await Task.sleep(for: .milliseconds(10))

        #expect(await cache.count == 12)
    }

    /// Stable: the test waits for the prefetch task itself, however long it takes.
    @Test func awaitedPrefetch() async {
        let cache = PageCache()
        let prefetcher = PagePrefetcher(cache: cache) { index in ["post \(index)"] }

        await prefetcher.prefetch(pages: 12).value

        #expect(await cache.count == 12)
    }
}
