import Foundation
import KnownOutcomes
import XCTest

final class StableXCTests: XCTestCase {
    func testPasses() {
        XCTAssertTrue(true)
    }

    func testSlow() {
        Thread.sleep(forTimeInterval: 0.05)
    }
}

final class FlakyXCTests: XCTestCase {
    func testFailsEveryFourthRun() {
        let run = RunCounter.claim("AlphaTests.FlakyXCTests.testFailsEveryFourthRun")
        XCTAssert(run % 4 != 0, "run \(run) is a multiple of 4")
    }
}

final class FailingXCTests: XCTestCase {
    func testAlwaysFails() {
        XCTAssertEqual(1, 2, "always fails")
    }

    func testMultilineFailure() {
        XCTFail("first line\nsecond line")
    }
}

final class SkippedXCTests: XCTestCase {
    func testSkipped() throws {
        throw XCTSkip("not on this platform")
    }
}

// Same class name as `BetaTests.SharedNameTests` (which fails): identical console names.
final class SharedNameTests: XCTestCase {
    func testSame() {
        XCTAssertTrue(true)
    }
}
