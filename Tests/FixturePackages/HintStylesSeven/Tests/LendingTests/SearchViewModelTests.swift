import Testing
@testable import Lending

@MainActor
@Suite struct SearchViewModelTests {
    @Test func debounceFiresAfterClockAdvance() async {
        let clock = TestClock()
        let repo = FakeBookRepository()
        let vm = SearchViewModel(repository: repo, clock: clock)
        vm.queryChanged("dune")
        await Task.yield()
        clock.advance(by: .milliseconds(300))
        await vm.waitForPendingSearch()
        #expect(vm.results.map(\.id) == ["b1"])
    }

    @Test func typingQuicklyOnlySearchesOnce() async {
        let clock = TestClock()
        let repo = FakeBookRepository()
        let vm = SearchViewModel(repository: repo, clock: clock)
        vm.queryChanged("h")
        vm.queryChanged("ho")
        vm.queryChanged("hob")
        for _ in 0..<4 {
            clock.advance(by: .milliseconds(100))
            await Task.yield()
        }
        await vm.waitForPendingSearch()
        #expect(repo.searchCount == 1)
        #expect(vm.results.map(\.id) == ["b2"])
    }

    @Test func nextUpdateDeliversResults() async {
        let vm = SearchViewModel(repository: FakeBookRepository())
        var iterator = vm.updates.makeAsyncIterator()
        Task { await vm.searchNow("hobbit") }
        let first = await iterator.next()
        #expect(first?.map(\.id) == ["b2"])
    }

    @Test func forAwaitReceivesResults() async {
        let vm = SearchViewModel(repository: FakeBookRepository())
        Task { await vm.searchNow("dune") }
        for await results in vm.updates {
            #expect(results.count == 1)
            break
        }
    }

    @Test func searchNowUpdatesResults() async {
        let vm = SearchViewModel(repository: FakeBookRepository())
        await vm.searchNow("the")
        #expect(vm.results.map(\.title) == ["The Hobbit"])
        #expect(vm.searchCount == 1)
    }
}
