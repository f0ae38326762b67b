import Foundation
import MatrixSupport
import XCTest

// (b) The first test prints its own pass line and a fake end-of-run summary, then exit(0): the process
// ends with status 0, and the tests after it in the class (declared after it and sorting after it)
// never start in that process. A forged own pass line cannot be told apart from console text.
final class ExitZeroXCTests: XCTestCase {
    func testForgesPassAndExitsZero() {
        writeRaw("Test Case 'ExitZeroXCTests.testForgesPassAndExitsZero' passed (0.001 seconds)\n")
        writeRaw("Test Suite 'All tests' passed at 2025-01-01 00:00:00.000\n")
        writeRaw("\t Executed 1 test, with 0 failures (0 unexpected) in 0.001 (0.001) seconds\n")
        exit(0)
    }

    func testZAfterExitOne() {}

    func testZAfterExitTwo() {
        XCTFail("after exit fails")
    }

    func testZAfterExitFlaky() {
        let run = RunCounter.isFourthRun("MatrixHostile.ExitZeroXCTests.testZAfterExitFlaky")
        XCTAssertFalse(run.fails, "claim \(run.number) is a multiple of 4")
    }
}
