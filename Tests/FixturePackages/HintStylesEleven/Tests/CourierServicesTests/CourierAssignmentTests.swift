import XCTest
import CourierModel
import CourierServices

final class CourierAssignmentTests: XCTestCase {
    private func makeDirectory() -> InMemoryCourierDirectory {
        InMemoryCourierDirectory([
            Fixtures.courier("c-far", at: Fixtures.acrossTown),
            Fixtures.courier("c-near", at: Fixtures.nearbyCorner),
            Fixtures.courier("c-off-shift", at: Fixtures.kitchen, available: false),
        ])
    }

    func testAssignsNearestAvailableCourier() async throws {
        let directory = makeDirectory()
        let service = CourierAssignmentService(directory: directory)

        let courier = try await service.assignNearestCourier(to: Fixtures.order("o-6001"))

        XCTAssertEqual(courier.id, "c-near")
        // The courier must stay booked; give any stray availability refresh a moment.
        try await Task.sleep(nanoseconds: 20_000_000)
        let stillAvailable = await directory.availableCouriers().map(\.id)
        XCTAssertEqual(stillAvailable, ["c-far"])
        let lookup = await service.courier(assignedTo: "o-6001")
        XCTAssertEqual(lookup, "c-near")
    }

    func testDispatchDeskSettlesQueuedAssignments() async {
        let directory = makeDirectory()
        let desk = DispatchDesk(assignment: CourierAssignmentService(directory: directory))

        await desk.enqueue(Fixtures.order("o-6101"))
        await desk.enqueue(Fixtures.order("o-6102"))
        let board = await assignmentsSnapshot(from: desk)

        XCTAssertEqual(board.count, 2)
        XCTAssertEqual(Set(board.values), ["c-near", "c-far"])
        let unassignable = await desk.unassignableOrders
        XCTAssertTrue(unassignable.isEmpty)
    }
}
