import XCTest
import CourierModel
import CourierServices

final class StatusBoardViewModelTests: XCTestCase {
    @MainActor
    func testReloadPopulatesRowsAfterShortDelay() async throws {
        let store = InMemoryOrderStore([
            Fixtures.order("o-8001", status: .preparing),
            Fixtures.order("o-8002", status: .delivered),
        ])
        let viewModel = OrderStatusBoardViewModel(store: store)

        viewModel.reload()
        try await Task.sleep(nanoseconds: 100_000_000)

        XCTAssertEqual(viewModel.rows.map(\.id), ["o-8001", "o-8002"])
        XCTAssertFalse(viewModel.isLoading)
        XCTAssertEqual(viewModel.rows.first?.statusText, "In the kitchen")
    }

    @MainActor
    func testReloadShowsSpinnerBeforeRowsArrive() async {
        let store = InMemoryOrderStore([Fixtures.order("o-8101")])
        let viewModel = OrderStatusBoardViewModel(store: store)

        viewModel.reload()

        XCTAssertTrue(viewModel.rows.isEmpty, "rows are filled in by the load task, not synchronously")
        XCTAssertTrue(viewModel.isLoading)
    }

    @MainActor
    func testActiveFilterHidesFinishedOrdersAfterAFewYields() async {
        let viewModel = OrderStatusBoardViewModel(store: InMemoryOrderStore())

        viewModel.receive([
            Fixtures.order("o-8201", status: .preparing),
            Fixtures.order("o-8202", status: .delivered),
            Fixtures.order("o-8203", status: .cancelled),
        ])
        viewModel.show(.active)
        await Task.yield()
        await Task.yield()
        await Task.yield()

        XCTAssertEqual(viewModel.rows.map(\.id), ["o-8201"])
        XCTAssertEqual(viewModel.filter, .active)
    }
}
