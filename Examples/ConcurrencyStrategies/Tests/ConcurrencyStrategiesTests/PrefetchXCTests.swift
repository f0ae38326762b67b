// Waiting for work fired from a nonisolated method: a sleep, or the work's own task (XCTest).
// Swift Testing twins: PrefetchTests.swift. Articles: actor-mocks-nonisolated-members.txt,
// continuation-and-clock-gated-tests.txt
import ConcurrencyStrategies
import XCTest

final class PrefetchXCTests: XCTestCase {

    /// Flaky, rarely: the sleep is a guess at how long twelve round trips to the main actor take. It is a good guess on an idle
    /// machine and a bad one when the prefetch task waits for a thread longer than the test sleeps.
    func testSleepGatedPrefetch() async throws {
        let cache = PageCache()
        let prefetcher = PagePrefetcher(cache: cache) { index in ["post \(index)"] }

        prefetcher.prefetch(pages: 12)
        try await Task.sleep(for: .milliseconds(10))

        let count = await cache.count
        XCTAssertEqual(count, 12)
    }

    /// Stable: waits for the prefetch task itself.
    func testAwaitedPrefetch() async {
        let cache = PageCache()
        let prefetcher = PagePrefetcher(cache: cache) { index in ["post \(index)"] }

        await prefetcher.prefetch(pages: 12).value

        let count = await cache.count
        XCTAssertEqual(count, 12)
    }
}
