import Foundation
import XCTest
@testable import ThermoKit

final class RelayBoardTests: XCTestCase {
    func testCallbackSwitchesChannel() {
        let board = RelayBoard(switchDelay: .milliseconds(5))
        let switched = expectation(description: "channel 2 switched")

        board.setChannel(2, on: true) { result in
            if case .success(true) = result {
                switched.fulfill()
            }
        }

        wait(for: [switched], timeout: 1)
        XCTAssertTrue(board.state(of: 2))
    }

    func testAsyncBridgeSwitchesChannel() async throws {
        let board = RelayBoard()

        let on = try await board.setChannel(3, on: true)

        XCTAssertTrue(on)
        XCTAssertTrue(board.state(of: 3))
        // Let the vendor queue drain before the board goes away.
        try await Task.sleep(for: .milliseconds(20))
    }

    func testBadChannelReportsError() async {
        let board = RelayBoard()

        let result: Result<Bool, RelayError> = await awaitCallback { done in
            board.setChannel(9, on: true, completion: done)
        }

        XCTAssertEqual(result, .failure(.badChannel(9)))
        XCTAssertFalse(board.state(of: 9))
    }

    func testStateAfterThreadSleep() {
        let board = RelayBoard(switchDelay: .milliseconds(5))

        board.setChannel(1, on: true) { _ in }
        Thread.sleep(forTimeInterval: 0.1)

        XCTAssertTrue(board.state(of: 1))
    }
}
