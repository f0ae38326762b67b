import XCTest

// Method names with underscores (the `/` and `.` in IDs must not be confused with them).
final class UnderscoreXCTests: XCTestCase {
    func test_with_underscores() {}

    func test__double__underscores_() {}

    func test_underscored_fails() {
        XCTFail("underscored fails")
    }
}
