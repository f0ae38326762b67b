import XCTest
@testable import Lending

@MainActor
final class CatalogViewModelTests: XCTestCase {
    func testLoadPopulatesBooks() async {
        let vm = CatalogViewModel(repository: FakeBookRepository())
        await vm.load()
        XCTAssertEqual(vm.books.map(\.id), ["b1", "b2"])
        XCTAssertFalse(vm.isLoading)
    }

    func testRefreshReplacesBooks() async {
        let repo = FakeBookRepository()
        let vm = CatalogViewModel(repository: repo)
        await vm.load()
        repo.replaceBooks([Book(id: "b3", title: "Emma")])
        await vm.refresh()
        XCTAssertEqual(vm.books.map(\.id), ["b3"])
        XCTAssertEqual(repo.fetchCount, 2)
    }

    func testInitialStateIsEmpty() async {
        let vm = CatalogViewModel(repository: FakeBookRepository())
        XCTAssertTrue(vm.books.isEmpty)
        XCTAssertNil(vm.errorMessage)
    }

    func testOnAppearLoadsBooks() async {
        let repo = FakeBookRepository(suspendsFetch: true)
        let vm = CatalogViewModel(repository: repo)
        vm.onAppear()
        await repo.fetchStarted.wait()
        XCTAssertTrue(vm.isLoading)
        repo.resume()
    }

    func testLogImpressionRecordsEvent() async {
        let vm = CatalogViewModel(repository: FakeBookRepository())
        vm.logImpression("b1")
        let events = await vm.events.events
        XCTAssertEqual(events, ["impression:b1"])
    }
}

@MainActor
final class CatalogViewModelPollingTests: XCTestCase {
    func testOnAppearLoadsBooks() async throws {
        let repo = FakeBookRepository()
        let vm = CatalogViewModel(repository: repo)
        vm.onAppear()
        try await Task.sleep(for: .milliseconds(50))
        XCTAssertEqual(vm.books.count, 2)
        XCTAssertEqual(repo.fetchCount, 1)
    }

    func testLogImpressionRecordsEvent() async {
        let vm = CatalogViewModel(repository: FakeBookRepository())
        vm.logImpression("b2")
        await yieldTimes()
        let events = await vm.events.events
        XCTAssertEqual(events, ["impression:b2"])
    }
}

@MainActor
final class CatalogViewModelExpectationTests: XCTestCase {
    func testOnAppearLoadsBooks() async {
        let fetched = expectation(description: "repository fetched")
        let repo = FakeBookRepository(onFetch: { fetched.fulfill() })
        let vm = CatalogViewModel(repository: repo)
        vm.onAppear()
        await fulfillment(of: [fetched], timeout: 1)
        XCTAssertEqual(repo.fetchCount, 1)
    }
}

final class BranchScopedCatalogTests: XCTestCase {
    override func invokeTest() {
        LendingContext.$branchID.withValue("east") {
            super.invokeTest()
        }
    }

    @MainActor
    func testLoadRecordsBranch() async {
        let vm = CatalogViewModel(repository: FakeBookRepository())
        await vm.load()
        XCTAssertEqual(vm.branchLabel, "east")
    }
}

final class ModelTests: XCTestCase {
    func testBookDefaultsToAvailable() {
        let book = Book(id: "b9", title: "Persuasion")
        XCTAssertTrue(book.isAvailable)
        XCTAssertEqual(book, Book(id: "b9", title: "Persuasion", isAvailable: true))
    }
}
