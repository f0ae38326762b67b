import Foundation
import XCTest

// Only run when selected by name.
final class CrashingXCTests: XCTestCase {
    func testCrashes() {
        fatalError("deliberate crash")
    }
}

// Only run when selected by name.
final class HangingXCTests: XCTestCase {
    func testHangs() {
        Thread.sleep(forTimeInterval: 3600)
    }
}
