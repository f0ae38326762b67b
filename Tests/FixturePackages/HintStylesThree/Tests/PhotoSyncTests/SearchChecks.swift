import Testing
@testable import PhotoSync

@MainActor
@Suite struct DebounceChecks {
    let clock = TestClock()
    let searcher = SpySearcher()

    @Test func searchesAfterQuietPeriod() async {
        let viewModel = SearchViewModel(searcher: searcher, sleeper: clock)

        viewModel.queryChanged("c")
        viewModel.queryChanged("ca")
        viewModel.queryChanged("cat")
        await clock.advance(by: .milliseconds(300))

        #expect(await searcher.queries == ["cat"])
        #expect(viewModel.lastQuery == "cat")
    }

    @Test func doesNotSearchBeforeQuietPeriod() async {
        let viewModel = SearchViewModel(searcher: searcher, sleeper: clock)

        viewModel.queryChanged("ca")

        #expect(await searcher.queries.isEmpty)
        #expect(viewModel.results.isEmpty)
    }
}
