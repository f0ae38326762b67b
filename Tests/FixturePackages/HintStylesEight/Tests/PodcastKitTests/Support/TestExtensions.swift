import Foundation
@testable import PodcastKit

extension PlaybackQueue {
    /// Lets queued main-actor work (remote commands, drops) finish.
    func settle() async {
        for _ in 0..<5 {
            await Task.yield()
        }
    }

    var itemIDs: [String] { items.map(\.id) }
}

extension EpisodeStore {
    func waitUntilPlayed(_ id: String, timeout: Duration = .seconds(1)) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while !isPlayed(id) {
            if clock.now >= deadline {
                throw WaitTimeout(description: "\(id) was never marked played")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
