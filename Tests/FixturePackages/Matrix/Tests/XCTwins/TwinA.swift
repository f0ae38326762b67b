import XCTest

/// Prints as `TwinA.testSame` on Linux, like XCFeatures' passing one: two tests, one name.
final class TwinA: XCTestCase {
    func testSame() {
        XCTFail("module twin fails")
    }
}
