import Lending
import Testing

/// Gives other tasks a chance to run.
func yieldTimes(_ count: Int = 10) async {
    for _ in 0..<count { await Task.yield() }
}

/// Polls `condition` until it holds or the timeout elapses.
func waitUntil(
    timeout: Duration = .seconds(1),
    _ condition: @Sendable () async -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return await condition()
}

/// Runs a Swift Testing test with `LendingContext.branchID` bound.
struct BranchTrait: TestTrait, TestScoping {
    let branchID: String

    func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        try await LendingContext.$branchID.withValue(branchID) {
            try await function()
        }
    }
}

extension Trait where Self == BranchTrait {
    static func branch(_ id: String) -> Self { BranchTrait(branchID: id) }
}
