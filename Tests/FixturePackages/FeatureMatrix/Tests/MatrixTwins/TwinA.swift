import XCTest

// Same class and method name as MatrixXCTests' passing TwinA: Linux prints both as `TwinA.testSame`.
final class TwinA: XCTestCase {
    func testSame() {
        XCTFail("module twin fails")
    }
}
