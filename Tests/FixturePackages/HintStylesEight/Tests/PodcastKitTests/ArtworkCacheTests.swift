import Foundation
import XCTest
@testable import PodcastKit

final class ArtworkCacheTests: XCTestCase {
    private let coverURL = URL(string: "https://cdn.example.com/art/cover.jpg")!

    private func makeCache() -> ArtworkCache {
        ArtworkCache { url in Data(url.lastPathComponent.utf8) }
    }

    func testCompletionDeliversArtwork() {
        let cache = makeCache()
        let delivered = DispatchSemaphore(value: 0)
        let received = LockedBox<Data?>(nil)

        cache.artwork(for: coverURL) { data in
            received.set(data)
            delivered.signal()
        }
        let result = delivered.wait(timeout: .now() + 1)

        XCTAssertEqual(result, .success)
        XCTAssertEqual(received.value, Data("cover.jpg".utf8))
    }

    func testWarmingFillsCache() {
        let cache = makeCache()
        let urls = (1...3).map { URL(string: "https://cdn.example.com/art/\($0).jpg")! }

        cache.warm(urls)
        usleep(100_000)

        XCTAssertEqual(cache.count, 3)
    }
}
