import Foundation
import XCTest

/// Passes; then, after its class's last test, the class `tearDown` traps.
final class ClassTearDownCrashXCTests: XCTestCase {
    override class func tearDown() {
        fatalError("class tearDown crash")
    }

    func testPassesBeforeClassTearDownCrashes() {}
}

/// Passes; its instance `tearDown` traps before XCTest prints the test's end, so the crash is during it.
final class InstanceTearDownCrashXCTests: XCTestCase {
    override func tearDown() {
        fatalError("instance tearDown crash")
    }

    func testTearDownCrashes() {}
}

/// Passes, and registers an exit handler that aborts the process when XCTest exits.
final class ExitHandlerXCTests: XCTestCase {
    func testRegistersAnAbortingExitHandler() {
        atexit { abort() }
    }
}

/// Innocent: passes, and does nothing at exit.
final class BystanderXCTests: XCTestCase {
    func testPasses() {
        XCTAssertEqual(1 + 1, 2)
    }
}
