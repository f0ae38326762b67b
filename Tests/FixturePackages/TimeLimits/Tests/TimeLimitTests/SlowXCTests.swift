import Foundation
import XCTest

/// Three tests of 2 s each: 6 s in one process, each well under a 5 s limit.
final class SlowXCTests: XCTestCase {
    func testSlowOne() { Thread.sleep(forTimeInterval: 2) }
    func testSlowTwo() { Thread.sleep(forTimeInterval: 2) }
    func testSlowThree() { Thread.sleep(forTimeInterval: 2) }
}

/// A test that never returns, then one that would pass if it ran.
final class HangingXCTests: XCTestCase {
    func testHangs() {
        DispatchSemaphore(value: 0).wait()
    }

    func testQuickAfterTheHang() {
        XCTAssertEqual(1 + 1, 2)
    }
}

/// Failures that depend on how many workers run beside the test: this fixture stands in for a real timing
/// test by failing exactly when flakecheck runs more than one worker, with the messages real ones print.
final class MeasuredXCTests: XCTestCase {
    private var crowded: Bool { (Int(ProcessInfo.processInfo.environment["FLAKECHECK_WORKERS"] ?? "1") ?? 1) > 1 }

    func testElapsedTimeUnderLoad() {
        let elapsed = crowded ? 0.180 : 0.051
        XCTAssertLessThan(elapsed, 0.1, "elapsed time \(elapsed) s exceeded the 0.1 s budget")
    }

    func testMeasureDeviation() {
        if crowded {
            // What swift-corelibs-xctest's `measure()` records when the deviation is past its maximum.
            XCTFail(
                "failed: The relative standard deviation of the measurements is 24.310% which is higher than "
                    + "the max allowed of 10.000%.")
        }
    }
}
