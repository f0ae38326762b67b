import Testing
import XCTest

// Same class name as `AlphaTests.SharedNameTests` (which passes): identical console names.
final class SharedNameTests: XCTestCase {
    func testSame() {
        XCTFail("beta copy fails")
    }
}

@Suite struct SharedNameSuite {  // Same suite and function name as `AlphaTests.SharedNameSuite/same()` (which passes).
    @Test func same() {
        #expect(Bool(false), "beta same fails")
    }
}
