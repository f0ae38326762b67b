import XCTest
@testable import PodcastKit

final class PlaybackQueueTests: PlayerTestCase {
    func testPlayNextInsertsAfterCurrent() async {
        await enqueueAll()

        await queue.playNext(episodes[3])

        let ids = await queue.itemIDs
        XCTAssertEqual(ids, ["ep1", "ep4", "ep2", "ep3"])
    }

    func testArtworkPrefetchMarksEpisodes() async {
        let firstTwo = Array(episodes.prefix(2))

        queue.prefetchArtwork(for: firstTwo)

        let prefetched = await queue.prefetchedArtwork
        XCTAssertEqual(prefetched, ["ep1", "ep2"])
    }

    func testRemoteSkipAdvancesToNextEpisode() async {
        await enqueueAll()

        queue.handleRemoteSkip()
        await drainMainQueue()

        let current = await queue.current
        XCTAssertEqual(current?.id, "ep2")
    }

    func testMoveToTopReordersQueue() async {
        await enqueueAll()

        queue.moveToTopLater("ep3")
        await queue.settle()

        let ids = await queue.itemIDs
        XCTAssertEqual(ids, ["ep3", "ep1", "ep2", "ep4"])
    }
}
