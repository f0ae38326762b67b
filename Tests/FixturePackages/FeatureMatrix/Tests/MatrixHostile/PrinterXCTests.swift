import MatrixSupport
import XCTest

// (a) Prints, as full lines while it runs, pass lines of two other tests: MatrixXCTests' always-failing
// TwinB.testSame and the always-skipped SkipXCTests.testSkipped. XCTest runs one test at a time, so
// between this test's start and end these lines belong to this test and must count for nothing.
final class PrinterXCTests: XCTestCase {
    func testPrintsAnotherTestsPassLine() {
        writeRaw("Test Case 'TwinB.testSame' passed (0.001 seconds)\n")
        writeRaw("Test Case 'SkipXCTests.testSkipped' passed (0.001 seconds)\n")
    }
}
