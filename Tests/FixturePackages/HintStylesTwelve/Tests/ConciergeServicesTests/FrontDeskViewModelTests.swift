import ConciergeCore
import ConciergeServices
import Foundation
import XCTest

final class FrontDeskViewModelTests: XCTestCase {
    @MainActor
    func testRefreshArrivalsListsVIPsFirst() async {
        let arrivals = StubArrivals(reservations: [
            Fixtures.reservation("CNC-3001", guest: Fixtures.tomasz, type: .doubleQueen),
            Fixtures.reservation("CNC-3002", guest: Fixtures.priya, type: .suite),
            Fixtures.reservation("CNC-3003", guest: Fixtures.luis, type: .king),
        ])
        let viewModel = FrontDeskViewModel(
            arrivalsProvider: arrivals,
            messenger: GuestMessenger(gateway: RecordingMessageGateway())
        )

        let refresh = viewModel.refreshArrivals(on: Fixtures.arrivalDay)
        await refresh.value

        XCTAssertEqual(viewModel.arrivals.map(\.confirmationCode), ["CNC-3002", "CNC-3003", "CNC-3001"])
        XCTAssertFalse(viewModel.isLoadingArrivals)
    }

    @MainActor
    func testWelcomeMessageReachesGateway() async throws {
        let gateway = RecordingMessageGateway()
        let viewModel = FrontDeskViewModel(
            arrivalsProvider: StubArrivals(reservations: []),
            messenger: GuestMessenger(gateway: gateway)
        )
        let reservation = Fixtures.reservation("CNC-3010", guest: Fixtures.priya, type: .suite)

        viewModel.sendWelcome(to: reservation, room: 305)
        try await Task.sleep(nanoseconds: 150_000_000)

        let sent = await gateway.sentMessages
        XCTAssertEqual(sent.map(\.room), [305])
        XCTAssertEqual(sent.first?.channel, .app)
        XCTAssertNil(viewModel.banner)
    }

    @MainActor
    func testDoNotDisturbToggleReflectsImmediately() async {
        let viewModel = RoomControlsViewModel(room: 412, controls: StubRoomControls())
        XCTAssertFalse(viewModel.isDoNotDisturbOn)

        viewModel.toggleDoNotDisturb()

        XCTAssertTrue(viewModel.isDoNotDisturbOn)
        XCTAssertNil(viewModel.lastError)
    }

    @MainActor
    func testHousekeepingBoardShowsDirtyRoomsAfterRefresh() async {
        let source = FakeBoardSource(board: [
            BoardEntry(room: 204, status: .dirty, attendant: "Dev"),
            BoardEntry(room: 101, status: .inspected, attendant: "Dev"),
            BoardEntry(room: 201, status: .dirty, attendant: "Lucia"),
        ])
        let viewModel = HousekeepingBoardViewModel(source: source)

        viewModel.refresh()
        await Task.yield()

        XCTAssertEqual(viewModel.dirtyRooms, [201, 204])
    }
}
