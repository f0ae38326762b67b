import XCTest

// Linux XCTest prints `TwinA.testSame` for this passing test and for MatrixTwins' failing one.
final class TwinA: XCTestCase {
    func testSame() {}
}

final class TwinB: XCTestCase {
    func testSame() {
        XCTFail("twinB always fails")
    }
}
