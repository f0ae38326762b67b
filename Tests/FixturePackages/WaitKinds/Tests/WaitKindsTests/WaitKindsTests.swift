// Each test waits on one known thing and then fails on purpose, so the recorder's waits (which end at the
// first failure) are exactly that wait. labels.json says what each must show; it was written first.
import Testing
import WaitKinds

@Suite struct WaitKindsTests {
    @Test func yieldThenCheck() async {
        await Task.yield()
        Issue.record("checked after one Task.yield()")
    }

    @Test func twoYieldsThenCheck() async {
        await Task.yield()
        await Task.yield()
        Issue.record("checked after two Task.yield()")
    }

    @Test func sleepThenCheck() async throws {
        try await Task.sleep(nanoseconds: 2_000_000)
        Issue.record("checked after a 2 ms sleep")
    }

    @Test func continuationResumedByATask() async {
        let value = await withCheckedContinuation { Deliveries.fromATask($0) }
        Issue.record("checked \(value) after a continuation another task resumed")
    }

    @Test func continuationResumedByDispatch() async {
        let value = await withCheckedContinuation { Deliveries.fromDispatch($0) }
        Issue.record("checked \(value) after a continuation a Dispatch queue resumed")
    }

    @Test func awaitedTaskValue() async {
        let value = await Deliveries.computed().value
        Issue.record("checked \(value) after another task's end")
    }

    @Test func resumedAtOnce() async {
        let value = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            continuation.resume(returning: 5)
        }
        Issue.record("checked \(value) after a continuation resumed before the test could wait on it")
    }

    @Test func yieldThenTaskValue() async {
        await Task.yield()
        let value = await Deliveries.computed().value
        Issue.record("checked \(value) after a yield and another task's end")
    }

    @Test func groupChildEnded() async {
        let value = await withTaskGroup(of: Int.self) { group in
            group.addTask {
                try? await Task.sleep(nanoseconds: 50_000_000)
                return 4
            }
            return await group.next() ?? 0
        }
        Issue.record("checked \(value) after a group child's end")
    }

    @Test func continuationResumedByThread() async {
        let value = await withCheckedContinuation { Deliveries.fromThread($0) }
        Issue.record("checked \(value) after a continuation a thread resumed")
    }

    @Test func continuationResumedByWork() async {
        let value = await withCheckedContinuation { Deliveries.afterWork($0) }
        Issue.record("checked \(value) after a continuation another task resumed once its work was done")
    }

    @Test func continuationResumedByFoundationTimer() async {
        let value = await withCheckedContinuation { Deliveries.fromFoundationTimer($0) }
        Issue.record("checked \(value) after a continuation a Foundation Timer resumed")
    }

    /// Passes: a passed run's waits are its own task's until its result.
    @Test func passesAfterATimer() async {
        let value = await withCheckedContinuation { Deliveries.fromDispatch($0) }
        #expect(value == 2)
    }

    @Test func checksThenSleeps() async throws {
        #expect(Bool(true))
        try await Task.sleep(nanoseconds: 2_000_000)
    }
}
