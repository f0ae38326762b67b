// The same waits from tests isolated to the main actor, whose wakes go to the main queue: a view model's
// tests are written this way. labels.json says what each must show; it was written first.
import Testing
import WaitKinds

@MainActor @Suite struct MainActorWaitKindsTests {
    @Test func yieldThenCheck() async {
        await Task.yield()
        Issue.record("checked on the main actor after one Task.yield()")
    }

    @Test func sleepThenCheck() async throws {
        try await Task.sleep(nanoseconds: 2_000_000)
        Issue.record("checked on the main actor after a 2 ms sleep")
    }

    @Test func continuationResumedByATask() async {
        let value = await withCheckedContinuation { Deliveries.fromATask($0) }
        Issue.record("checked \(value) on the main actor after a continuation another task resumed")
    }

    @Test func continuationResumedByDispatch() async {
        let value = await withCheckedContinuation { Deliveries.fromDispatch($0) }
        Issue.record("checked \(value) on the main actor after a continuation a Dispatch queue resumed")
    }

    @Test func awaitedTaskValue() async {
        let value = await Deliveries.computed().value
        Issue.record("checked \(value) on the main actor after another task's end")
    }
}
