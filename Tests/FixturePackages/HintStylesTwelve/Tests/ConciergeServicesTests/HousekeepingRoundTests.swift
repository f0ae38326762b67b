import ConciergeCore
import ConciergeServices
import Foundation
import XCTest

final class HousekeepingRoundTests: XCTestCase {
    func testRoundReportListsEveryCleanedRoomOnFloor() async {
        let board = HousekeepingBoard(statuses: [
            301: .dirty, 302: .dirty, 303: .dirty, 305: .dirty, 306: .inspected, 410: .dirty,
        ])
        let dirtyBefore = await board.rooms(onFloor: 3, status: .dirty)
        XCTAssertEqual(dirtyBefore, [301, 302, 303, 305])

        let coordinator = HousekeepingCoordinator(board: board, isDoNotDisturb: { room in room == 303 })
        let roundFinished = expectation(description: "floor 3 round finished")

        coordinator.startRound(floor: 3) { report in
            XCTAssertEqual(report.cleanedRooms, [301, 302, 305])
            XCTAssertEqual(report.skippedRooms, [303])
            roundFinished.fulfill()
        }

        await fulfillment(of: [roundFinished], timeout: 5)
    }

    func testPlannerGroupsDirtyRoomsByFloor() async {
        let board = HousekeepingBoard(statuses: [
            201: .dirty, 204: .dirty, 205: .clean, 301: .dirty, 410: .inspected,
        ])

        let plan = await HousekeepingPlanner().planRounds(on: board, floors: [2, 3, 4])

        XCTAssertEqual(plan[2], [201, 204])
        XCTAssertEqual(plan[3], [301])
        XCTAssertEqual(plan[4], [])
    }

    func testMajorSpillTakesRoomOutOfOrder() {
        let desk = IncidentDesk()
        XCTAssertNil(desk.outOfOrderReason(for: 214))

        desk.reportSpill(in: 214, severity: .major, note: "red wine on carpet")
        Thread.sleep(forTimeInterval: 0.2)

        XCTAssertEqual(desk.outOfOrderReason(for: 214), "Spill cleanup: red wine on carpet")
        XCTAssertEqual(desk.outOfOrderRooms, [214])
    }
}
