import GalleyModel
import GalleyServices
import XCTest

final class DishTimerTests: XCTestCase {
    func testSteakTimerFiresAfterClockAdvance() async {
        let clock = ManualClock()
        let board = TimerBoard(clock: clock)
        await board.start(dish: "ribeye", seconds: 600)
        await board.start(dish: "smash burger", seconds: 360)

        await clock.advance(by: 400)

        let fired = await board.firedDishes
        XCTAssertEqual(fired, ["smash burger"])
        let running = await board.runningDishes
        XCTAssertEqual(running, ["ribeye"])
    }

    @MainActor
    func testTimerStripShowsStartedDish() async throws {
        let board = TimerBoard(clock: ManualClock())
        let panel = TimerPanelModel(board: board)

        panel.tapStart(dish: "creme brulee", seconds: 120)
        try await Task.sleep(nanoseconds: 150_000_000)

        XCTAssertEqual(panel.runningDishes, ["creme brulee"])
    }
}
