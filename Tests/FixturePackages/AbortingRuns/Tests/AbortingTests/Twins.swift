import Foundation
import XCTest

/// XCTest runs these one at a time, in this order on Linux: every test of TwinA, then TwinZ's, whose
/// last test aborts the XCTest process in runs 4, 8 and 12, after all the others printed their ends.
final class TwinA: XCTestCase {
    func testOne() { XCTAssertEqual(1 + 1, 2) }
    func testOther() { XCTAssertTrue(true) }
    func testPrints() {
        for line in 0..<20 { print("TwinA is printing line \(line) without a newline at the end", terminator: line == 19 ? "" : "\n") }
        print("")
    }
    func testThree() { XCTAssertFalse(false) }
    func testFour() { Thread.sleep(forTimeInterval: 0.01) }
    func testFive() {}
    func testSix() {}
}

final class TwinZ: XCTestCase {
    func testOne() {}
    func testTwo() {}
    func testThree() { Thread.sleep(forTimeInterval: 0.01) }
    func testFour() {}
    func testFive() {}
    func testSix() {}
    func testSeven() {}
    func testZAborts() {
        if Run.aborts {
            print("testZAborts: aborting in run \(Run.number)")
            abort()
        }
    }
}
