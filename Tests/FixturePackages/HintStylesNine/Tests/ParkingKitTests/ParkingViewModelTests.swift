import ParkingCore
import ParkingKit
import XCTest

@MainActor
final class ParkingViewModelTests: ParkingTestCase {
    private func makeModel(directory: StubZoneDirectory = .harbourDistrict) -> ParkingViewModel {
        ParkingViewModel(directory: directory, extendSession: { _, _ in })
    }

    func testOnAppearDefersLoading() async {
        let model = makeModel()

        model.onAppear()

        XCTAssertEqual(model.state, .idle, "onAppear must not do work synchronously inside the view update")
    }

    func testOnAppearLoadsZones() async {
        let model = makeModel()

        model.onAppear()
        await model.waitUntilSettled()

        XCTAssertEqual(model.state, .loaded)
        XCTAssertEqual(model.zones.map(\.id), ["A1", "B2"], "zones with most free bays first")
    }

    func testLoadFailureShowsError() async throws {
        let model = makeModel(directory: .offline)

        await model.load()

        XCTAssertEqual(model.state, .failed("offline"))
        // A late response must not resurrect stale zones.
        try await Task.sleep(for: .milliseconds(30))
        XCTAssertTrue(model.zones.isEmpty)
    }

    func testPullToRefreshReloads() async throws {
        let model = makeModel()
        var transitions: [ParkingViewModel.State] = []
        model.onStateChange = { transitions.append($0) }

        model.didPullToRefresh()
        try await waitUntil { model.state == .loaded }

        XCTAssertEqual(transitions, [.loading, .loaded])
    }

    func testSelectingZoneShowsDetail() async {
        let model = makeModel()

        model.select("B2")
        for _ in 0..<5 {
            await Task.yield()
        }

        XCTAssertEqual(model.selectedDetail?.hourlyRateCents, 250)
        XCTAssertEqual(model.selectedDetail?.notes, ["Loading bay 7-9am"])
    }
}
