import XCTest

// A base test class whose test methods run in itself and again in each subclass (one test per class).
// `testInheritedFailsOnlyInChildB` fails only when `self` is a ChildBXCTests, so the same method has
// a different outcome per class. On Linux, SwiftPM discovers a subclass (and its inherited tests) only
// when it declares a test of its own, so each child has one.
class BaseXCTests: XCTestCase {
    func testInheritedPasses() {}

    func testInheritedFailsOnlyInChildB() {
        XCTAssertFalse(self is ChildBXCTests, "inherited fails in ChildB")
    }
}

final class ChildAXCTests: BaseXCTests {
    func testOwnChildA() {}
}

final class ChildBXCTests: BaseXCTests {
    func testOwnChildB() {}
}

// A test declared in an extension of the class.
extension ChildAXCTests {
    func testFromExtension() {}
}
