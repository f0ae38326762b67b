import XCTest
@testable import PodcastKit

/// Shared set-up for tests that drive the Up Next queue.
class PlayerTestCase: XCTestCase {
    var queue: PlaybackQueue!
    var episodes: [Episode] = []

    override func setUp() async throws {
        try await super.setUp()
        queue = await PlaybackQueue()
        episodes = EpisodeFixtures.make(4)
    }

    override func tearDown() async throws {
        queue = nil
        try await super.tearDown()
    }

    func enqueueAll() async {
        for episode in episodes {
            await queue.enqueue(episode)
        }
    }

    /// Remote commands hop to the main actor; give them a chance to land.
    func drainMainQueue(cycles: Int = 10) async {
        for _ in 0..<cycles {
            await Task.yield()
        }
    }
}
