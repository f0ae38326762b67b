import XCTest
@testable import PodcastKit

@MainActor
final class SearchViewModelTests: XCTestCase {
    private let library = [
        Episode(id: "e1", title: "Gardening in winter"),
        Episode(id: "e2", title: "Swift concurrency deep dive"),
        Episode(id: "e3", title: "Swift on the server"),
    ]

    func testTypingDebouncesSearches() async {
        let clock = ManualClock()
        let library = self.library
        let viewModel = SearchViewModel(debounce: .milliseconds(300), clock: clock) { query in
            library.filter { $0.title.localizedCaseInsensitiveContains(query) }
        }

        viewModel.updateQuery("sw")
        viewModel.updateQuery("swi")
        viewModel.updateQuery("swift con")
        await clock.advance(by: .milliseconds(300))

        XCTAssertEqual(viewModel.searchesPerformed, 1)
        XCTAssertEqual(viewModel.results.map(\.id), ["e2"])
    }

    func testSearchRunsAfterDebounceWindow() async throws {
        let library = self.library
        let viewModel = SearchViewModel(debounce: .milliseconds(25)) { query in
            library.filter { $0.title.localizedCaseInsensitiveContains(query) }
        }

        viewModel.updateQuery("swift")
        try await Task.sleep(for: .milliseconds(150))

        XCTAssertEqual(viewModel.results.map(\.id), ["e2", "e3"])
    }
}
