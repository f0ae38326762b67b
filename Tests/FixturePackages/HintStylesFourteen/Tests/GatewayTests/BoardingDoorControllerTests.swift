import XCTest
import GatewayModel
import GatewayServices

final class BoardingDoorControllerTests: XCTestCase {
    func testDoorClosesTenMinutesAfterFinalCall() async {
        let clock = ManualGateClock()
        let door = BoardingDoorController(clock: clock)

        await door.announceFinalCall()
        await clock.advance(byMinutes: 9)
        let midway = await door.state
        XCTAssertEqual(midway, .finalCall)

        await clock.advance(byMinutes: 1)
        let state = await door.state
        let closedAt = await door.closedAt
        XCTAssertEqual(state, .closed)
        XCTAssertEqual(closedAt, .seconds(600))
    }
}
