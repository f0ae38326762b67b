// XCTest twins of two of WaitKindsTests: XCTest runs an async test in a task of its own.
import WaitKinds
import XCTest

final class WaitKindsXCTests: XCTestCase {
    func testYieldThenCheck() async {
        await Task.yield()
        XCTFail("checked after one Task.yield()")
    }

    func testContinuationResumedByATask() async {
        let value = await withCheckedContinuation { Deliveries.fromATask($0) }
        XCTFail("checked \(value) after a continuation another task resumed")
    }
}
