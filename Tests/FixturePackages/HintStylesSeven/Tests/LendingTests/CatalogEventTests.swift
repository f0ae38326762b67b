import Testing
@testable import Lending

@MainActor
@Suite struct CatalogEventTests {
    @Test func loadConfirmsFetch() async {
        await confirmation("repository fetched") { fetched in
            let repo = FakeBookRepository(onFetch: { fetched() })
            let vm = CatalogViewModel(repository: repo)
            await vm.load()
        }
    }

    @Test(.branch("north")) func loadTagsBranchFromTrait() async {
        let vm = CatalogViewModel(repository: FakeBookRepository())
        await vm.load()
        #expect(vm.branchLabel == "north")
    }

    @Test func impressionEventuallyLogged() async {
        let vm = CatalogViewModel(repository: FakeBookRepository())
        vm.logImpression("b7")
        let logged = await waitUntil { await vm.events.events.contains("impression:b7") }
        #expect(logged)
    }

    @Test func onAppearAfterRealClockSleep() async throws {
        let vm = CatalogViewModel(repository: FakeBookRepository())
        vm.onAppear()
        try await ContinuousClock().sleep(for: .milliseconds(50))
        #expect(vm.books.count == 2)
    }

    @Test func loadingStateWhileSuspended() async {
        let repo = FakeBookRepository(suspendsFetch: true)
        let vm = CatalogViewModel(repository: repo)
        let task = Task { await vm.load() }
        await repo.fetchStarted.wait()
        #expect(vm.isLoading)
        repo.resume()
        await task.value
        #expect(!vm.isLoading)
    }

    @Test func onAppearStartsFetchImmediately() async {
        let repo = FakeBookRepository()
        let vm = CatalogViewModel(repository: repo)
        vm.onAppear()
        #expect(repo.fetchCount == 1)
    }

    @Test func loanEquality() {
        let a = Loan(bookID: "b1", memberID: "m1", dueDays: 21)
        #expect(a == Loan(bookID: "b1", memberID: "m1", dueDays: 21))
        #expect(a != Loan(bookID: "b2", memberID: "m1", dueDays: 21))
    }
}
