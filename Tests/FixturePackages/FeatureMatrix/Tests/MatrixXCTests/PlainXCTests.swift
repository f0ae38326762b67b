import Foundation
import MatrixSupport
import XCTest

// XCTest basics: pass, fail with a message, a two-line message, a thrown error, XCTAssertThrowsError,
// async, and the every-fourth-run flaky test (counter `MatrixXCTests.PlainXCTests.testFailsEveryFourthRun`).
final class PlainXCTests: XCTestCase {
    func testPasses() {
        XCTAssertEqual(1 + 1, 2)
    }

    func testFailsWithMessage() {
        XCTAssertEqual(1, 2, "always fails")
    }

    func testMultilineFailure() {
        XCTFail("first line\nsecond line")
    }

    func testAssertThrowsErrorPasses() {
        XCTAssertThrowsError(try Self.alwaysThrows()) { error in
            XCTAssertEqual("\(error)", "expected error")
        }
    }

    func testThrowsError() throws {
        throw MatrixError("thrown on purpose")
    }

    func testAsyncPasses() async {
        await Task.yield()
        let value = await Task { 21 * 2 }.value
        XCTAssertEqual(value, 42)
    }

    func testFailsEveryFourthRun() {
        let run = RunCounter.isFourthRun("MatrixXCTests.PlainXCTests.testFailsEveryFourthRun")
        XCTAssertFalse(run.fails, "claim \(run.number) is a multiple of 4")
    }

    private static func alwaysThrows() throws {
        throw MatrixError("expected error")
    }
}

final class SkipXCTests: XCTestCase {
    func testSkipped() throws {
        throw XCTSkip("not on this platform")
    }

    func testSkippedByCondition() throws {
        try XCTSkipIf(true, "condition says skip")
        XCTFail("never reached")
    }
}

// setUpWithError throws an ordinary error: the test body never runs and the test fails.
final class SetUpThrowsXCTests: XCTestCase {
    override func setUpWithError() throws {
        throw MatrixError("setUp refuses to run")
    }

    func testAfterThrowingSetUp() {
        XCTFail("the body must not run")
    }
}

// setUpWithError throws XCTSkip: every test of the class is skipped.
final class SetUpSkipsXCTests: XCTestCase {
    override func setUpWithError() throws {
        throw XCTSkip("skipped in setUp")
    }

    func testAfterSkippingSetUp() {
        XCTFail("the body must not run")
    }

    func testAlsoSkippedBySetUp() {
        XCTFail("the body must not run")
    }
}
