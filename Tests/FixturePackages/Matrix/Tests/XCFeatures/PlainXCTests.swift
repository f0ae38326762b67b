import MatrixSupport
import XCTest

final class PlainXCTests: XCTestCase {
    func testPasses() {
        XCTAssertEqual(1 + 1, 2)
    }

    func testFails() {
        XCTAssertEqual(1, 2, "plain fails")
    }

    func testMultilineMessage() {
        XCTFail("first line\nsecond line")
    }

    func testAsyncPasses() async {
        await Task.yield()
        XCTAssertTrue(true)
    }

    func testThrowsAreCaught() {
        struct Boom: Error {}
        XCTAssertThrowsError(try { throw Boom() }())
    }

    func testEveryFourthRunFails() {
        XCTAssertFalse(RunNumber.isEveryFourth(), "every fourth run fails")
    }

    func test_with_underscores() {}
}

final class SkipXCTests: XCTestCase {
    func testSkipped() throws {
        throw XCTSkip("not on this platform")
    }
}

final class SetUpFailsXCTests: XCTestCase {
    struct SetUpError: Error {}

    override func setUpWithError() throws {
        throw SetUpError()
    }

    func testAfterFailingSetUp() {}
}

final class SetUpSkipsXCTests: XCTestCase {
    override func setUpWithError() throws {
        throw XCTSkip("skipped in setUp")
    }

    func testAfterSkippingSetUp() {}
}

/// Prints as `TwinA.testSame`, like XCTwins' failing one.
final class TwinA: XCTestCase {
    func testSame() {}
}

/// Always fails; Hostile's printer prints a pass line for it before it runs.
final class TwinB: XCTestCase {
    func testSame() {
        XCTFail("twinB always fails")
    }
}
