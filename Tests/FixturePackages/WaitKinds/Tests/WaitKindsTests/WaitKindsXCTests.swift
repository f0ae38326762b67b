// XCTest twins of two of WaitKindsTests: XCTest runs an async test in a task of its own.
import WaitKinds
import XCTest

final class WaitKindsXCTests: XCTestCase {
    func testYieldThenCheck() async {
        await Task.yield()
        XCTFail("checked after one Task.yield()")
    }

    func testContinuationResumedByWork() async {
        let value = await withCheckedContinuation { Deliveries.afterWork($0) }
        XCTFail("checked \(value) after a continuation another task resumed once its work was done")
    }

    /// Passes: a passed run's waits are its own task's until its result.
    func testPassesAfterATimer() async {
        let value = await withCheckedContinuation { Deliveries.fromDispatch($0) }
        XCTAssertEqual(value, 2)
    }

    func testContinuationResumedByATask() async {
        let value = await withCheckedContinuation { Deliveries.fromATask($0) }
        XCTFail("checked \(value) after a continuation another task resumed")
    }
}
