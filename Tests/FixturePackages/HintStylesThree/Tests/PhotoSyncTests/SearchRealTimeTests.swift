import XCTest
@testable import PhotoSync

@MainActor
final class DebounceRealTimeTests: XCTestCase {
    func testSearchesAfterQuietPeriodWithRealTime() async throws {
        let searcher = SpySearcher()
        let viewModel = SearchViewModel(
            searcher: searcher,
            sleeper: SystemSleeper(),
            quietPeriod: .milliseconds(20)
        )

        viewModel.queryChanged("dog")
        try await Task.sleep(for: .milliseconds(200))

        XCTAssertEqual(viewModel.lastQuery, "dog")
        XCTAssertEqual(viewModel.results, [.dog])
    }
}
