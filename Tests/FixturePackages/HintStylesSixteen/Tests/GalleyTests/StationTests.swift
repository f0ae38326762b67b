import GalleyModel
import GalleyServices
import XCTest

final class StationTests: XCTestCase {
    func testBumpFromExpoLandsInHistory() async {
        let history = BumpHistory()
        let board = ExpoBoard(history: history)
        await board.place(Fixtures.ticket(12, .grill))

        board.bump(ticketNumber: 12, station: .grill)

        let bumped = await history.bumpedNumbers
        XCTAssertEqual(bumped, [12])
    }

    func testRouterSplitsOrderByStation() {
        let tickets = TicketRouter().split(Fixtures.tableFour, firstNumber: 70)

        XCTAssertEqual(tickets.map(\.station), [.grill, .fry, .pastry])
        XCTAssertEqual(tickets.map(\.number), [70, 71, 72])
        XCTAssertEqual(tickets.first?.lines.first?.quantity, 2)
    }

    func testFryerReadyAfterBasketsLift() async {
        let fryer = FryerStation()
        await fryer.drop(basket: "fries-2", seconds: 0.02)
        await fryer.drop(basket: "calamari-1", seconds: 0.04)

        await fryer.waitUntilReady()

        let ready = await fryer.readyBaskets
        XCTAssertEqual(ready, ["fries-2", "calamari-1"])
    }

    func testPastryOvenReadyAfterPreheat() async {
        let oven = PastryOven()
        await oven.preheat(to: 190)

        await oven.waitUntilReady()

        let hot = await oven.isHot
        XCTAssertTrue(hot)
        let target = await oven.targetCelsius
        XCTAssertEqual(target, 190)
    }
}
