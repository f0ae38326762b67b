import Foundation
import MatrixSupport
import XCTest

/// `testA…` prints its own pass line and a fake end-of-run summary, then exits 0: the tests after it in
/// its process never start. Console text cannot tell the forged pass from a real one.
final class ExitZeroXCTests: XCTestCase {
    func testAForgesItsPassAndExitsZero() {
        writeRaw("Test Case 'ExitZeroXCTests.testAForgesItsPassAndExitsZero' passed (0.001 seconds)\n")
        writeRaw("Test Suite 'All tests' passed at 2025-01-01 00:00:00.000\n")
        writeRaw("\t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds\n")
        exit(0)
    }

    func testBAfterExitPasses() {}

    func testCAfterExitFails() {
        XCTFail("after exit fails")
    }

    func testDAfterExitEveryFourthRunFails() {
        XCTAssertFalse(RunNumber.isEveryFourth(), "every fourth run fails")
    }
}
