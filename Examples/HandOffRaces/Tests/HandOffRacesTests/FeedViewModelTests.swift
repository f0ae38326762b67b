import HandOffRaces
import Testing

@MainActor @Suite struct FeedViewModelTests {
    /// Racy: the test waits until the service was asked, but the refresh still has to hop back to the
    /// main actor to store the items, and the test's own hop back may come first.
    @Test func refreshShowsItemsOnceFetched() async {
        let service = FeedService(items: ["first", "second"])
        let viewModel = FeedViewModel(service: service)
        viewModel.refresh()
        while await service.fetchCount == 0 { await Task.yield() }

        #expect(viewModel.items == ["first", "second"])
    }

    /// Stable: the test awaits the refresh itself.
    @Test func refreshShowsItemsOnceRefreshed() async {
        let service = FeedService(items: ["first", "second"])
        let viewModel = FeedViewModel(service: service)
        viewModel.refresh()
        await viewModel.refreshed()

        #expect(viewModel.items == ["first", "second"])
    }
}
