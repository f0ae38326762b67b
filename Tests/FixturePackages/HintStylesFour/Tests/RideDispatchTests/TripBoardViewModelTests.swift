import RideDispatch
import XCTest

@MainActor
final class TripBoardViewModelTests: XCTestCase {
    func test_refreshInBackground_updatesTrips() async {
        let viewModel = TripBoardViewModel(fetcher: StubTripFetcher(trips: [.airportRun, .shortHop]))

        viewModel.refreshInBackground()

        XCTAssertEqual(viewModel.trips.map(\.id), ["trip-a", "trip-b"])
    }

    func test_reload_populatesTrips() async {
        let viewModel = TripBoardViewModel(fetcher: StubTripFetcher(trips: [.airportRun, .shortHop]))

        await viewModel.reload()

        XCTAssertEqual(viewModel.trips.count, 2)
        XCTAssertEqual(viewModel.totalFares, 50.5)
        XCTAssertNil(viewModel.errorMessage)
    }

    func test_askToCancel_waitsForOperator() async {
        let viewModel = TripBoardViewModel(fetcher: StubTripFetcher(trips: [.airportRun]))

        let answer = Task { await viewModel.askToCancel() }
        await letPendingWorkSettle()

        XCTAssertTrue(viewModel.isAwaitingCancellationAnswer)
        viewModel.answerCancellation(true)
        let confirmed = await answer.value
        XCTAssertTrue(confirmed)
    }

    func test_select_unknownTripClearsSelection() async {
        let viewModel = TripBoardViewModel(fetcher: StubTripFetcher(trips: []))

        viewModel.select(tripID: "trip-ghost")

        XCTAssertNil(viewModel.selectedTripID)
    }
}

@MainActor
final class TripBoardRefreshTests: XCTestCase {
    func test_refreshInBackground_updatesTrips() async {
        let viewModel = TripBoardViewModel(fetcher: StubTripFetcher(trips: [.airportRun]))

        viewModel.refreshInBackground()
        await Task.yield()

        XCTAssertEqual(viewModel.trips.map(\.id), ["trip-a"])
    }
}
