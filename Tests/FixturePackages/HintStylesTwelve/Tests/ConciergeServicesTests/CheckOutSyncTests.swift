import ConciergeCore
import ConciergeServices
import Foundation
import XCTest

final class CheckOutSyncTests: XCTestCase {
    func testCheckOutUploadsFolioToPropertySystem() async {
        let pms = RecordingPropertySystem()
        let board = HousekeepingBoard(statuses: [301: .clean])
        let service = CheckOutService(inventory: Fixtures.makeInventory(), board: board, propertySystem: pms)
        let uploadedBefore = await pms.uploadedFolios
        XCTAssertTrue(uploadedBefore.isEmpty)

        let folio = await service.checkOut(room: 301, guestName: "Amara Okafor", charges: Fixtures.twoNightStay(room: 301))
        await settleCheckOut(service)

        let uploaded = await pms.uploadedFolios
        XCTAssertEqual(uploaded, [folio])
        let failures = await service.failedUploadCount
        XCTAssertEqual(failures, 0)
    }

    func testCheckOutFlagsRoomDirtyOnHousekeepingBoard() async {
        let board = HousekeepingBoard(statuses: [301: .clean, 305: .inspected])
        let inventory = Fixtures.makeInventory()
        let service = CheckOutService(inventory: inventory, board: board, propertySystem: RecordingPropertySystem())

        _ = await service.checkOut(room: 301, guestName: "Tomasz Wójcik", charges: Fixtures.twoNightStay(room: 301))
        await waitForHousekeepingSync()

        let status = await board.status(of: 301)
        XCTAssertEqual(status, .dirty)
        let untouched = await board.status(of: 305)
        XCTAssertEqual(untouched, .inspected)
    }
}
